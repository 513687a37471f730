#include "chase_build.h"

#include "kernel.h"

static uint8_t *line_at(uint8_t *buf, uint64_t i, uint64_t stride)
{
	return buf + i * stride + (i % (stride / CHASE_LINE)) * CHASE_LINE;
}

uint64_t *chase_build(uint8_t *buf, uint64_t n, uint32_t *order, uint64_t seed)
{
	return chase_build_strided(buf, n, CHASE_LINE, order, seed);
}

uint64_t *chase_build_strided(uint8_t *buf, uint64_t n, uint64_t stride, uint32_t *order, uint64_t seed)
{
	/* Fisher-Yates shuffle of the line order, then link it into one cycle. */
	for (uint64_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	for (uint64_t i = n - 1; seed && i > 0; i--) {
		uint64_t j = bm_rand(&seed) % (i + 1);
		uint32_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (uint64_t i = 0; i < n; i++) {
		uint64_t *line = (uint64_t *)line_at(buf, order[i], stride);
		line[0] = (uint64_t)(uintptr_t)line_at(buf, order[(i + 1) % n], stride);
		line[1] = i;
	}
	return (uint64_t *)line_at(buf, order[0], stride);
}
