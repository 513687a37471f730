/* Advanced SIMD (NEON) bodies for kernels/vector/neon_aarch64.c. One
 * body per element size (the arrangement is part of the instruction).
 * Latency: one chain in v0, operand in v1. Throughput: eight chains in
 * v16-v23 (caller-saved, AAPCS64). 24 instructions per unrolled
 * iteration. State (struct neon_state): 0 x (chain start), 8 b (operand),
 * 16 buf (memory, 16-byte aligned). */
#include "body_aarch64.h"
	.section .text

#define CHAINS 16, 17, 18, 19, 20, 21, 22, 23

.macro each m, args:vararg
	.irp c, CHAINS
	\m \c, \args
	.endr
.endm

/* element 0 of a register, sign-extended (the check's convention) */
.macro lane0 dst, reg, L
	.ifc \L, d
	fmov	\dst, d\reg
	.else
	smov	\dst, v\reg\().\L[0]
	.endif
.endm

.macro setup_dup T, R
	ldp	x2, x3, [x0]
	ldr	x4, [x0, #16]
	dup	v0.\T, \R\()2
	dup	v1.\T, \R\()3
	each dup_chain, \T, \R
.endm
.macro dup_chain c, T, R
	dup	v\c\().\T, \R\()2
.endm

.macro sum_chains L
	mov	x0, #0
	.irp c, CHAINS
	lane0	x5, \c, \L
	add	x0, x0, x5
	.endr
.endm

/* ---- element-wise arithmetic -------------------------------------------- */
.macro op_add c, o, T
	add	v\c\().\T, v\c\().\T, v\o\().\T
.endm
.macro op_mul c, o, T
	mul	v\c\().\T, v\c\().\T, v\o\().\T
.endm
.macro op_fmla c, o, T
	fmla	v\c\().\T, v\o\().\T, v\o\().\T
.endm

/* ARITH op, T, L, R: bm_neon_<op>_<T>_lat and _thr */
.macro ARITH op, T, L, R
.macro \op\()_\T\()_setup
	setup_dup \T, \R
.endm
.macro \op\()_\T\()_lat1
	op_\op 0, 1, \T
.endm
.macro \op\()_\T\()_lat_finish
	lane0	x0, 0, \L
.endm
.macro \op\()_\T\()_round
	each op_\op, 1, \T
.endm
.macro \op\()_\T\()_thr_finish
	sum_chains \L
.endm
	BM_BODY bm_neon_\op\()_\T\()_lat, 24, \op\()_\T\()_setup, \op\()_\T\()_lat1, \op\()_\T\()_lat_finish
	BM_BODY bm_neon_\op\()_\T\()_thr, 3, \op\()_\T\()_setup, \op\()_\T\()_round, \op\()_\T\()_thr_finish
.endm

	ARITH add, 16b, b, w
	ARITH add, 8h, h, w
	ARITH add, 4s, s, w
	ARITH add, 2d, d, x
	ARITH mul, 16b, b, w
	ARITH mul, 8h, h, w
	ARITH mul, 4s, s, w
	ARITH fmla, 4s, s, w
	ARITH fmla, 2d, d, x

/* ---- across-lanes add: addv <L>d, vn.<T> ----------------------------------
 * latency: v0 = addv(v0) (after the first, lane 0 holds the lanes' sum
 * and the rest are zero, so the value then stays put but every addv waits
 * for the last); throughput: eight addv of v1. */
.macro op_addv c, src, T, L
	addv	\L\c, v\src\().\T
.endm
.macro ACROSS T, L
.macro addv_\T\()_setup
	setup_dup \T, w
.endm
.macro addv_\T\()_lat1
	addv	\L\()0, v0.\T
.endm
.macro addv_\T\()_lat_finish
	lane0	x0, 0, \L
.endm
.macro addv_\T\()_round
	each op_addv, 1, \T, \L
.endm
.macro addv_\T\()_thr_finish
	sum_chains \L
.endm
	BM_BODY bm_neon_addv_\T\()_lat, 24, addv_\T\()_setup, addv_\T\()_lat1, addv_\T\()_lat_finish
	BM_BODY bm_neon_addv_\T\()_thr, 3, addv_\T\()_setup, addv_\T\()_round, addv_\T\()_thr_finish
.endm
	ACROSS 16b, b
	ACROSS 8h, h
	ACROSS 4s, s

/* ---- table lookup (byte permute): tbl with the reversal as the table ----
 * latency: v0 = tbl({v1}, v0), v0 starting as the identity: after an even
 * number it is the identity again. throughput: eight tbl of index v0. */
.macro tbl_setup
	ldr	x4, [x0, #16]
	ldr	q0, [x4]		/* identity 0..15 */
	ldr	q1, [x4, #16]		/* reversal 15..0 */
	each tbl_init
.endm
.macro tbl_init c
	mov	v\c\().16b, v0.16b
.endm
.macro tbl_lat1
	tbl	v0.16b, {v1.16b}, v0.16b
.endm
.macro op_tbl c
	tbl	v\c\().16b, {v1.16b}, v0.16b
.endm
.macro tbl_round
	each op_tbl
.endm
.macro tbl_lat_finish
	lane0	x0, 0, b
.endm
.macro tbl_thr_finish
	sum_chains b
.endm
	BM_BODY bm_neon_tbl_lat, 24, tbl_setup, tbl_lat1, tbl_lat_finish
	BM_BODY bm_neon_tbl_thr, 3, tbl_setup, tbl_round, tbl_thr_finish

/* ---- memory: 128-bit loads and stores in L1 ----------------------------- */
/* ldr.lat: pointer chase (the buffer's first 8 bytes hold its address). */
.macro ldr_lat_setup
	ldr	x2, [x0, #16]
.endm
.macro ldr_lat1
	ldr	q0, [x2]
	fmov	x2, d0
.endm
.macro ldr_lat_finish
	mov	x0, x2
.endm
	BM_BODY bm_neon_ldr_lat, 24, ldr_lat_setup, ldr_lat1, ldr_lat_finish

.macro mem_setup
	setup_dup 2d, x
.endm
.macro op_ldr c
	ldr	q\c, [x4]
.endm
.macro ldr_round
	each op_ldr
.endm
.macro ldr_thr_finish
	sum_chains d
.endm
.macro op_str c
	str	q\c, [x4]
.endm
.macro str_round
	each op_str
.endm
.macro str_thr_finish
	ldr	x0, [x4]
.endm
	BM_BODY bm_neon_ldr_thr, 3, mem_setup, ldr_round, ldr_thr_finish
	BM_BODY bm_neon_str_thr, 3, mem_setup, str_round, str_thr_finish
