/* Finish code shared by the aarch64 pipeline and divide bodies: how a
 * latency chain or eight throughput chains hand back their value (fp
 * chains added pairwise, ((c0+c1)+(c2+c3))+((c4+c5)+(c6+c7)), the order
 * the C self-checks assume). Included after body_aarch64.h. */
.macro int_lat_finish
	mov	x0, x2
.endm
.macro int_thr_finish
	add x0, x4, x5; add x0, x0, x6; add x0, x0, x7
	add x0, x0, x8; add x0, x0, x9; add x0, x0, x10; add x0, x0, x11
.endm
.macro fp_lat_finish
	fmov	x0, d0
.endm
.macro fp_thr_finish
	fadd d16, d16, d17; fadd d18, d18, d19; fadd d20, d20, d21; fadd d22, d22, d23
	fadd d16, d16, d18; fadd d20, d20, d22; fadd d16, d16, d20
	fmov	x0, d16
.endm
