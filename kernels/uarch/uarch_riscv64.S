/* riscv64 bodies for kernels/uarch/uarch.c. State (struct uarch_state):
 * 0..88 p[0..11] chase starts, 96 x, 104 l1 (a line-sized scratch), 112 b,
 * 120 c. See uarch.c for what each measures. */
#include "body_riscv64.h"
	.section .text
	.option norvc

.macro chain_finish
	mv	a0, a2
.endm

/* ---- mlp: k independent chases ------------------------------------------ */
.macro MLP k, regs:vararg
.macro mlp_setup_\k
	.set off, 0
	.irp r, \regs
	ld	\r, off(a0)
	.set off, off + 8
	.endr
.endm
.macro mlp_op_\k
	.irp r, \regs
	ld	\r, 0(\r)
	.endr
.endm
.macro mlp_finish_\k
	.set off, 0
	.irp r, \regs
	sd	\r, off(a0)
	.set off, off + 8
	.endr
	mv	a0, a2
.endm
	BM_BODY bm_uarch_mlp_\k, 1, mlp_setup_\k, mlp_op_\k, mlp_finish_\k
.endm
	MLP 1, a2
	MLP 2, a2, a3
	MLP 3, a2, a3, a4
	MLP 4, a2, a3, a4, a5
	MLP 6, a2, a3, a4, a5, a6, a7
	MLP 8, a2, a3, a4, a5, a6, a7, t0, t1
	MLP 10, a2, a3, a4, a5, a6, a7, t0, t1, t2, t3

/* ---- stlf: store, reload, add: the forwarding latency plus one add ------ */
/* store, reload, add a register (b), never an immediate: see uarch_x86_64.S */
.macro stlf_setup
	ld	a2, 96(a0)
	ld	a3, 104(a0)
	ld	a4, 112(a0)
.endm
.macro stlf_op
	sd	a2, 0(a3)
	ld	a2, 0(a3)
	add	a2, a2, a4
.endm
	BM_BODY bm_uarch_stlf, 8, stlf_setup, stlf_op, chain_finish

/* ---- issue width: independent mixes, 24 instructions per iteration ----- */
.macro mix_setup
	ld	a2, 96(a0)
	ld	a3, 104(a0)
	ld	a4, 112(a0)
	ld	a5, 120(a0)
	mv t0, a2; mv t1, a2; mv t2, a2; mv t3, a2
	mv t4, a2; mv t5, a2; mv t6, a2; mv a7, a2
.endm
.macro mix_finish
	add a0, t0, t1; add a0, a0, t2; add a0, a0, t3
	add a0, a0, t4; add a0, a0, t5; add a0, a0, t6; add a0, a0, a7
.endm
.macro alu_load_op
	add t0, t0, a4; ld t4, 0(a3); add t1, t1, a4; ld t5, 0(a3)
	add t2, t2, a4; ld t6, 0(a3); add t3, t3, a4; ld a7, 0(a3)
.endm
.macro alu_branch_op
	add t0, t0, a4; bnez zero, 9f
9:	add t1, t1, a4; bnez zero, 9f
9:	add t2, t2, a4; bnez zero, 9f
9:	add t3, t3, a4; bnez zero, 9f
9:
.endm
.macro alu_mul_op
	add t0, t0, a4; mul t4, t4, a5; add t1, t1, a4; mul t5, t5, a5
	add t2, t2, a4; mul t6, t6, a5; add t3, t3, a4; mul a7, a7, a5
.endm
	BM_BODY bm_uarch_alu_load, 3, mix_setup, alu_load_op, mix_finish
	BM_BODY bm_uarch_alu_branch, 3, mix_setup, alu_branch_op, mix_finish
	BM_BODY bm_uarch_alu_mul, 3, mix_setup, alu_mul_op, mix_finish
