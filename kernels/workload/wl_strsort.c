/* String sort: a bottom-up merge sort of set_bytes/40 strings of 4 to 27
 * letters from an eight-letter alphabet (so that neighbours share
 * prefixes and comparisons run on), compared byte by byte. The strings
 * stay put; their offsets are sorted. The check sorts the same strings by
 * insertion sort with the C library's strcmp. */
#include <string.h>

#include "workload.h"

struct strs {
	uint32_t n;
	uint32_t *idx, *tmp; /* offsets into text */
	char *text;
};

static struct strs layout(void *mem, uint32_t set)
{
	struct strs s;
	s.n = set / 40;
	s.idx = mem;
	s.tmp = s.idx + s.n;
	s.text = (char *)(s.tmp + s.n);
	return s;
}

/* Strings of at most 28 bytes each: they fit the 32 bytes per string
 * left after the two offset arrays. */
static void fill(const struct strs *s, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0x57A1);
	uint32_t at = 0;
	for (uint32_t i = 0; i < s->n; i++) {
		uint64_t r = bm_rand(&g);
		uint32_t len = 4 + (uint32_t)(r % 24);
		r >>= 8;
		s->idx[i] = at;
		for (uint32_t k = 0; k < len; k++) {
			if (k % 20 == 19)
				r = bm_rand(&g);
			s->text[at++] = (char)('a' + (r & 7));
			r >>= 3;
		}
		s->text[at++] = '\0';
	}
}

static int compare(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

static void merge_sort(const struct strs *s)
{
	uint32_t *from = s->idx, *to = s->tmp;
	for (uint32_t w = 1; w < s->n; w *= 2) {
		for (uint32_t lo = 0; lo < s->n; lo += 2 * w) {
			uint32_t mid = lo + w < s->n ? lo + w : s->n;
			uint32_t hi = lo + 2 * w < s->n ? lo + 2 * w : s->n;
			uint32_t i = lo, j = mid, o = lo;
			while (i < mid && j < hi)
				to[o++] = compare(s->text + from[j], s->text + from[i]) < 0 ? from[j++] : from[i++];
			while (i < mid)
				to[o++] = from[i++];
			while (j < hi)
				to[o++] = from[j++];
		}
		uint32_t *t = from;
		from = to;
		to = t;
	}
	if (from != s->idx)
		memcpy(s->idx, from, s->n * sizeof(*from));
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	struct strs s = layout(mem, set);
	fill(&s, seed);
	merge_sort(&s);
	uint64_t d = 0;
	for (uint32_t k = 0; k < 3; k++) {
		const char *p = s.text + s.idx[k * (s.n - 1) / 2];
		for (; *p; p++)
			d = wl_mix(d, (uint8_t)*p);
	}
	return d;
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	struct strs s = layout(mem, SET);
	uint32_t *ref = (uint32_t *)((char *)mem + SET);
	run(mem, SET, 1);
	for (uint32_t i = 0; i < s.n; i++)
		ref[i] = s.idx[i];
	if (broken)
		s.text[ref[s.n / 2]] = 'z'; /* one letter a fault changed */
	for (uint32_t i = 1; i < s.n; i++) {
		uint32_t v = ref[i], j = i;
		for (; j > 0 && strcmp(s.text + ref[j - 1], s.text + v) > 0; j--)
			ref[j] = ref[j - 1];
		ref[j] = v;
	}
	for (uint32_t i = 0; i < s.n; i++)
		if (strcmp(s.text + s.idx[i], s.text + ref[i]) != 0)
			return "merge sort differs from insertion sort by strcmp of the same strings";
	return NULL;
}

WORKLOAD(strsort, "strsort", WL_INT, "merge sort of set_bytes/40 strings of 4-27 letters (built from the op's seed)",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck,
	 .check_bytes = SET + SET / 40 * 4);
