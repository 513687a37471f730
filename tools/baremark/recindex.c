#include "recindex.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

unsigned long long log_visits;

struct rec_index {
	size_t mask;          /* slots - 1, a power of two less one */
	const json_t **slot;  /* NULL: empty */
};

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* The key of a result or skip record; false for any other record. */
static bool key_of(const json_t *o, const char **kernel, json_int_t *param, json_int_t *core)
{
	const char *type = str(o, "type");
	if (strcmp(type, "result") != 0 && strcmp(type, "skip") != 0)
		return false;
	const json_t *p = json_object_get(o, "param");
	*kernel = str(o, "kernel");
	*param = p ? json_integer_value(json_object_get(p, "value")) : -1;
	*core = json_integer_value(json_object_get(o, "core"));
	return true;
}

/* FNV-1a over the kernel name, then the two numbers. */
static uint64_t hash(const char *kernel, json_int_t param, json_int_t core)
{
	uint64_t h = 1469598103934665603ull;
	for (const unsigned char *p = (const unsigned char *)kernel; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	h = (h ^ (uint64_t)param) * 1099511628211ull;
	h = (h ^ (uint64_t)core) * 1099511628211ull;
	return h ^ h >> 29;
}

static bool same(const json_t *o, const char *kernel, json_int_t param, json_int_t core)
{
	const char *k;
	json_int_t p, c;
	return key_of(o, &k, &p, &c) && p == param && c == core && strcmp(k, kernel) == 0;
}

struct rec_index *recindex_build(const json_t *records)
{
	size_t n = json_array_size(records), slots = 16;
	while (slots < 2 * n)
		slots *= 2;
	struct rec_index *x = malloc(sizeof(*x));
	if (!x)
		return NULL;
	x->mask = slots - 1;
	x->slot = calloc(slots, sizeof(*x->slot));
	if (!x->slot) {
		free(x);
		return NULL;
	}
	size_t i;
	const json_t *o;
	json_array_foreach(records, i, o)
	{
		LOG_VISIT();
		const char *k;
		json_int_t p, c;
		if (!key_of(o, &k, &p, &c))
			continue;
		for (size_t s = hash(k, p, c) & x->mask;; s = (s + 1) & x->mask) {
			LOG_VISIT();
			if (!x->slot[s]) {
				x->slot[s] = o;
				break;
			}
			if (same(x->slot[s], k, p, c))
				break; /* the first in log order stays */
		}
	}
	return x;
}

const json_t *recindex_find(const struct rec_index *x, const char *kernel, json_int_t param, json_int_t core)
{
	for (size_t s = hash(kernel, param, core) & x->mask; x->slot[s]; s = (s + 1) & x->mask) {
		LOG_VISIT();
		if (same(x->slot[s], kernel, param, core))
			return x->slot[s];
	}
	return NULL;
}

void recindex_free(struct rec_index *x)
{
	if (!x)
		return;
	free(x->slot);
	free(x);
}
