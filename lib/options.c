#include "options.h"

#include <stdio.h>
#include <string.h>

#define PREFIX "baremark."

void options_defaults(struct bm_options *o)
{
	memset(o, 0, sizeof(*o));
	o->profile = BM_PROFILE_QUICK;
}

const char *profile_name(enum bm_profile p)
{
	return p == BM_PROFILE_FULL ? "full" : "quick";
}

/* A word not taken: an unknown key as it stands, a known one with what
 * it accepts, so the warning says how to fix it. */
static void note_bad(struct bm_options *o, const char *word, size_t len, const char *accepted)
{
	size_t used = strlen(o->bad);
	o->nbad++;
	if (used + len + (accepted ? strlen(accepted) + 3 : 0) + 2 < sizeof(o->bad))
		snprintf(o->bad + used, sizeof(o->bad) - used, "%s%.*s%s%s%s", used ? " " : "", (int)len, word,
			 accepted ? " (" : "", accepted ? accepted : "", accepted ? ")" : "");
}

static bool parse_uint(const char *s, size_t len, unsigned max, unsigned *out)
{
	unsigned v = 0;
	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned)(s[i] - '0');
		if (v > max)
			return false;
	}
	*out = v;
	return true;
}

static bool is(const char *k, size_t klen, const char *name)
{
	return strlen(name) == klen && memcmp(k, name, klen) == 0;
}

/* One "baremark.key=value" word (without the prefix): NULL when taken,
 * else what the key accepts ("" for a key that does not exist). */
static const char *parse_word(struct bm_options *o, const char *w, size_t len)
{
	const char *eq = memchr(w, '=', len);
	if (!eq)
		return "";
	size_t klen = (size_t)(eq - w);
	const char *v = eq + 1;
	size_t vlen = len - klen - 1;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)w[i] >= 0x80 || (unsigned char)w[i] < 0x20)
			return "ASCII only";
	if (is(w, klen, "profile")) {
		if (vlen == 5 && memcmp(v, "quick", 5) == 0)
			o->profile = BM_PROFILE_QUICK;
		else if (vlen == 4 && memcmp(v, "full", 4) == 0)
			o->profile = BM_PROFILE_FULL;
		else
			return "quick or full";
		return NULL;
	}
	if (is(w, klen, "only")) {
		if (vlen == 0 || vlen >= sizeof(o->only))
			return "1 to 255 characters of kernel-name patterns";
		memcpy(o->only, v, vlen);
		o->only[vlen] = '\0';
		return NULL;
	}
	if (is(w, klen, "repeat")) {
		unsigned n;
		if (!parse_uint(v, vlen, BM_MAX_REPEATS, &n) || n == 0)
			return "1 to 64";
		o->repeat = n;
		return NULL;
	}
	if (is(w, klen, "baud")) {
		unsigned n;
		if (!parse_uint(v, vlen, 4000000, &n) || n < 300)
			return "300 to 4000000";
		o->baud = n;
		return NULL;
	}
	if (is(w, klen, "cores")) {
		/* "types", "all" or a comma list of ids; checked against the
		 * cores that came up when the run starts. */
		if (vlen == 0 || vlen >= sizeof(o->cores))
			return "types, all, or core ids separated by commas (at most 63 characters)";
		memcpy(o->cores, v, vlen);
		o->cores[vlen] = '\0';
		return NULL;
	}
	if (is(w, klen, "selftest")) {
		if (vlen == 4 && memcmp(v, "trap", 4) == 0) {
			o->selftest_trap = true;
			return NULL;
		}
		if (vlen == 5 && memcmp(v, "break", 5) == 0) {
			o->selftest_break = true;
			return NULL;
		}
		if (vlen == 7 && memcmp(v, "nocycle", 7) == 0) {
			o->selftest_nocycle = true;
			return NULL;
		}
		if (vlen == 4 && memcmp(v, "nofp", 4) == 0) {
			o->selftest_nofp = true;
			return NULL;
		}
		if (vlen == 6 && memcmp(v, "replay", 6) == 0) {
			o->selftest_replay = true;
			return NULL;
		}
		return "trap, break, nocycle, nofp or replay";
	}
	return "";
}

void options_parse(struct bm_options *o, const char *cmdline)
{
	const char *p = cmdline ? cmdline : "";
	const size_t plen = strlen(PREFIX);
	while (*p) {
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		size_t len = strcspn(p, " \t\n");
		if (len == 0)
			break;
		if (len > plen && memcmp(p, PREFIX, plen) == 0) {
			const char *accepted = parse_word(o, p + plen, len - plen);
			if (accepted)
				note_bad(o, p, len, *accepted ? accepted : NULL);
		} else if (len >= plen - 1 && memcmp(p, PREFIX, plen - 1) == 0) {
			note_bad(o, p, len, NULL); /* "baremark" or "baremark." alone */
		}
		p += len;
	}
}

/* '*' matches any run of characters, '?' one character. */
bool glob_match(const char *pat, const char *pat_end, const char *s)
{
	const char *star = NULL, *retry = NULL;
	while (*s) {
		if (pat < pat_end && (*pat == '?' || *pat == *s)) {
			pat++;
			s++;
		} else if (pat < pat_end && *pat == '*') {
			star = pat++;
			retry = s;
		} else if (star) {
			pat = star + 1;
			s = ++retry;
		} else {
			return false;
		}
	}
	while (pat < pat_end && *pat == '*')
		pat++;
	return pat == pat_end;
}

bool options_selects(const struct bm_options *o, const char *name)
{
	const char *p = o->only;
	if (!*p)
		return true;
	while (*p) {
		size_t len = strcspn(p, ",");
		if (len && glob_match(p, p + len, name))
			return true;
		p += len;
		if (*p == ',')
			p++;
	}
	return false;
}
