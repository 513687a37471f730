/* riscv64 body for kernels/branch/branch.c: one conditional branch per
 * byte of the outcome array. Both paths retire the same number of
 * instructions (4), so only the prediction differs between patterns.
 * State: 0 = outcome bytes. Returns how many bytes were non-zero. */
#include "body_riscv64.h"
	.section .text
	.option norvc
.macro br_setup
	ld	a2, 0(a0)
	li	a3, 0
	li	a4, 0
	.set	br_off, 0
.endm
.macro br_op
	lbu	t0, br_off(a2)
	beqz	t0, 8f
	addi	a3, a3, 1
	j	9f
8:	addi	a4, a4, 1
	nop
9:
	.set	br_off, br_off + 1
.endm
.macro br_step1
	addi	a2, a2, 64
	.set	br_off, 0
.endm
.macro br_step2
	addi	a2, a2, 128
	.set	br_off, 0
.endm
.macro br_finish
	mv	a0, a3
.endm
BM_BODY bm_branch, 64, br_setup, br_op, br_finish, br_step1, br_step2
