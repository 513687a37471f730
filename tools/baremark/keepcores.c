#include "keepcores.h"

#include <stdint.h>
#include <stdlib.h>

/* Open addressing over (type, core) pairs, and over types for their
 * counts; both grow at half full. */
struct slot {
	json_int_t type, core;
	int state; /* 0 empty, 1 kept, 2 dropped; for a type count slot, the count + 1 */
};

struct table {
	struct slot *s;
	size_t mask, used;
};

struct keep_cores {
	struct table cores, types;
	int per_type;
	size_t dropped;
	bool any_full;
};

static uint64_t mix(json_int_t a, json_int_t b)
{
	uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15ull ^ (uint64_t)b;
	h ^= h >> 31;
	h *= 0xBF58476D1CE4E5B9ull;
	return h ^ h >> 29;
}

static bool table_init(struct table *t, size_t n)
{
	t->s = calloc(n, sizeof(*t->s));
	t->mask = n - 1;
	t->used = 0;
	return t->s != NULL;
}

/* The slot of (a, b), empty (state 0) if it is not there. */
static struct slot *find(const struct table *t, json_int_t a, json_int_t b)
{
	for (size_t i = mix(a, b) & t->mask;; i = (i + 1) & t->mask)
		if (!t->s[i].state || (t->s[i].type == a && t->s[i].core == b))
			return &t->s[i];
}

/* The slot of (a, b), made if need be; NULL when out of memory. */
static struct slot *put(struct table *t, json_int_t a, json_int_t b)
{
	struct slot *x = find(t, a, b);
	if (x->state)
		return x;
	if (2 * (t->used + 1) > t->mask + 1) {
		struct table bigger;
		if (!table_init(&bigger, 2 * (t->mask + 1)))
			return NULL;
		for (size_t i = 0; i <= t->mask; i++)
			if (t->s[i].state) {
				*find(&bigger, t->s[i].type, t->s[i].core) = t->s[i];
				bigger.used++;
			}
		free(t->s);
		*t = bigger;
		x = find(t, a, b);
	}
	x->type = a;
	x->core = b;
	t->used++;
	return x;
}

struct keep_cores *keep_new(int per_type)
{
	struct keep_cores *k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->per_type = per_type;
	if (!table_init(&k->cores, 64) || !table_init(&k->types, 16)) {
		keep_free(k);
		return NULL;
	}
	return k;
}

void keep_free(struct keep_cores *k)
{
	if (!k)
		return;
	free(k->cores.s);
	free(k->types.s);
	free(k);
}

bool keep_core(struct keep_cores *k, json_int_t type, json_int_t core)
{
	struct slot *c = put(&k->cores, type, core);
	if (!c)
		return true; /* no memory to remember it: kept, never lost */
	if (c->state)
		return c->state == 1;
	struct slot *t = put(&k->types, type, 0);
	if (!t) {
		c->state = 1;
		return true;
	}
	if (!t->state)
		t->state = 1; /* the count + 1 */
	if (t->state - 1 < k->per_type) {
		t->state++;
		c->state = 1;
		k->any_full |= t->state - 1 == k->per_type;
		return true;
	}
	c->state = 2;
	k->dropped++;
	return false;
}

bool keep_dropped(const struct keep_cores *k, json_int_t type, json_int_t core)
{
	return k && find(&k->cores, type, core)->state == 2;
}

bool keep_any_full(const struct keep_cores *k)
{
	return k && k->any_full;
}

size_t keep_ndropped(const struct keep_cores *k)
{
	return k ? k->dropped : 0;
}
