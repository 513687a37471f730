/* riscv64 bodies for kernels/pipeline/divide.c. State: 0 x, 8 table,
 * 16 fx, 24 b, 32 fc. Op k loads table entry k mod 32 (the offset
 * advances at assembly time: no address arithmetic in the body), then
 * divides. Latency chains in a2 / fa2; throughput in t0-t6, a4 / ft0-ft7. */
#include "body_riscv64.h"
#include "chains_riscv64.h"
	.section .text
	.option norvc

.macro next_entry
	.set	dvo, (dvo + 8) % 256
.endm
.macro int_setup
	ld	a2, 0(a0)
	ld	a5, 8(a0)
	ld	a3, 24(a0)
	mv	t0, a2; mv t1, a2; mv t2, a2; mv t3, a2
	mv	t4, a2; mv t5, a2; mv t6, a2; mv a4, a2
	.set	dvo, 0
.endm
.macro fp_setup
	fld	fa2, 16(a0)
	ld	a5, 8(a0)
	fld	fa4, 32(a0)
	.set	dvo, 0
.endm

/* x = n[k] / x */
.macro div_var_lat
	ld	a6, dvo(a5)
	divu	a2, a6, a2
	next_entry
.endm
/* r = n[k] / d, eight independent */
.macro div_one r
	ld	a6, dvo(a5)
	divu	\r, a6, a2
	next_entry
.endm
.macro div_var_thr
	div_one t0; div_one t1; div_one t2; div_one t3
	div_one t4; div_one t5; div_one t6; div_one a4
.endm
BM_BODY bm_div_lat, 32, int_setup, div_var_lat, int_lat_finish
BM_BODY bm_div_thr, 4, int_setup, div_var_thr, int_thr_finish

/* x = b / x, b = x * x: the same division every time */
.macro div_rep
	divu	a2, a3, a2
.endm
BM_BODY bm_div_rep, 32, int_setup, div_rep, int_lat_finish

.macro fdiv_var_lat
	fld	fa6, dvo(a5)
	fdiv.d	fa2, fa6, fa2
	next_entry
.endm
.macro fdiv_one r
	fld	fa6, dvo(a5)
	fdiv.d	\r, fa6, fa2
	next_entry
.endm
.macro fdiv_var_thr
	fdiv_one ft0; fdiv_one ft1; fdiv_one ft2; fdiv_one ft3
	fdiv_one ft4; fdiv_one ft5; fdiv_one ft6; fdiv_one ft7
.endm
BM_BODY bm_fdiv_lat, 32, fp_setup, fdiv_var_lat, fp_lat_finish
BM_BODY bm_fdiv_thr, 4, fp_setup, fdiv_var_thr, fp_thr_finish

/* fx = fc / fx, 9 / 3 = 3 every time */
.macro fdiv_rep
	fdiv.d	fa2, fa4, fa2
.endm
BM_BODY bm_fdiv_rep, 32, fp_setup, fdiv_rep, fp_lat_finish
