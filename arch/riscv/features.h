/* The hart's vector units, shared by the core record and feature checks. */
#ifndef BM_RISCV_FEATURES_H
#define BM_RISCV_FEATURES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "record.h"

/* The tree's cpus, for the ISA string of the hart asking. */
void riscv_features_board(const struct bm_board *b);
const struct bm_board *riscv_board(void);
/* The tree's description of the calling hart, or NULL. */
const struct bm_cpu_desc *riscv_self_cpu(void);
/* A T-Head C9xx hart (compatible "thead,c9..."). */
bool riscv_thead_core(const struct bm_cpu_desc *c);
/* vlenb in bytes, or 0 when reading it traps (no RVV 1.0 unit). */
uint64_t riscv_vlenb(void);
/* XTheadVector's VLEN in bits, or 0 with the reason in why. */
uint64_t riscv_thead_vlen(char *why, size_t cap);
/* The core record's "vector" object: RVV 1.0, XTheadVector and the
 * vector crypto extensions, each found or the reason it was not. */
void riscv_vector_fields(struct rec *r);
#endif
