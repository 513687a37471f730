#include "operands.h"

#include "rand.h"

/* A random value with exactly `bits` significant bits. */
static uint64_t of_width(uint64_t *seed, unsigned bits)
{
	uint64_t top = 1ull << (bits - 1);
	return top | (bm_rand(seed) & (top - 1));
}

uint64_t operands_div_cycle(uint64_t *n, unsigned count, unsigned bits, uint64_t *seed)
{
	uint64_t x[OPERANDS_MAX_CYCLE];
	if (count > OPERANDS_MAX_CYCLE)
		count = OPERANDS_MAX_CYCLE;
	for (unsigned i = 0; i < count; i++) {
		/* neighbours differ, so no two consecutive divisions are alike */
		do
			x[i] = of_width(seed, bits);
		while (i > 0 && x[i] == x[i - 1]);
	}
	for (unsigned i = 0; i < count; i++)
		n[i] = x[i] * x[(i + 1) % count] + bm_rand(seed) % x[i];
	return x[0];
}

typedef uint64_t __attribute__((may_alias)) outcome_word;

/* Eight outcomes at a time where b is word-aligned: bit k of the byte
 * `bits` goes to byte k (isolated there by the mask, then turned into
 * 0 or 1: a byte of 2^k plus 0x7f reaches bit 7 only when it was not 0,
 * and never carries into the next byte). Byte by byte it cost a
 * simulated core 7 instructions an outcome, and branch.random asks for
 * thousands every run. */
static uint64_t spread8(uint64_t bits)
{
	uint64_t w = (bits & 0xff) * 0x0101010101010101ull & 0x8040201008040201ull;
	return (w + 0x7f7f7f7f7f7f7f7full) >> 7 & 0x0101010101010101ull;
}

uint64_t operands_outcomes(uint8_t *b, size_t n, uint64_t *seed)
{
	uint64_t ones = 0, r = 0;
	unsigned left = 0; /* unused bits of r */
	size_t i = 0;
	for (; i < n && ((uintptr_t)(b + i) & 7); i++, left--, r >>= 1) {
		if (!left)
			r = bm_rand(seed), left = 64;
		b[i] = (uint8_t)(r & 1);
		ones += r & 1;
	}
	for (; i + 8 <= n; i += 8, left -= 8, r >>= 8) {
		if (left < 8)
			r = bm_rand(seed), left = 64;
		uint64_t w = spread8(r);
		*(outcome_word *)(void *)(b + i) = w;
		ones += w * 0x0101010101010101ull >> 56; /* the word's bytes added in its top one */
	}
	for (; i < n; i++, left--, r >>= 1) {
		if (!left)
			r = bm_rand(seed), left = 64;
		b[i] = (uint8_t)(r & 1);
		ones += r & 1;
	}
	return ones;
}
