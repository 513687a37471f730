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

uint64_t operands_outcomes(uint8_t *b, size_t n, uint64_t *seed)
{
	uint64_t ones = 0, r = 0;
	for (size_t i = 0; i < n; i++) {
		if ((i & 63) == 0)
			r = bm_rand(seed);
		b[i] = (uint8_t)(r & 1);
		ones += r & 1;
		r >>= 1;
	}
	return ones;
}
