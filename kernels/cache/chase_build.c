#include "chase_build.h"

#include "kernel.h"

static uint8_t *line_at(uint8_t *buf, uint64_t i, uint64_t stride)
{
	return buf + i * stride + (i % (stride / CHASE_LINE)) * CHASE_LINE;
}

/* order[k] = the line at position k: a Fisher-Yates shuffle of 0..n-1
 * (seed 0: address order). Each pick multiplies the random word by the
 * range and keeps the high half (Lemire's method) instead of dividing:
 * on a simulated core the build of a probe's chase is much of what the
 * probe costs. */
static void shuffle(uint32_t *order, uint64_t n, uint64_t seed)
{
	for (uint64_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	for (uint64_t i = n - 1; seed && i > 0; i--) {
		uint64_t j = (uint64_t)(((unsigned __int128)bm_rand(&seed) * (i + 1)) >> 64);
		uint32_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
}

/* Links packed lines into the cycle `order` gives, in position order. */
static uint64_t *link_packed(uint8_t *buf, uint64_t n, const uint32_t *order)
{
	for (uint64_t i = 0; i < n; i++) {
		uint64_t *line = (uint64_t *)(buf + (uint64_t)order[i] * CHASE_LINE);
		line[0] = (uint64_t)(uintptr_t)(buf + (uint64_t)order[i + 1 < n ? i + 1 : 0] * CHASE_LINE);
		line[1] = i;
	}
	return (uint64_t *)(buf + (uint64_t)order[0] * CHASE_LINE);
}

uint64_t *chase_build(uint8_t *buf, uint64_t n, uint32_t *order, uint64_t seed)
{
	return chase_build_strided(buf, n, CHASE_LINE, order, seed);
}

uint64_t *chase_build_strided(uint8_t *buf, uint64_t n, uint64_t stride, uint32_t *order, uint64_t seed)
{
	shuffle(order, n, seed);
	if (stride == CHASE_LINE)
		return link_packed(buf, n, order);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t *line = (uint64_t *)line_at(buf, order[i], stride);
		line[0] = (uint64_t)(uintptr_t)line_at(buf, order[(i + 1) % n], stride);
		line[1] = i;
	}
	return (uint64_t *)line_at(buf, order[0], stride);
}
