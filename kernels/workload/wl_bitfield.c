/* Bitfield operations (nbench's bitfield test, word at a time): a bitmap
 * of set_bytes*8 bits, filled from the op's seed, takes set_bytes/32 runs
 * of 1 to 1024 bits, each set, cleared or flipped, and its ones are
 * counted. Runs are applied a 64-bit word at a time with masks at their
 * ends, as a bitmap allocator does. The check applies the same runs one
 * bit at a time to a copy and compares every word and the count. */
#include "workload.h"

enum { SET_RUN, CLEAR_RUN, FLIP_RUN };

struct run {
	uint32_t start, len, kind;
};

static struct run next_run(uint64_t *g, uint32_t bits)
{
	uint64_t r = bm_rand(g);
	struct run x;
	x.len = 1 + (uint32_t)(r & 1023);
	x.kind = (uint32_t)((r >> 10) % 3);
	x.start = (uint32_t)((r >> 16) % (bits - x.len + 1));
	return x;
}

static void fill(uint64_t *w, uint32_t words, uint64_t *g)
{
	for (uint32_t i = 0; i < words; i++)
		w[i] = bm_rand(g);
}

static void apply(uint64_t *w, struct run x)
{
	uint32_t first = x.start / 64, last = (x.start + x.len - 1) / 64;
	for (uint32_t i = first; i <= last; i++) {
		uint64_t m = ~0ull;
		if (i == first)
			m &= ~0ull << (x.start % 64);
		if (i == last && (x.start + x.len) % 64)
			m &= ~0ull >> (64 - (x.start + x.len) % 64);
		if (x.kind == SET_RUN)
			w[i] |= m;
		else if (x.kind == CLEAR_RUN)
			w[i] &= ~m;
		else
			w[i] ^= m;
	}
}

/* Ones in a word, by halves: no instruction the core may lack. */
static uint32_t ones(uint64_t v)
{
	v = v - ((v >> 1) & 0x5555555555555555ull);
	v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
	v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
	return (uint32_t)((v * 0x0101010101010101ull) >> 56);
}

static uint64_t count(const uint64_t *w, uint32_t words)
{
	uint64_t n = 0;
	for (uint32_t i = 0; i < words; i++)
		n += ones(w[i]);
	return n;
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	uint64_t *w = mem, g = wl_seed(seed, 0xB17F);
	uint32_t words = set / 8, bits = set * 8;
	fill(w, words, &g);
	for (uint32_t k = 0; k < set / 32; k++)
		apply(w, next_run(&g, bits));
	return wl_mix(count(w, words), w[words / 2]);
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	uint64_t *w = mem, *ref = w + SET / 8, g = wl_seed(1, 0xB17F);
	uint32_t words = SET / 8, bits = SET * 8;
	uint64_t digest = run(w, SET, 1);
	fill(ref, words, &g);
	if (broken)
		w[words / 3] ^= 1ull << 40; /* a bit of the result a fault changed */
	for (uint32_t k = 0; k < SET / 32; k++) {
		struct run x = next_run(&g, bits);
		for (uint32_t b = x.start; b < x.start + x.len; b++) {
			uint64_t bit = 1ull << (b % 64);
			if (x.kind == SET_RUN)
				ref[b / 64] |= bit;
			else if (x.kind == CLEAR_RUN)
				ref[b / 64] &= ~bit;
			else
				ref[b / 64] ^= bit;
		}
	}
	uint64_t n = 0;
	for (uint32_t i = 0; i < words; i++) {
		if (w[i] != ref[i])
			return "word-at-a-time runs differ from the same runs bit by bit";
		for (uint32_t b = 0; b < 64; b++)
			n += (ref[i] >> b) & 1;
	}
	if (wl_mix(n, ref[words / 2]) != digest)
		return "the count of ones differs from a bit-by-bit count";
	return NULL;
}

WORKLOAD(bitfield, "bitfield", WL_INT,
	 "set_bytes/32 runs of 1-1024 bits set, cleared or flipped in a bitmap of set_bytes, then its ones counted",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck, .check_bytes = 2 * SET);
