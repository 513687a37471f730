/* Finish code shared by the x86_64 pipeline and divide bodies: how a
 * latency chain or eight throughput chains hand back their value (fp
 * chains added pairwise, ((c0+c1)+(c2+c3))+((c4+c5)+(c6+c7)), the order
 * the C self-checks assume). Included after body_x86_64.h. */
.macro fp_lat_finish
	movq	%xmm0, %rax
.endm
.macro fp_thr_finish
	addsd %xmm9, %xmm8; addsd %xmm11, %xmm10; addsd %xmm13, %xmm12; addsd %xmm15, %xmm14
	addsd %xmm10, %xmm8; addsd %xmm14, %xmm12; addsd %xmm12, %xmm8
	movq	%xmm8, %rax
.endm
