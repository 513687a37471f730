/* Pointer-chase memory for the latency kernels: a random cyclic
 * permutation of 64-byte lines, each holding [next pointer, position in
 * the cycle], so that no prefetcher can guess the next line and a
 * self-check knows where a chase of any length must end. */
#ifndef BM_CHASE_BUILD_H
#define BM_CHASE_BUILD_H
#include <stdbool.h>
#include <stdint.h>

#define CHASE_LINE 64u

/* Links the n lines of buf (n x 64 bytes) into one cycle, random or in
 * address order (seed 0: line i -> i + 1, what a stride prefetcher
 * follows). Afterwards order[k] is the line at position k. Returns the
 * line at position 0. */
uint64_t *chase_build(uint8_t *buf, uint64_t n, uint32_t *order, uint64_t seed);
/* The same with the n lines `stride` bytes apart (a multiple of 64):
 * line i at buf + i x stride, shifted by (i mod stride/64) lines so that
 * the lines spread over the cache's sets. */
uint64_t *chase_build_strided(uint8_t *buf, uint64_t n, uint64_t stride, uint32_t *order, uint64_t seed);

struct bm_env;
/* The working-set sweep of the cache kernels: 1 KiB doubling up to the
 * environment's largest (the full profile adds the 1.5x points). */
bool cache_sweep(const struct bm_env *env, unsigned i, uint64_t *value);
#endif
