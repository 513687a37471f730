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
