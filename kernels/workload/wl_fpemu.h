/* What the FP-emulation workload shares with its hardware check. */
#ifndef BM_WL_FPEMU_H
#define BM_WL_FPEMU_H
#include <stdint.h>
/* The op's operand pairs for input `seed` (binary32 bit patterns). */
void wl_fpemu_operands(uint32_t *a, uint32_t *b, uint32_t n, uint64_t seed);
/* ((a + b) * a) / b - b on the FPU, each step rounded to binary32. */
void wl_fpemu_hw(const uint32_t *a, const uint32_t *b, uint32_t *out, uint32_t n);
#endif
