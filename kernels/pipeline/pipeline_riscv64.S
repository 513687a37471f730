/* riscv64 bodies for kernels/pipeline/pipeline.c. State layout (struct
 * pipe_state): 0 x, 8 b, 16 fx, 24 fb, 32 fc. Latency bodies chain one
 * register; throughput bodies run 8 independent chains and add them up in
 * the finish code (outside the measured difference). */
#include "body_riscv64.h"
#include "chains_riscv64.h"

	.section .text
	.option norvc	/* fixed 4-byte instructions: bodies are uniform */

.macro int_setup
	ld	a2, 0(a0)
	ld	a3, 8(a0)
	mv	t0, a2; mv t1, a2; mv t2, a2; mv t3, a2
	mv	t4, a2; mv t5, a2; mv t6, a2; mv a4, a2
.endm
.macro fp_setup
	fld	fa2, 16(a0)
	fld	fa3, 24(a0)
	fld	fa4, 32(a0)
	fmv.d	ft0, fa2; fmv.d ft1, fa2; fmv.d ft2, fa2; fmv.d ft3, fa2
	fmv.d	ft4, fa2; fmv.d ft5, fa2; fmv.d ft6, fa2; fmv.d ft7, fa2
.endm

/* integer add: x += b */
.macro add_lat
	add	a2, a2, a3
.endm
.macro add_thr
	add t0, t0, a3; add t1, t1, a3; add t2, t2, a3; add t3, t3, a3
	add t4, t4, a3; add t5, t5, a3; add t6, t6, a3; add a4, a4, a3
.endm
BM_BODY bm_pipe_add_lat, 32, int_setup, add_lat, int_lat_finish
BM_BODY bm_pipe_add_thr, 4, int_setup, add_thr, int_thr_finish

/* immediate add: x += 1, what some renamers fold (pipeline.c) */
.macro addi_lat
	addi	a2, a2, 1
.endm
BM_BODY bm_pipe_addi_lat, 32, int_setup, addi_lat, int_lat_finish

/* integer multiply: x *= b */
.macro mul_lat
	mul	a2, a2, a3
.endm
.macro mul_thr
	mul t0, t0, a3; mul t1, t1, a3; mul t2, t2, a3; mul t3, t3, a3
	mul t4, t4, a3; mul t5, t5, a3; mul t6, t6, a3; mul a4, a4, a3
.endm
BM_BODY bm_pipe_mul_lat, 32, int_setup, mul_lat, int_lat_finish
BM_BODY bm_pipe_mul_thr, 4, int_setup, mul_thr, int_thr_finish

/* 32-bit multiply: x = x * b in the lower 32 bits, sign-extended */
.macro mul32_lat
	mulw	a2, a2, a3
.endm
.macro mul32_thr
	mulw t0, t0, a3; mulw t1, t1, a3; mulw t2, t2, a3; mulw t3, t3, a3
	mulw t4, t4, a3; mulw t5, t5, a3; mulw t6, t6, a3; mulw a4, a4, a3
.endm
BM_BODY bm_pipe_mul32_lat, 32, int_setup, mul32_lat, int_lat_finish
BM_BODY bm_pipe_mul32_thr, 4, int_setup, mul32_thr, int_thr_finish

/* L1-hit load: x points at itself. */
.macro load_lat
	ld	a2, 0(a2)
.endm
.macro load_thr
	ld t0, 0(a2); ld t1, 0(a2); ld t2, 0(a2); ld t3, 0(a2)
	ld t4, 0(a2); ld t5, 0(a2); ld t6, 0(a2); ld a4, 0(a2)
.endm
BM_BODY bm_pipe_load_lat, 32, int_setup, load_lat, int_lat_finish
BM_BODY bm_pipe_load_thr, 4, int_setup, load_thr, int_thr_finish

/* fp add: fx += fb */
.macro fadd_lat
	fadd.d	fa2, fa2, fa3
.endm
.macro fadd_thr
	fadd.d ft0, ft0, fa3; fadd.d ft1, ft1, fa3; fadd.d ft2, ft2, fa3; fadd.d ft3, ft3, fa3
	fadd.d ft4, ft4, fa3; fadd.d ft5, ft5, fa3; fadd.d ft6, ft6, fa3; fadd.d ft7, ft7, fa3
.endm
BM_BODY bm_pipe_fadd_lat, 32, fp_setup, fadd_lat, fp_lat_finish
BM_BODY bm_pipe_fadd_thr, 4, fp_setup, fadd_thr, fp_thr_finish

/* fp multiply: fx *= fb (fb = -1, so the value stays exact) */
.macro fmul_lat
	fmul.d	fa2, fa2, fa3
.endm
.macro fmul_thr
	fmul.d ft0, ft0, fa3; fmul.d ft1, ft1, fa3; fmul.d ft2, ft2, fa3; fmul.d ft3, ft3, fa3
	fmul.d ft4, ft4, fa3; fmul.d ft5, ft5, fa3; fmul.d ft6, ft6, fa3; fmul.d ft7, ft7, fa3
.endm
BM_BODY bm_pipe_fmul_lat, 32, fp_setup, fmul_lat, fp_lat_finish
BM_BODY bm_pipe_fmul_thr, 4, fp_setup, fmul_thr, fp_thr_finish

/* fused multiply-add: fx = fx * fb + fc */
.macro fma_lat
	fmadd.d	fa2, fa2, fa3, fa4
.endm
.macro fma_thr
	fmadd.d ft0, ft0, fa3, fa4; fmadd.d ft1, ft1, fa3, fa4; fmadd.d ft2, ft2, fa3, fa4
	fmadd.d ft3, ft3, fa3, fa4; fmadd.d ft4, ft4, fa3, fa4; fmadd.d ft5, ft5, fa3, fa4
	fmadd.d ft6, ft6, fa3, fa4; fmadd.d ft7, ft7, fa3, fa4
.endm
BM_BODY bm_pipe_fma_lat, 32, fp_setup, fma_lat, fp_lat_finish
BM_BODY bm_pipe_fma_thr, 4, fp_setup, fma_thr, fp_thr_finish

