/* RVV 1.0 bodies for kernels/vector/rvv_riscv64.c. SEW and LMUL come
 * from the state at run time (vsetvl), so one body serves every element
 * width; throughput bodies need one register allocation per LMUL
 * (register groups start at multiples of LMUL), hence the _m1.._m8
 * variants. Every body does 24 vector instructions per unrolled
 * iteration.
 *
 * State (struct rvv_state): 0 vtype, 8 x (chain start, SEW bits), 16 b
 * (operand), 24 buf (memory for loads and stores), 32 idx (index or
 * offset vector, SEW-wide elements), 40 stride (bytes).
 *
 * Allocations for throughput (chains; the free group for the operand,
 * the index or the gather source):
 *   m1: v1..v8, operand v24      m2: v2..v16 by 2, operand v24
 *   m4: v4..v24 by 4, operand v28 m8: v8, v16, v24, operand v0 */
#include "body_riscv64.h"
#include "vchain_riscv64.h"

	.section .text
	.option arch, +v
	.option norvc

	.globl	bm_rvv_vlmax
bm_rvv_vlmax:
	vsetvl	a0, zero, a0
	ret

.macro v_setup
	ld	t0, 0(a0)
	vsetvl	t1, zero, t0
	ld	a2, 8(a0)
	ld	a3, 16(a0)
	ld	a4, 24(a0)
	ld	a5, 32(a0)
	ld	a6, 40(a0)
.endm

/* finish: the sum of element 0 of every chain (SEW bits, sign-extended). */
.macro sum0 free, chains:vararg
	li	a0, 0
	.irp c, \chains
	vmv.x.s	t2, v\c
	add	a0, a0, t2
	.endr
.endm

/* ---- arithmetic: chain = chain op operand ---------------------------- */
.macro lat_finish
	vmv.x.s	a0, v8
.endm

.macro BODIES_ARITH op
	V_LAT rvv_, \op, v_setup, lat_finish
	V_THR rvv_, \op, v_setup, sum0, m1, 24, 3, M1
	V_THR rvv_, \op, v_setup, sum0, m2, 24, 3, M2
	V_THR rvv_, \op, v_setup, sum0, m4, 28, 4, M4
	V_THR rvv_, \op, v_setup, sum0, m8, 0, 8, M8
.endm

	BODIES_ARITH vadd
	BODIES_ARITH vmul
	BODIES_ARITH vfmacc

/* ---- reduction: v1..v6[0] += sum(v8 group) ------------------------------ */
/* vmv.s.x, not vmv.v.x: v1..v6 are single registers, illegal as the
 * base of a group at LMUL > 1; a reduction reads only element 0. */
.macro init_s c, free
	vmv.s.x	v\c, a2
.endm
.macro red_setup
	v_setup
	vmv.v.x	v8, a3
	each init_s, 0, 1, 2, 3, 4, 5, 6
.endm
.macro red_lat1
	vredsum.vs v1, v8, v1
.endm
.macro red_lat_finish
	vmv.x.s	a0, v1
.endm
.macro op_red c, free
	vredsum.vs v\c, v8, v\c
.endm
.macro red_round
	each op_red, 0, 1, 2, 3, 4, 5, 6
.endm
.macro red_finish
	sum0 0, 1, 2, 3, 4, 5, 6
.endm
	BM_BODY bm_rvv_vredsum_lat, 24, red_setup, red_lat1, red_lat_finish
	BM_BODY bm_rvv_vredsum_thr, 4, red_setup, red_round, red_finish

/* ---- gather: source v8 = x + i, index v24 = reversal ------------------- */
/* The index vector is SEW-wide: load it with the element width in use. */
.macro gather_idx
	srli	t2, t0, 3
	andi	t2, t2, 7
	li	t3, 1
	beq	t2, t3, 81f
	li	t3, 2
	beq	t2, t3, 82f
	vle64.v	v24, (a5)
	j	89f
81:	vle16.v	v24, (a5)
	j	89f
82:	vle32.v	v24, (a5)
89:
.endm
.macro gather_lat_setup
	v_setup
	vid.v	v8
	vadd.vx	v8, v8, a2
	gather_idx
