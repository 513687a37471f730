/* Format 2's short result records, read back into the long form of format
 * 1 (docs/records.md), so that every subcommand sees one shape whichever
 * image wrote the log. The image prints what never changes once: a
 * kernel's op, parameter name and empty-pass flag in its `kernel` record,
 * the core types and the default repeats in the `run` record. */
#include "expand.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void expand_init(struct expand_state *s)
{
	s->kernels = json_object();
	s->core_types = json_object();
	s->boot = NULL;
	s->repeat = NULL;
}

void expand_free(struct expand_state *s)
{
	json_decref(s->kernels);
	json_decref(s->core_types);
	json_decref(s->boot);
	json_decref(s->repeat);
	*s = (struct expand_state){0};
}

static void set_type(struct expand_state *s, const json_t *core, const json_t *type)
{
	char key[32];
	if (!json_is_integer(core) || !json_is_integer(type))
		return;
	snprintf(key, sizeof(key), "%lld", (long long)json_integer_value(core));
	json_object_set(s->core_types, key, (json_t *)type);
}

/* What the run and core records say that short results leave out. */
static void learn(struct expand_state *s, const json_t *o, const char *type)
{
	if (strcmp(type, "run") == 0) {
		json_decref(s->repeat);
		s->repeat = json_incref(json_object_get(json_object_get(o, "options"), "repeat"));
		size_t i;
		const json_t *c;
		json_array_foreach(json_object_get(o, "cores"), i, c)
		{
			set_type(s, json_object_get(c, "id"), json_object_get(c, "type"));
			if (json_is_true(json_object_get(c, "boot"))) {
				json_decref(s->boot);
				s->boot = json_incref(json_object_get(c, "id"));
			}
		}
	} else if (strcmp(type, "core") == 0) {
		set_type(s, json_object_get(o, "core"), json_object_get(o, "core_type"));
	} else if (strcmp(type, "kernel") == 0) {
		const char *k = json_string_value(json_object_get(o, "k"));
		if (k)
			json_object_set(s->kernels, k, (json_t *)o);
	}
}

/* Moves o[from] to n[to], if o has it. */
static void move(json_t *n, const char *to, const json_t *o, const char *from)
{
	json_t *v = json_object_get(o, from);
	if (v)
		json_object_set(n, to, v);
}

/* The short keys and the long names they stand for (besides c, k, p, r,
 * cy and the verdict, which need more than a name). */
static const char *const renamed[][2] = {
	{"n", "ops"},	     {"in", "instructions_per_op"}, {"ns", "ns_per_op"}, {"b", "bytes_per_op"},
	{"cpb", "cycles_per_byte"}, {"mbg", "mb_per_s_per_ghz"}, {"mbs", "mb_per_s"},
};

static json_t *expand_result(struct expand_state *s, json_t *o)
{
	json_t *n = json_object();
	const char *kname = json_string_value(json_object_get(o, "k"));
	const json_t *cat = kname ? json_object_get(s->kernels, kname) : NULL;
	move(n, "v", o, "v");
	move(n, "type", o, "type");
	json_t *core = json_object_get(o, "c");
	if (!core)
		core = s->boot;
	if (core) {
		json_object_set(n, "core", core);
		char key[32];
		snprintf(key, sizeof(key), "%lld", (long long)json_integer_value(core));
		move(n, "core_type", s->core_types, key);
	}
	move(n, "kernel", o, "k");
	if (cat)
		move(n, "op", cat, "op");
	json_t *p = json_object_get(o, "p");
	if (p) {
		json_t *pname = cat ? json_object_get(cat, "p") : NULL;
		json_t *name = pname ? json_incref(pname) : json_string("param"); /* a lost kernel record */
		json_object_set_new(n, "param", json_pack("{s:o,s:O}", "name", name, "value", p));
	}
	move(n, "ops", o, "n");
	json_t *r = json_object_get(o, "r");
	if (r || s->repeat)
		json_object_set(n, "repeats", r ? r : s->repeat);
	if (cat && json_is_true(json_object_get(cat, "e")))
		json_object_set_new(n, "empty_pass_subtracted", json_true());
	json_t *cy = json_object_get(o, "cy");
	double est = NAN;
	if (json_is_number(cy)) {
		json_object_set_new(n, "cycles_per_op", json_pack("{s:O,s:O,s:O}", "est", cy, "q1", cy, "q3", cy));
		est = json_number_value(cy);
	} else if (json_is_array(cy) && json_array_size(cy) == 3) {
		json_object_set_new(n, "cycles_per_op",
				    json_pack("{s:O,s:O,s:O}", "est", json_array_get(cy, 0), "q1", json_array_get(cy, 1),
					      "q3", json_array_get(cy, 2)));
		est = json_number_value(json_array_get(cy, 0));
	}
	const json_t *in = json_object_get(o, "in");
	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++) {
		move(n, renamed[i][1], o, renamed[i][0]);
		/* IPC follows instructions per op, as in format 1 */
		if (strcmp(renamed[i][0], "in") == 0 && json_is_number(in) && est > 0)
			json_object_set_new(n, "ipc", json_real(round(json_number_value(in) / est * 1000) / 1000));
	}
	const char *mbf = json_string_value(json_object_get(o, "mbf"));
	if (mbf)
		json_object_set_new(n, "mb_per_s_from",
				    json_string(strcmp(mbf, "c") == 0   ? "cycles x measured clock"
						: strcmp(mbf, "t") == 0 ? "timer"
									: mbf));
	/* every other field as it came */
	static const char *const taken[] = {"v", "type", "c", "k", "p", "n", "r", "cy", "in", "ns", "b",
					    "cpb", "mbg", "mbs", "mbf", "vd", "vw", "_log", "_line"};
	const char *key;
	json_t *v;
	json_object_foreach(o, key, v)
	{
		bool is_taken = false;
		for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]) && !is_taken; i++)
			is_taken = strcmp(key, taken[i]) == 0;
		if (!is_taken)
			json_object_set(n, key, v);
	}
	json_object_set_new(n, "check", json_string("ok"));
	json_t *vd = json_object_get(o, "vd");
	if (vd)
		json_object_set(n, "verdict", vd);
	else
		json_object_set_new(n, "verdict", json_string("ok"));
	move(n, "verdict_why", o, "vw");
	move(n, "_log", o, "_log");
	move(n, "_line", o, "_line");
	return n;
}

json_t *expand_record(struct expand_state *s, json_t *o)
{
	const char *type = json_string_value(json_object_get(o, "type"));
	if (!type)
		return o;
	learn(s, o, type);
	if (strcmp(type, "result") != 0 || !json_is_string(json_object_get(o, "k")))
		return o; /* format 1, or not a result */
	json_t *n = expand_result(s, o);
	json_decref(o);
	return n;
}

bool expand_core_of(const struct expand_state *s, const json_t *o, json_int_t *core, json_int_t *type)
{
	const json_t *c = json_object_get(o, "core");
	if (!c && json_is_string(json_object_get(o, "k")))
		c = json_object_get(o, "c") ? json_object_get(o, "c") : s->boot;
	if (!json_is_integer(c))
		return false;
	*core = json_integer_value(c);
	const json_t *t = json_object_get(o, "core_type");
	*type = json_is_integer(t) ? json_integer_value(t) : expand_type_of(s, *core);
	return true;
}

json_int_t expand_type_of(const struct expand_state *s, json_int_t core)
{
	char key[32];
	snprintf(key, sizeof(key), "%lld", (long long)core);
	const json_t *t = json_object_get(s->core_types, key);
	return json_is_integer(t) ? json_integer_value(t) : -1;
}
