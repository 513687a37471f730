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
#endif
