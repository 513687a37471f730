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
#include "vchain_riscv64.h"

	.section .text
	.option arch, +v
	.option norvc

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

.macro op_vle c, free
	.word	BM_TH_VLE_V(\c, 14)
.endm

.macro th_lat_finish
	elem0	8
	mv	a0, t2
.endm
.macro sum_stored free, chains:vararg
	li	a0, 0
	each add_elem0, \free, \chains
.endm

.macro TH_OP op
	V_LAT thv_, \op, th_setup, th_lat_finish
	V_THR thv_, \op, th_setup, sum_stored, m1, 24, 3, M1
	V_THR thv_, \op, th_setup, sum_stored, m8, 0, 8, M8
.endm

	TH_OP vadd
	TH_OP vfmacc
	V_THR thv_, vle, th_setup, sum_stored, m1, 24, 3, M1
	V_THR thv_, vle, th_setup, sum_stored, m8, 0, 8, M8
