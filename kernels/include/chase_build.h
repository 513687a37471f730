/* Pointer-chase memory for the latency kernels: a random cyclic
 * permutation of 64-byte lines, each holding [next pointer, position in
 * the cycle], so that no prefetcher can guess the next line and a
 * self-check knows where a chase of any length must end. */
#ifndef BM_CHASE_BUILD_H
#define BM_CHASE_BUILD_H
#include <stdbool.h>
#include <stdint.h>

#define CHASE_LINE 64u

/* Position i of a random cycle over 2^bits lines: a bijection on
 * bits-bit numbers (multiplications by odd constants and xors with a
 * right shift, each one) that `seed` chooses. It needs no order array
 * and no shuffle (45 instructions a line, most of what a simulated core
 * spent on a probe), and consecutive positions land on lines with no
 * stride a prefetcher could follow. */
static inline uint64_t chase_perm(uint64_t i, unsigned bits, uint64_t seed)
{
	uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1, x = (i + seed) & mask;
	x = (x * 0x9E3779B97F4A7C15ull) & mask;
	x ^= x >> (bits / 2 + 1);
	x = (x * 0xC2B2AE3D27D4EB4Full) & mask;
	x ^= x >> ((bits + 1) / 2); /* a shift of at least 1: x ^ x would be 0 */
	return (x * 0x165667B19E3779F9ull) & mask;
}

/* Links the n lines of buf (n x 64 bytes) into one cycle, random or in
 * address order (seed 0: line i -> i + 1, what a stride prefetcher
 * follows). Each line holds [next line, its position in the cycle].
 * Returns the line at position 0. */
uint64_t *chase_build(uint8_t *buf, uint64_t n, uint64_t seed);
/* The same with the n lines `stride` bytes apart (a multiple of 64):
 * line i at buf + i x stride, shifted by (i mod stride/64) lines so that
 * the lines spread over the cache's sets. */
uint64_t *chase_build_strided(uint8_t *buf, uint64_t n, uint64_t stride, uint64_t seed);

struct bm_env;
/* The working-set sweep of the cache kernels: 1 KiB doubling up to the
 * environment's largest (the full profile adds the 1.5x points). */
bool cache_sweep(const struct bm_env *env, unsigned i, uint64_t *value);
#endif
