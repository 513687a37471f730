/* Finish code shared by the riscv64 pipeline and divide bodies: how a
 * latency chain or eight throughput chains hand back their value (fp
 * chains added pairwise, ((c0+c1)+(c2+c3))+((c4+c5)+(c6+c7)), the order
 * the C self-checks assume). Included after body_riscv64.h. */
.macro int_lat_finish
	mv	a0, a2
.endm
.macro int_thr_finish
	add	a0, t0, t1; add a0, a0, t2; add a0, a0, t3
	add	a0, a0, t4; add a0, a0, t5; add a0, a0, t6; add a0, a0, a4
.endm
.macro fp_lat_finish
	fmv.x.d	a0, fa2
.endm
.macro fp_thr_finish
	fadd.d	ft0, ft0, ft1; fadd.d ft2, ft2, ft3; fadd.d ft4, ft4, ft5; fadd.d ft6, ft6, ft7
	fadd.d	ft0, ft0, ft2; fadd.d ft4, ft4, ft6; fadd.d ft0, ft0, ft4
	fmv.x.d	a0, ft0
.endm
