#include "chase_build.h"

#include "kernel.h"

static inline uint8_t *line_at(uint8_t *buf, uint64_t i, uint64_t stride)
{
	return buf + i * stride + (i % (stride / CHASE_LINE)) * CHASE_LINE;
}

/* chase_perm on [0, n): applied again while the value is n or more
 * ("cycle walking": still a bijection, a walk of 1.5 steps at most on
 * average, as n is over half the power of two) */
static uint64_t perm_below(uint64_t i, uint64_t n, unsigned bits, uint64_t seed)
{
	uint64_t x = i;
	do
		x = chase_perm(x, bits, seed);
	while (x >= n);
	return x;
}

uint64_t *chase_build(uint8_t *buf, uint64_t n, uint64_t seed)
{
	return chase_build_strided(buf, n, CHASE_LINE, seed);
}

/* The links, position i to i + 1, each line found once. Inlined twice:
 * with stride CHASE_LINE (every kernel but the TLB's), where line_at
 * folds to a shift, and with any stride. cache.load.lat and .seq.lat
 * build a chase every point, 1.6 M instructions of the summary set on a
 * simulated core with the general line_at. */
static inline __attribute__((always_inline)) uint64_t *link_lines(uint8_t *buf, uint64_t n, unsigned bits,
								   uint64_t seed, uint64_t stride)
{
	/* position i is line perm(i) (address order without a seed): the
	 * next line computed once a line */
	uint64_t first = seed ? perm_below(0, n, bits, seed) : 0, at = first;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t next = i + 1 == n ? first : seed ? perm_below(i + 1, n, bits, seed) : i + 1;
		uint64_t *line = (uint64_t *)line_at(buf, at, stride);
		line[0] = (uint64_t)(uintptr_t)line_at(buf, next, stride);
		line[1] = i;
		at = next;
	}
	return (uint64_t *)line_at(buf, first, stride);
}

uint64_t *chase_build_strided(uint8_t *buf, uint64_t n, uint64_t stride, uint64_t seed)
{
	unsigned bits = 1;
	while (bits < 63 && (1ull << bits) < n)
		bits++;
	return stride == CHASE_LINE ? link_lines(buf, n, bits, seed, CHASE_LINE) : link_lines(buf, n, bits, seed, stride);
}
