/* Pointer-chase memory for the latency kernels: a random cyclic
 * permutation of 64-byte lines, each holding [next pointer, position in
 * the cycle], so that no prefetcher can guess the next line and a
 * self-check knows where a chase of any length must end. */
#ifndef BM_CHASE_BUILD_H
#define BM_CHASE_BUILD_H
#include <stdint.h>

#define CHASE_LINE 64u

/* Links the n lines of buf (n x 64 bytes) into one random cycle, using
 * order (n entries) as scratch. Returns the line at position 0. */
uint64_t *chase_build(uint8_t *buf, uint64_t n, uint32_t *order, uint64_t seed);
/* The line at position pos of the cycle chase_build made (pos < n). */
uint64_t *chase_at(uint64_t *start, uint64_t pos);
#endif
