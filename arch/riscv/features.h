/* The hart's vector unit, shared by the core record and feature checks. */
#ifndef BM_RISCV_FEATURES_H
#define BM_RISCV_FEATURES_H
#include <stdint.h>
/* vlenb in bytes, or 0 when reading it traps (no RVV 1.0 unit). */
uint64_t riscv_vlenb(void);
#endif
