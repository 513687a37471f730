/* aarch64 bodies for kernels/pipeline/pipeline.c; the same operations,
 * chains and state layout (0 x, 8 b, 16 fx, 24 fb, 32 fc) as the riscv64
 * file. Integer chains in x2 (latency) or x4-x11 (throughput); fp chains
 * in d0 or d16-d23; operands in x3, d1, d2. */
#include "body_aarch64.h"
#include "chains_aarch64.h"
	.section .text

.macro int_setup
	ldp	x2, x3, [x0]
	mov x4, x2; mov x5, x2; mov x6, x2; mov x7, x2
	mov x8, x2; mov x9, x2; mov x10, x2; mov x11, x2
.endm
.macro fp_setup
	ldr	d0, [x0, #16]
	ldr	d1, [x0, #24]
	ldr	d2, [x0, #32]
	fmov d16, d0; fmov d17, d0; fmov d18, d0; fmov d19, d0
	fmov d20, d0; fmov d21, d0; fmov d22, d0; fmov d23, d0
.endm

.macro add_lat
	add	x2, x2, x3
.endm
.macro add_thr
	add x4, x4, x3; add x5, x5, x3; add x6, x6, x3; add x7, x7, x3
	add x8, x8, x3; add x9, x9, x3; add x10, x10, x3; add x11, x11, x3
.endm
BM_BODY bm_pipe_add_lat, 32, int_setup, add_lat, int_lat_finish
BM_BODY bm_pipe_add_thr, 4, int_setup, add_thr, int_thr_finish

/* immediate add: x += 1, what some renamers fold (pipeline.c) */
.macro addi_lat
	add	x2, x2, #1
.endm
BM_BODY bm_pipe_addi_lat, 32, int_setup, addi_lat, int_lat_finish

.macro mul_lat
	mul	x2, x2, x3
.endm
.macro mul_thr
	mul x4, x4, x3; mul x5, x5, x3; mul x6, x6, x3; mul x7, x7, x3
	mul x8, x8, x3; mul x9, x9, x3; mul x10, x10, x3; mul x11, x11, x3
.endm
BM_BODY bm_pipe_mul_lat, 32, int_setup, mul_lat, int_lat_finish
BM_BODY bm_pipe_mul_thr, 4, int_setup, mul_thr, int_thr_finish

/* 32-bit multiply: w = w * b (the upper half zeroed) */
.macro mul32_lat
	mul	w2, w2, w3
.endm
.macro mul32_thr
	mul w4, w4, w3; mul w5, w5, w3; mul w6, w6, w3; mul w7, w7, w3
	mul w8, w8, w3; mul w9, w9, w3; mul w10, w10, w3; mul w11, w11, w3
.endm
BM_BODY bm_pipe_mul32_lat, 32, int_setup, mul32_lat, int_lat_finish
BM_BODY bm_pipe_mul32_thr, 4, int_setup, mul32_thr, int_thr_finish

.macro load_lat
	ldr	x2, [x2]
.endm
.macro load_thr
	ldr x4, [x2]; ldr x5, [x2]; ldr x6, [x2]; ldr x7, [x2]
	ldr x8, [x2]; ldr x9, [x2]; ldr x10, [x2]; ldr x11, [x2]
.endm
BM_BODY bm_pipe_load_lat, 32, int_setup, load_lat, int_lat_finish
BM_BODY bm_pipe_load_thr, 4, int_setup, load_thr, int_thr_finish

.macro fadd_lat
	fadd	d0, d0, d1
.endm
.macro fadd_thr
	fadd d16, d16, d1; fadd d17, d17, d1; fadd d18, d18, d1; fadd d19, d19, d1
	fadd d20, d20, d1; fadd d21, d21, d1; fadd d22, d22, d1; fadd d23, d23, d1
.endm
BM_BODY bm_pipe_fadd_lat, 32, fp_setup, fadd_lat, fp_lat_finish
BM_BODY bm_pipe_fadd_thr, 4, fp_setup, fadd_thr, fp_thr_finish

.macro fmul_lat
	fmul	d0, d0, d1
.endm
.macro fmul_thr
	fmul d16, d16, d1; fmul d17, d17, d1; fmul d18, d18, d1; fmul d19, d19, d1
	fmul d20, d20, d1; fmul d21, d21, d1; fmul d22, d22, d1; fmul d23, d23, d1
.endm
BM_BODY bm_pipe_fmul_lat, 32, fp_setup, fmul_lat, fp_lat_finish
BM_BODY bm_pipe_fmul_thr, 4, fp_setup, fmul_thr, fp_thr_finish

/* fx = fx * fb + fc */
.macro fma_lat
	fmadd	d0, d0, d1, d2
.endm
.macro fma_thr
	fmadd d16, d16, d1, d2; fmadd d17, d17, d1, d2; fmadd d18, d18, d1, d2; fmadd d19, d19, d1, d2
	fmadd d20, d20, d1, d2; fmadd d21, d21, d1, d2; fmadd d22, d22, d1, d2; fmadd d23, d23, d1, d2
.endm
BM_BODY bm_pipe_fma_lat, 32, fp_setup, fma_lat, fp_lat_finish
BM_BODY bm_pipe_fma_thr, 4, fp_setup, fma_thr, fp_thr_finish

