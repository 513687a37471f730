/* What the fp chains of pipeline.c and divide.c end on, computed in
 * double by fp_expect_hw.c, which is built with the FPU's instructions
 * (Makefile: *_hw.c) while the kernel files stay integer-only. Values
 * pass as the bits of doubles; each function runs only for an fp kernel,
 * which runs only where arch_has_feature("fpu"). */
#ifndef BM_FP_EXPECT_H
#define BM_FP_EXPECT_H
#include <stdbool.h>
#include <stdint.h>

/* The bits of a few doubles the chains start from (IEEE 754 binary64). */
#define FP_BITS_ZERO 0x0000000000000000ull
#define FP_BITS_ONE 0x3FF0000000000000ull
#define FP_BITS_ONE_HALF 0x3FF8000000000000ull /* 1.5 */
#define FP_BITS_MINUS_ONE 0xBFF0000000000000ull
#define FP_BITS_THREE 0x4008000000000000ull
#define FP_BITS_NINE 0x4022000000000000ull
#define FP_BITS_SIGN 0x8000000000000000ull

/* x + n, for n below 2^53 (exact). */
uint64_t fpx_plus(uint64_t x, uint64_t n);
/* ((c + c) + (c + c)) + ((c + c) + (c + c)): eight equal chains added
 * pairwise, as the throughput bodies finish. */
uint64_t fpx_sum8(uint64_t c);
/* The fdiv operands (operands_fdiv_cycle) in tab[0..count); returns the
 * chain's start x[0]. */
uint64_t fpx_div_operands(void *tab, unsigned count, uint64_t *seed);
/* What the fdiv bodies return after `ops` divides by tab (tabn values,
 * taken in turn): latency, the chain x = tab[i] / x from x; throughput
 * (thr), the eight chains' last quotients tab[i] / x added pairwise. */
uint64_t fpx_div_expect(const void *tab, unsigned tabn, uint64_t x, uint64_t ops, bool thr);
#endif
