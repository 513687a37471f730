/* aarch64 bodies for kernels/uarch/uarch.c, as in uarch_riscv64.S.
 * State: 0..88 p[0..11], 96 x, 104 l1, 112 b, 120 c. */
#include "body_aarch64.h"
	.section .text

.macro chain_finish
	mov	x0, x2
.endm

.macro MLP k, regs:vararg
.macro mlp_setup_\k
	.set off, 0
	.irp r, \regs
	ldr	\r, [x0, #off]
	.set off, off + 8
	.endr
.endm
.macro mlp_op_\k
	.irp r, \regs
	ldr	\r, [\r]
	.endr
.endm
.macro mlp_finish_\k
	.set off, 0
	.irp r, \regs
	str	\r, [x0, #off]
	.set off, off + 8
	.endr
	mov	x0, x2
.endm
	BM_BODY bm_uarch_mlp_\k, 1, mlp_setup_\k, mlp_op_\k, mlp_finish_\k
.endm
	MLP 1, x2
	MLP 2, x2, x3
	MLP 3, x2, x3, x4
	MLP 4, x2, x3, x4, x5
	MLP 6, x2, x3, x4, x5, x6, x7
	MLP 8, x2, x3, x4, x5, x6, x7, x8, x9
	MLP 10, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11

/* store, reload, add a register (b), never an immediate: see uarch_x86_64.S */
.macro stlf_setup
	ldp	x2, x3, [x0, #96]
	ldr	x4, [x0, #112]
.endm
.macro stlf_op
	str	x2, [x3]
	ldr	x2, [x3]
	add	x2, x2, x4
.endm
	BM_BODY bm_uarch_stlf, 8, stlf_setup, stlf_op, chain_finish

.macro mix_setup
	ldp	x2, x3, [x0, #96]
	ldp	x4, x5, [x0, #112]
	mov x8, x2; mov x9, x2; mov x10, x2; mov x11, x2
	mov x12, x2; mov x13, x2; mov x14, x2; mov x15, x2
.endm
.macro mix_finish
	add x0, x8, x9; add x0, x0, x10; add x0, x0, x11
	add x0, x0, x12; add x0, x0, x13; add x0, x0, x14; add x0, x0, x15
.endm
.macro alu_load_op
	add x8, x8, x4; ldr x12, [x3]; add x9, x9, x4; ldr x13, [x3]
	add x10, x10, x4; ldr x14, [x3]; add x11, x11, x4; ldr x15, [x3]
.endm
.macro alu_branch_op
	add x8, x8, x4; cbnz xzr, 9f
9:	add x9, x9, x4; cbnz xzr, 9f
9:	add x10, x10, x4; cbnz xzr, 9f
9:	add x11, x11, x4; cbnz xzr, 9f
9:
.endm
.macro alu_mul_op
	add x8, x8, x4; mul x12, x12, x5; add x9, x9, x4; mul x13, x13, x5
	add x10, x10, x4; mul x14, x14, x5; add x11, x11, x4; mul x15, x15, x5
.endm
	BM_BODY bm_uarch_alu_load, 3, mix_setup, alu_load_op, mix_finish
	BM_BODY bm_uarch_alu_branch, 3, mix_setup, alu_branch_op, mix_finish
	BM_BODY bm_uarch_alu_mul, 3, mix_setup, alu_mul_op, mix_finish
