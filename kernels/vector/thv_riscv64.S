/* XTheadVector (RVV 0.7.1, the C906's vector unit) bodies for the thv.*
 * kernels of kernels/vector/rvv_riscv64.c. vsetvl, vmv.v.x, vadd.vv and vfmacc.vv
 * have the same encodings in 0.7.1 as in RVV 1.0 (the v0.7.1
 * specification's opcode tables), so binutils assembles them; only the
 * vtype value (0.7.1 layout: vsew in bits 4:2, vlmul in bits 1:0, from
 * the state) and the loads and stores (th.vle.v / th.vse.v, rv_insn.h)
 * differ. vmv.x.s did not exist in 0.7.1: results leave through th.vse.v
 * and a scalar load.
 *
 * State (struct rvv_state): 0 vtype (0.7.1 layout), 8 x, 16 b, 24 buf.
 * Allocations as the RVV bodies: latency in
 * v8 with the operand in v16; throughput m1 chains v1..v8 (operand v24),
 * m8 chains v8, v16, v24 (operand v0). 24 instructions per iteration. */
#include "body_riscv64.h"
#include "rv_insn.h"

	.section .text
	.option arch, +v
	.option norvc

#define M1 1, 2, 3, 4, 5, 6, 7, 8
#define M8 8, 16, 24

.macro th_setup
	ld	t0, 0(a0)
	vsetvl	t1, zero, t0
	ld	a2, 8(a0)
	ld	a3, 16(a0)
	ld	a4, 24(a0)
	srli	a5, t0, 2	/* vsew: 2 (e32) or 3 (e64) -> a5 = 0 or 1 */
	andi	a5, a5, 7
	addi	a5, a5, -2
.endm

.macro each m, free, chains:vararg
	.irp c, \chains
	\m \c, \free
	.endr
.endm

/* element 0 of v<c> into t2: stored, then loaded at SEW (sign-extended) */
.macro elem0 c, free
	.word	BM_TH_VSE_V(\c, 14)
	beqz	a5, 5f
	ld	t2, 0(a4)
	j	6f
5:	lw	t2, 0(a4)
6:
.endm
.macro add_elem0 c, free
	elem0	\c
	add	a0, a0, t2
.endm

.macro init_x c, free
	vmv.v.x	v\c, a2
.endm
.macro op_vadd c, o
	vadd.vv	v\c, v\c, v\o
.endm
.macro op_vfmacc c, o
	vfmacc.vv v\c, v\o, v\o
.endm
.macro op_vle c, free
	.word	BM_TH_VLE_V(\c, 14)
.endm

.macro lat_setup
	th_setup
	vmv.v.x	v8, a2
	vmv.v.x	v16, a3
.endm
.macro lat_finish
	elem0	8
	mv	a0, t2
.endm

.macro TH_OP op
.macro \op\()_lat1
	op_\op 8, 16
.endm
	BM_BODY bm_thv_\op\()_lat, 24, lat_setup, \op\()_lat1, lat_finish
	TH_THR \op, m1, 24, 3, M1
	TH_THR \op, m8, 0, 8, M8
.endm

.macro TH_THR op, lm, free, unroll, chains:vararg
.macro \op\()_\lm\()_setup
	th_setup
	vmv.v.x	v\free, a3
	each init_x, \free, \chains
.endm
.macro \op\()_\lm\()_round
	each op_\op, \free, \chains
.endm
.macro \op\()_\lm\()_finish
	li	a0, 0
	each add_elem0, \free, \chains
.endm
	BM_BODY bm_thv_\op\()_thr_\lm, \unroll, \op\()_\lm\()_setup, \op\()_\lm\()_round, \op\()_\lm\()_finish
.endm

	TH_OP vadd
	TH_OP vfmacc
	TH_THR vle, m1, 24, 3, M1
	TH_THR vle, m8, 0, 8, M8
