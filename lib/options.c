#include "options.h"

#include <stddef.h>
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
	return p == BM_PROFILE_FULL ? "full" : p == BM_PROFILE_SIM ? "sim" : "quick";
}

enum bm_console options_console(const struct bm_options *o)
{
	if (o->console != BM_CONSOLE_DEFAULT)
		return o->console;
	return o->profile == BM_PROFILE_SIM ? BM_CONSOLE_RECORDS : BM_CONSOLE_BOTH;
}

const char *console_name(enum bm_console c)
{
	return c == BM_CONSOLE_RECORDS ? "records" : c == BM_CONSOLE_TABLE ? "table" : "both";
}

/* A word not taken: an unknown key as it stands, a known one with what
 * it accepts, so the warning says how to fix it. A word too long for
 * what is left of `bad` is cut, ending "..."; one with no room at all
 * is counted only (nlisted says how many are listed). */
static void note_bad(struct bm_options *o, const char *word, size_t len, const char *accepted)
{
	size_t used = strlen(o->bad);
	size_t extra = (used ? 1 : 0) + (accepted ? strlen(accepted) + 3 : 0) + 1;
	o->nbad++;
	if (used + extra + 8 > sizeof(o->bad))
		return;
	size_t room = sizeof(o->bad) - used - extra;
	bool cut = len > room;
	snprintf(o->bad + used, sizeof(o->bad) - used, "%s%.*s%s%s%s%s", used ? " " : "", (int)(cut ? room - 3 : len),
		 word, cut ? "..." : "", accepted ? " (" : "", accepted ? accepted : "", accepted ? ")" : "");
	o->nlisted++;
}

/* Which of words[0..n-1] the value v[0..vlen-1] is, or -1. */
static int pick(const char *v, size_t vlen, const char *const *words, int n)
{
	for (int i = 0; i < n; i++)
		if (strlen(words[i]) == vlen && memcmp(v, words[i], vlen) == 0)
			return i;
	return -1;
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
		static const char *const names[] = {"quick", "full", "sim"};
		static const enum bm_profile values[] = {BM_PROFILE_QUICK, BM_PROFILE_FULL, BM_PROFILE_SIM};
		int i = pick(v, vlen, names, 3);
		if (i < 0)
			return "quick, full or sim";
		o->profile = values[i];
		return NULL;
	}
	if (is(w, klen, "console")) {
		static const char *const names[] = {"records", "table", "both"};
		static const enum bm_console values[] = {BM_CONSOLE_RECORDS, BM_CONSOLE_TABLE, BM_CONSOLE_BOTH};
		int i = pick(v, vlen, names, 3);
		if (i < 0)
			return "records, table or both";
		o->console = values[i];
		return NULL;
	}
	if (is(w, klen, "only")) {
		if (vlen == 0 || vlen >= sizeof(o->only))
			return "1 to 255 characters of kernel-name patterns";
		memcpy(o->only, v, vlen);
		o->only[vlen] = '\0';
		o->nonly = 0;
		for (size_t at = 0; at < vlen;) {
			size_t len = 0;
			while (at + len < vlen && v[at + len] != ',')
				len++;
			if (len) {
				o->only_at[o->nonly] = (uint8_t)at;
				o->only_len[o->nonly++] = (uint8_t)len;
			}
			at += len + 1;
		}
		return NULL;
	}
	if (is(w, klen, "repeat")) {
		unsigned n;
		if (!parse_uint(v, vlen, BM_MAX_REPEATS, &n) || n == 0)
			return "1 to 64";
		o->repeat = n;
		return NULL;
	}
	if (is(w, klen, "llc")) {
		/* the last-level cache in KiB, for a core whose tree describes
		 * none (a core's RTL): the miss chases and sweeps size from it */
		unsigned n;
		if (!parse_uint(v, vlen, 1u << 20, &n) || n < 16)
			return "16 to 1048576 KiB";
		o->llc_kib = n;
		return NULL;
	}
	if (is(w, klen, "l1i")) {
		/* the L1 instruction cache in KiB, for a core whose tree
		 * describes none: under sim the jump sleds stay within a few
		 * times it (a sled the I-cache cannot hold runs from memory) */
		unsigned n;
		if (!parse_uint(v, vlen, 16384, &n) || n < 4)
			return "4 to 16384 KiB";
		o->l1i_kib = n;
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
		/* each word turns on one test-only switch (options.h) */
		static const struct {
			const char *word;
			size_t at;
		} tests[] = {
			{"trap", offsetof(struct bm_options, selftest_trap)},
			{"break", offsetof(struct bm_options, selftest_break)},
			{"nocycle", offsetof(struct bm_options, selftest_nocycle)},
			{"nofp", offsetof(struct bm_options, selftest_nofp)},
			{"replay", offsetof(struct bm_options, selftest_replay)},
			{"retry", offsetof(struct bm_options, selftest_retry)},
			{"nocaches", offsetof(struct bm_options, selftest_nocaches)},
			{"unstable", offsetof(struct bm_options, selftest_unstable)},
			{"cold", offsetof(struct bm_options, selftest_cold)},
			{"coldtimed", offsetof(struct bm_options, selftest_coldtimed)},
		};
		for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
			if (strlen(tests[i].word) == vlen && memcmp(v, tests[i].word, vlen) == 0) {
				*(bool *)((char *)o + tests[i].at) = true;
				return NULL;
			}
		return "trap, break, nocycle, nofp, replay, retry, nocaches, unstable, cold or coldtimed";
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
	/* sim with no only=: the kernels the summary reads, what a core's
	 * RTL is run for (the whole suite is some fourteen times their
	 * cost: 213 M instructions under QEMU with llc=32 against 15 M) */
	if (o->profile == BM_PROFILE_SIM && !o->only[0]) {
		static const char word[] = "only=" BM_SIM_ONLY;
		(void)parse_word(o, word, sizeof(word) - 1);
		o->only_default = true;
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
	if (!o->only[0])
		return true;
	for (int i = 0; i < o->nonly; i++) {
		const char *p = o->only + o->only_at[i];
		/* a literal first character rules most names out at once (this
		 * runs for every kernel in the image) */
		if (*p != '*' && *p != '?' && *p != name[0])
			continue;
		if (glob_match(p, p + o->only_len[i], name))
			return true;
	}
	return false;
}
