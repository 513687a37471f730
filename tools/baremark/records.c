#include "records.h"
#include "lognum.h"

#include <string.h>
#include <zlib.h>

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1; /* the format says lowercase */
}

/* Records nest a few levels (an object of objects of arrays); the JSON
 * parser recurses once a level, so a shared log with a line of a million
 * brackets could exhaust the stack. Deeper than this is malformed. */
#define MAX_DEPTH 32

static bool shallow(const char *j, size_t n)
{
	int depth = 0;
	bool in_str = false;
	for (size_t i = 0; i < n; i++) {
		char c = j[i];
		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = false;
		} else if (c == '"') {
			in_str = true;
		} else if (c == '[' || c == '{') {
			if (++depth > MAX_DEPTH)
				return false;
		} else if (c == ']' || c == '}') {
			depth--;
		}
	}
	return true;
}

enum rec_status record_text(const char *line, size_t len, const char **json_out, size_t *jlen_out)
{
	const char *m = memmem(line, len, "@bm ", 4);
	if (!m)
		return REC_NONE;
	/* A record that was cut and restarted keeps only its last marker. */
	const char *next;
	while ((next = memmem(m + 4, len - (size_t)(m + 4 - line), "@bm ", 4)) != NULL)
		m = next;
	const char *json = m + 4;
	size_t rest = len - (size_t)(json - line);
	while (rest > 0 && (json[rest - 1] == '\r' || json[rest - 1] == ' '))
		rest--;
	/* ... " *" + 8 hex digits at the end */
	if (rest < 11 || json[rest - 10] != ' ' || json[rest - 9] != '*')
		return REC_BAD_CRC;
	unsigned long want = 0;
	for (size_t i = rest - 8; i < rest; i++) {
		int v = hexval(json[i]);
		if (v < 0)
			return REC_BAD_CRC;
		want = want << 4 | (unsigned long)v;
	}
	size_t jlen = rest - 10;
	if (crc32(0L, (const Bytef *)json, (uInt)jlen) != want)
		return REC_BAD_CRC;
	*json_out = json;
	*jlen_out = jlen;
	return REC_OK;
}

enum rec_status record_parse_line(const char *line, size_t len, json_t **out)
{
	*out = NULL;
	const char *json;
	size_t jlen;
	enum rec_status st = record_text(line, len, &json, &jlen);
	if (st != REC_OK)
		return st;
	if (!shallow(json, jlen))
		return REC_BAD_JSON;
	json_error_t err;
	json_t *o = json_loadb(json, jlen, JSON_REJECT_DUPLICATES, &err);
	if (!o || !json_is_object(o) || !json_is_integer(json_object_get(o, "v")) ||
	    !json_is_string(json_object_get(o, "type"))) {
		json_decref(o);
		return REC_BAD_JSON;
	}
	json_int_t v = json_integer_value(json_object_get(o, "v"));
	if (v < BM_SUPPORTED_VERSION_MIN || v > BM_SUPPORTED_VERSION) {
		json_decref(o);
		return REC_VERSION;
	}
	*out = o;
	return REC_OK;
}

void rec_count(struct rec_counts *c, enum rec_status s)
{
	switch (s) {
	case REC_OK: c->ok++; break;
	case REC_BAD_CRC: c->bad_crc++; break;
	case REC_BAD_JSON: c->bad_json++; break;
	case REC_VERSION: c->version++; break;
	default: break;
	}
}

static const json_t *cycles_value(const json_t *rec)
{
	const json_t *c = json_object_get(rec, "cycles_per_op");
	const json_t *x = json_object_get(c, "est");
	return x ? x : json_object_get(c, "med");
}

bool result_cycles(const json_t *rec, double *v)
{
	return ln_num(cycles_value(rec), -LN_REAL_MAX, LN_REAL_MAX, v); /* finite, |v| <= 10^15: lognum.h */
}

bool result_cycles_out_of_range(const json_t *rec)
{
	double v;
	return json_is_number(cycles_value(rec)) && !result_cycles(rec, &v);
}

const char *result_verdict(const json_t *rec, const char **why)
{
	const char *v = json_string_value(json_object_get(rec, "verdict"));
	const char *w = json_string_value(json_object_get(rec, "verdict_why"));
	if (why)
		*why = w ? w : "";
	return v ? v : "ok";
}

const char *summary_unavailable(const json_t *sum, const char *key)
{
	const json_t *u = json_object_get(sum, "unavailable");
	const char *why = key ? json_string_value(json_object_get(u, key)) : NULL;
	return why ? why : json_string_value(json_object_get(u, "summary"));
}

bool summary_unstable(const json_t *field, char *buf, size_t cap)
{
	const json_t *u = json_object_get(field, "unstable");
	if (!json_is_array(u) || json_array_size(u) != 2 || !cap)
		return false;
	size_t n = (size_t)snprintf(buf, cap, "unstable:");
	for (size_t i = 0; i < 2 && n < cap; i++) {
		const json_t *b = json_array_get(u, i);
		const json_t *least = json_object_get(b, "at_least");
		long long lo, hi;
		/* a bound that cannot be (lognum.h) is "?", never a number */
		if (least && ln_int(least, 0, LN_BYTES_MAX, &lo))
			n += (size_t)snprintf(buf + n, cap - n, "%s >= %lld", i ? ";" : "", lo);
		else if (!least && ln_int_at(b, "fits", 0, LN_BYTES_MAX, &lo) && ln_int_at(b, "exceeds", 0, LN_BYTES_MAX, &hi))
			n += (size_t)snprintf(buf + n, cap - n, "%s %lld/%lld", i ? ";" : "", lo, hi);
		else
			n += (size_t)snprintf(buf + n, cap - n, "%s ?", i ? ";" : "");
	}
	/* the same first step, but the levels after it moved (a BTB's) */
	const json_t *a = json_array_get(u, 0), *b = json_array_get(u, 1);
	bool same = true;
	for (const char *const *k = (const char *const[]){"fits", "exceeds", "at_least", NULL}; *k; k++) {
		const json_t *x = json_object_get(a, *k), *y = json_object_get(b, *k);
		same = same && ((!x && !y) || json_equal(x, y)); /* json_equal says 0 for two absent values */
	}
	if (same && n < cap)
		snprintf(buf + n, cap - n, " (levels moved)");
	return true;
}
