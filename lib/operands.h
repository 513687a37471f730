/* Operands that change every operation yet leave a result a self-check
 * can predict: what a divider with a result buffer or a branch predictor
 * cannot have seen before. */
#ifndef BM_OPERANDS_H
#define BM_OPERANDS_H
#include <stddef.h>
#include <stdint.h>

/* The longest cycle the operand makers build; a longer count is cut. */
#define OPERANDS_MAX_CYCLE 64

/* A cycle of `count` different integer divisions for a chain x = n[k] / x:
 * divisors x[k] of exactly `bits` bits (2 to 32), n[k] = x[k] * x[k+1] +
 * r[k] with r[k] < x[k], so n[k] / x[k] = x[k+1] and the chain returns to
 * x[0] after `count` steps. Returns x[0]. */
uint64_t operands_div_cycle(uint64_t *n, unsigned count, unsigned bits, uint64_t *seed);

/* The same for doubles: x[k] in [1, 2) with 52 random mantissa bits and
 * c[k] = x[k] * x[k+1] (rounded, so the chain only stays near the cycle:
 * a self-check replays it with the same IEEE operations). Returns x[0].
 * In operands_hw.c: it computes in floating point. */
double operands_fdiv_cycle(double *c, unsigned count, uint64_t *seed);

/* Fills b[0..n) with random 0/1 outcome bytes; returns how many are 1. */
uint64_t operands_outcomes(uint8_t *b, size_t n, uint64_t *seed);
#endif
