/* A small deterministic generator (xorshift64*), so every run builds the
 * same permutations, operands and patterns. */
#ifndef BM_RAND_H
#define BM_RAND_H
#include <stdint.h>

static inline uint64_t bm_rand(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/* A draw in [0, n), n > 0, by the high half of a product, not a divide:
 * a C906 divides in up to 38 cycles, and the bootstrap draws a thousand
 * of these a point (lib/stats.c). */
static inline uint64_t bm_rand_below(uint64_t *s, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)bm_rand(s) * n) >> 64);
}
#endif
