/* Floating point and Advanced SIMD on this core (fpu.c). */
#ifndef BM_ARM64_FPU_H
#define BM_ARM64_FPU_H
#include <stdbool.h>
#include <stddef.h>

/* NULL when the core has FP (fp) or Advanced SIMD (!fp) and may use it;
 * else why not, for a skip record or the core record. */
const char *arm64_fp_missing(bool fp);
/* A secondary core, before the harness runs anything on it
 * (boot/aarch64/secondary.S): applies baremark.selftest=nofp there. */
void fpu_secondary(void);
#endif
