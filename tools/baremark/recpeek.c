#include "recpeek.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The JSON text's grammar (RFC 8259) as jansson takes it: p walks the
 * text; each function returns false on malformed text, and sets *unsure
 * where the check is left to the full parse. */
struct scan {
	const char *p, *end;
	bool unsure;
};

static void ws(struct scan *s)
{
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
		s->p++;
}

/* A string of printable ASCII (anything else: unsure); its text in *t, *n. */
static bool string(struct scan *s, const char **t, size_t *n)
{
	if (s->p >= s->end || *s->p != '"')
		return false;
	const char *start = ++s->p;
	while (s->p < s->end && *s->p != '"') {
		unsigned char c = (unsigned char)*s->p;
		if (c < 0x20)
			return false; /* a control character: jansson refuses it */
		if (c == '\\' || c >= 0x7F)
			s->unsure = true; /* escapes, UTF-8: the full parse checks them */
		s->p++;
	}
	if (s->p >= s->end)
		return false;
	*t = start;
	*n = (size_t)(s->p - start);
	s->p++;
	return true;
}

static bool digits(struct scan *s, int *count)
{
	const char *d = s->p;
	while (s->p < s->end && *s->p >= '0' && *s->p <= '9')
		s->p++;
	*count = (int)(s->p - d);
	return *count > 0;
}

/* A number; *is_int and *v where it is an integer of at most 18 digits. */
static bool number(struct scan *s, bool *is_int, long long *v)
{
	const char *start = s->p;
	if (*s->p == '-')
		s->p++;
	if (s->p >= s->end)
		return false;
	int n;
	if (*s->p == '0') {
		s->p++;
		n = 1;
	} else if (!digits(s, &n)) {
		return false;
	}
	bool frac = false, exp = false;
	if (s->p < s->end && *s->p == '.') {
		s->p++;
		int f;
		if (!digits(s, &f))
			return false;
		frac = true;
	}
	if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
		s->p++;
		if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
			s->p++;
		int e;
		if (!digits(s, &e))
			return false;
		exp = true;
	}
	*is_int = !frac && !exp;
	if (*is_int && n <= 18) { /* fits 64 bits */
		*v = strtoll(start, NULL, 10);
		return true;
	}
	/* a longer integer may not fit, a real with an exponent or 300
	 * digits may overflow: the full parse says */
	if (*is_int || exp || n >= 300)
		s->unsure = true;
	return true;
}

static bool value(struct scan *s, int depth);

static bool literal(struct scan *s, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(s->end - s->p) < n || memcmp(s->p, w, n) != 0)
		return false;
	s->p += n;
	return true;
}

/* An object; at depth 1 (the record) its fields of interest into *r. */
static bool object(struct scan *s, int depth, struct rec_peek *r)
{
	const char *key[PEEK_MAX_KEYS];
	size_t klen[PEEK_MAX_KEYS];
	int nkeys = 0;
	s->p++; /* { */
	ws(s);
	if (s->p < s->end && *s->p == '}') {
		s->p++;
		return true;
	}
	for (;;) {
		const char *k;
		size_t kn;
		ws(s);
		if (!string(s, &k, &kn))
			return false;
		if (nkeys == PEEK_MAX_KEYS) {
			s->unsure = true; /* duplicates among many keys: the full parse */
		} else {
			for (int i = 0; i < nkeys; i++)
				if (klen[i] == kn && memcmp(key[i], k, kn) == 0)
					return false; /* a duplicate key */
			key[nkeys] = k;
			klen[nkeys++] = kn;
		}
		ws(s);
		if (s->p >= s->end || *s->p != ':')
			return false;
		s->p++;
		ws(s);
		const char *at = s->p;
		if (!value(s, depth))
			return false;
		if (r) { /* the record's own fields */
			bool str = *at == '"', is_int = false;
			long long v = 0;
			if (*at == '-' || (*at >= '0' && *at <= '9')) {
				struct scan t = {at, s->p, false};
				number(&t, &is_int, &v);
				is_int = is_int && !t.unsure;
			}
			const char *sv = at + 1;
			size_t sn = str ? (size_t)(s->p - at - 2) : 0;
#define KEY(name) (kn == sizeof(name) - 1 && memcmp(k, name, kn) == 0)
			if (KEY("type") && str)
				r->type = sv, r->type_len = sn;
			else if (KEY("kernel") && str)
				r->kernel = sv, r->kernel_len = sn;
			else if (KEY("k") && str)
				r->k = sv, r->k_len = sn;
			else if (KEY("core") && is_int)
				r->has_core = true, r->core = v;
			else if (KEY("c") && is_int)
				r->has_c = true, r->c = v;
			else if (KEY("core_type") && is_int)
				r->has_core_type = true, r->core_type = v;
			if (KEY("v"))
				r->v_int = is_int, r->v = v, r->has_v = true;
#undef KEY
		}
		ws(s);
		if (s->p < s->end && *s->p == ',') {
			s->p++;
			continue;
		}
		if (s->p < s->end && *s->p == '}') {
			s->p++;
			return true;
		}
		return false;
	}
}

static bool array(struct scan *s, int depth)
{
	s->p++; /* [ */
	ws(s);
	if (s->p < s->end && *s->p == ']') {
		s->p++;
		return true;
	}
	for (;;) {
		ws(s);
		if (!value(s, depth))
			return false;
		ws(s);
		if (s->p < s->end && *s->p == ',') {
			s->p++;
			continue;
		}
		if (s->p < s->end && *s->p == ']') {
			s->p++;
			return true;
		}
		return false;
	}
}

/* records.c's limit: deeper than 32 levels is malformed */
#define PEEK_MAX_DEPTH 32

static bool value(struct scan *s, int depth)
{
	if (s->p >= s->end)
		return false;
	const char *t;
	size_t n;
	bool is_int;
	long long v;
	switch (*s->p) {
	case '{':
		return depth < PEEK_MAX_DEPTH && object(s, depth + 1, NULL);
	case '[':
		return depth < PEEK_MAX_DEPTH && array(s, depth + 1);
	case '"':
		return string(s, &t, &n);
	case 't':
		return literal(s, "true");
	case 'f':
		return literal(s, "false");
	case 'n':
		return literal(s, "null");
	default:
		return (*s->p == '-' || (*s->p >= '0' && *s->p <= '9')) && number(s, &is_int, &v);
	}
}

enum rec_status record_peek(const char *line, size_t len, struct rec_peek *p)
{
	memset(p, 0, sizeof(*p));
	const char *json;
	size_t jlen;
	enum rec_status st = record_text(line, len, &json, &jlen); /* the marker and the CRC */
	if (st != REC_OK)
		return st;
	struct scan s = {json, json + jlen, false};
	ws(&s);
	if (s.p >= s.end || *s.p != '{')
		return REC_PEEK_UNSURE; /* not an object: the full parse says what */
	bool ok = object(&s, 1, p);
	ws(&s);
	if (s.unsure)
		return REC_PEEK_UNSURE;
	if (!ok || s.p != s.end || !p->type || !p->has_v || !p->v_int)
		return REC_BAD_JSON;
	if (p->v < BM_SUPPORTED_VERSION_MIN || p->v > BM_SUPPORTED_VERSION)
		return REC_VERSION;
	return REC_OK;
}
