/* aarch64 body for kernels/cache/chase.c: one dependent load per op. */
#include "body_aarch64.h"
	.section .text
.macro chase_setup
	ldr	x0, [x0]
.endm
.macro chase_op
	ldr	x0, [x0]
.endm
BM_BODY bm_chase, 64, chase_setup, chase_op, bm_nostep

/* cache.tlb.flush: every translation of the image's regime dropped
 * before each load (TLBI VMALLE1 at EL1, ALLE2 at EL2: this core only),
 * completed by DSB NSH and ISB (Arm ARM DDI 0487, D8.13 TLB maintenance
 * and its completion), so each load walks the tables. */
.macro flush_el1_op
	tlbi	vmalle1
	dsb	nsh
	isb
	ldr	x0, [x0]
.endm
.macro flush_el2_op
	tlbi	alle2
	dsb	nsh
	isb
	ldr	x0, [x0]
.endm
BM_BODY bm_chase_flush_el1, 64, chase_setup, flush_el1_op, bm_nostep
BM_BODY bm_chase_flush_el2, 64, chase_setup, flush_el2_op, bm_nostep
