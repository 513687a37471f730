/* aarch64 bodies for kernels/pipeline/divide.c, as divide_riscv64.S:
 * state 0 x, 8 table, 16 fx, 24 b, 32 fc; op k loads table entry k mod 32
 * (offset fixed at assembly time), then divides. Chains in x2 / d0;
 * throughput in x4-x11 / d16-d23; table in x12. */
#include "body_aarch64.h"
#include "chains_aarch64.h"
	.section .text

.macro next_entry
	.set	dvo, (dvo + 8) % 256
.endm
.macro int_setup
	ldr	x2, [x0]
	ldr	x12, [x0, #8]
	ldr	x3, [x0, #24]
	mov x4, x2; mov x5, x2; mov x6, x2; mov x7, x2
	mov x8, x2; mov x9, x2; mov x10, x2; mov x11, x2
	.set	dvo, 0
.endm
.macro fp_setup
	ldr	d0, [x0, #16]
	ldr	x12, [x0, #8]
	ldr	d2, [x0, #32]
	.set	dvo, 0
.endm

.macro div_var_lat
	ldr	x13, [x12, #dvo]
	udiv	x2, x13, x2
	next_entry
.endm
.macro div_one r
	ldr	x13, [x12, #dvo]
	udiv	\r, x13, x2
	next_entry
.endm
.macro div_var_thr
	div_one x4; div_one x5; div_one x6; div_one x7
	div_one x8; div_one x9; div_one x10; div_one x11
.endm
BM_BODY bm_div_lat, 32, int_setup, div_var_lat, int_lat_finish
BM_BODY bm_div_thr, 4, int_setup, div_var_thr, int_thr_finish

.macro div_rep
	udiv	x2, x3, x2
.endm
BM_BODY bm_div_rep, 32, int_setup, div_rep, int_lat_finish

.macro fdiv_var_lat
	ldr	d3, [x12, #dvo]
	fdiv	d0, d3, d0
	next_entry
.endm
.macro fdiv_one r
	ldr	d3, [x12, #dvo]
	fdiv	\r, d3, d0
	next_entry
.endm
.macro fdiv_var_thr
	fdiv_one d16; fdiv_one d17; fdiv_one d18; fdiv_one d19
	fdiv_one d20; fdiv_one d21; fdiv_one d22; fdiv_one d23
.endm
BM_BODY bm_fdiv_lat, 32, fp_setup, fdiv_var_lat, fp_lat_finish
BM_BODY bm_fdiv_thr, 4, fp_setup, fdiv_var_thr, fp_thr_finish

.macro fdiv_rep
	fdiv	d0, d2, d0
.endm
BM_BODY bm_fdiv_rep, 32, fp_setup, fdiv_rep, fp_lat_finish
