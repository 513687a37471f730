/* aarch64 body for kernels/branch/branch.c: one conditional branch per
 * outcome byte; both paths retire four instructions, as on riscv64. */
#include "body_aarch64.h"
	.section .text
.macro br_setup
	ldr	x2, [x0]
	mov	x3, #0
	mov	x4, #0
	.set	br_off, 0
.endm
.macro br_op
	ldrb	w9, [x2, #br_off]
	cbz	w9, 8f
	add	x3, x3, #1
	b	9f
8:	add	x4, x4, #1
	nop
9:
	.set	br_off, br_off + 1
.endm
.macro br_step1
	add	x2, x2, #64
	.set	br_off, 0
.endm
.macro br_step2
	add	x2, x2, #128
	.set	br_off, 0
.endm
.macro br_finish
	mov	x0, x3
.endm
BM_BODY bm_branch, 64, br_setup, br_op, br_finish, br_step1, br_step2