.endm
.macro gather_lat2	/* two dependent gathers: v8 -> v16 -> v8 */
	vrgather.vv v16, v8, v24
	vrgather.vv v8, v16, v24
.endm
	BM_BODY bm_rvv_vrgather_lat, 12, gather_lat_setup, gather_lat2, lat_finish

.macro op_gather d, free
	vrgather.vv v\d, v8, v24
.endm
.macro THR_GATHER lm, unroll, dests:vararg
.macro gather_\lm\()_round
	each op_gather, 0, \dests
.endm
.macro gather_\lm\()_finish
	vmv.x.s	a0, v0
.endm
	BM_BODY bm_rvv_vrgather_thr_\lm, \unroll, gather_lat_setup, gather_\lm\()_round, gather_\lm\()_finish
.endm
	THR_GATHER m1, 3, 0, 1, 2, 3, 4, 5, 6, 7
	THR_GATHER m2, 3, 0, 2, 4, 6, 10, 12, 14, 16
	THR_GATHER m4, 4, 0, 4, 12, 16, 20, 28
	THR_GATHER m8, 12, 0, 16

/* ---- memory ------------------------------------------------------------ */
/* vle.lat: a pointer chase through vector loads (element 0 of the buffer
 * holds the buffer's address; SEW = 64). */
.macro vle_lat_setup
	v_setup
	mv	a2, a4
.endm
.macro vle_lat1
	vle64.v	v8, (a2)
	vmv.x.s	a2, v8
.endm
.macro vle_lat_finish
	mv	a0, a2
.endm
	BM_BODY bm_rvv_vle_lat, 24, vle_lat_setup, vle_lat1, vle_lat_finish

/* MEM_BODIES eew: unit-stride load and store, strided load (stride a6)
 * and indexed-unordered load (byte offsets in the free group), each on
 * every allocation. */
.macro MEM_BODIES eew
.macro op_vle\eew c, free
	vle\eew\().v v\c, (a4)
.endm
.macro op_vse\eew c, free
	vse\eew\().v v\c, (a4)
.endm
.macro op_vlse\eew c, free
	vlse\eew\().v v\c, (a4), a6
.endm
.macro op_vluxei\eew c, free
	vluxei\eew\().v v\c, (a4), v\free
.endm
	MEM_ALLOC \eew, m1, 24, 3, M1
	MEM_ALLOC \eew, m2, 24, 3, M2
	MEM_ALLOC \eew, m4, 28, 4, M4
	MEM_ALLOC \eew, m8, 0, 8, M8
.endm

.macro MEM_LOAD k, eew, lm, free, unroll, chains:vararg
.macro \k\eew\()_\lm\()_round
	each op_\k\eew, \free, \chains
.endm
	BM_BODY bm_rvv_\k\eew\()_thr_\lm, \unroll, mem\eew\()_\lm\()_setup, \k\eew\()_\lm\()_round, mem\eew\()_\lm\()_finish
.endm

.macro MEM_ALLOC eew, lm, free, unroll, chains:vararg
.macro mem\eew\()_\lm\()_setup
	v_setup
	vle\eew\().v v\free, (a5)
	each init_x, \free, \chains
.endm
.macro mem\eew\()_\lm\()_finish
	sum0 \free, \chains
.endm
.macro mem\eew\()_\lm\()_store_finish
	.if \eew == 32
	lw	a0, 0(a4)
	.else
	ld	a0, 0(a4)
	.endif
.endm
	MEM_LOAD vle, \eew, \lm, \free, \unroll, \chains
	MEM_LOAD vlse, \eew, \lm, \free, \unroll, \chains
	MEM_LOAD vluxei, \eew, \lm, \free, \unroll, \chains
.macro vse\eew\()_\lm\()_round
	each op_vse\eew, \free, \chains
.endm
	BM_BODY bm_rvv_vse\eew\()_thr_\lm, \unroll, mem\eew\()_\lm\()_setup, vse\eew\()_\lm\()_round, mem\eew\()_\lm\()_store_finish
.endm

	MEM_BODIES 32
	MEM_BODIES 64
