/* riscv64 body for kernels/cache/chase.c: follow the pointer chain,
 * one dependent load per op. a0 = struct chase_state (first field: the
 * starting line). */
#include "body_riscv64.h"
	.section .text
	.option norvc
.macro chase_setup
	ld	a0, 0(a0)
.endm
.macro chase_op
	ld	a0, 0(a0)
.endm
.macro chase_finish
.endm
BM_BODY bm_chase, 64, chase_setup, chase_op, chase_finish

/* cache.tlb.flush: every translation dropped before each load, so each
 * load walks the page tables (sfence.vma with x0, x0: all address
 * spaces, global pages too; privileged spec 1.12 section 4.2.1). */
.macro flush_op
	sfence.vma	zero, zero
	ld	a0, 0(a0)
.endm
BM_BODY bm_chase_flush, 64, chase_setup, flush_op, chase_finish
