/* x86-64 bodies for kernels/pipeline/divide.c, as divide_riscv64.S: state
 * 0 x, 8 table, 16 fx, 24 b, 32 fc; op k loads table entry k mod 32
 * (offset fixed at assembly time). DIV takes its dividend in rdx:rax and
 * leaves the quotient there, so an integer op carries a load into rax, a
 * zeroed rdx and a move of the quotient (instructions per op show them).
 * Chains in r8 / xmm0 (the fp chain alternates xmm0 and xmm3 as the
 * two-operand divsd's destination, so it needs no move); throughput in
 * rcx r10 r11 rbx r12-r15 / xmm8-xmm15; table in r9. */
#include "body_x86_64.h"
#include "chains_x86_64.h"
	.text

.macro next_entry
	.set	dvo, (dvo + 8) % 256
.endm
.macro int_setup
	push	%rbx; push %r12; push %r13; push %r14; push %r15
	mov	(%rdi), %r8
	mov	8(%rdi), %r9
	mov	24(%rdi), %rdi
	.set	dvo, 0
.endm
.macro int_lat_finish
	mov	%r8, %rax
	pop %r15; pop %r14; pop %r13; pop %r12; pop %rbx
.endm
.macro int_thr_finish
	mov %rcx, %rax; add %r10, %rax; add %r11, %rax; add %rbx, %rax
	add %r12, %rax; add %r13, %rax; add %r14, %rax; add %r15, %rax
	pop %r15; pop %r14; pop %r13; pop %r12; pop %rbx
.endm
.macro fp_setup
	movsd	16(%rdi), %xmm0
	mov	8(%rdi), %r9
	movsd	32(%rdi), %xmm2
	.set	dvo, 0
.endm

.macro div_var_lat
	mov	dvo(%r9), %rax
	xor	%edx, %edx
	div	%r8
	mov	%rax, %r8
	next_entry
.endm
.macro div_one r
	mov	dvo(%r9), %rax
	xor	%edx, %edx
	div	%r8
	mov	%rax, \r
	next_entry
.endm
.macro div_var_thr
	div_one %rcx; div_one %r10; div_one %r11; div_one %rbx
	div_one %r12; div_one %r13; div_one %r14; div_one %r15
.endm
BM_BODY bm_div_lat, 32, int_setup, div_var_lat, int_lat_finish
BM_BODY bm_div_thr, 4, int_setup, div_var_thr, int_thr_finish

/* x = b / x (b in rdi) */
.macro div_rep
	mov	%rdi, %rax
	xor	%edx, %edx
	div	%r8
	mov	%rax, %r8
.endm
BM_BODY bm_div_rep, 32, int_setup, div_rep, int_lat_finish

/* x = c[k] / x: even ops leave x in xmm3, odd ones in xmm0 */
.macro fdiv_var_lat
	.if	(dvo / 8) % 2
	movsd	dvo(%r9), %xmm0
	divsd	%xmm3, %xmm0
	.else
	movsd	dvo(%r9), %xmm3
	divsd	%xmm0, %xmm3
	.endif
	next_entry
.endm
.macro fdiv_one r
	movsd	dvo(%r9), \r
	divsd	%xmm0, \r
	next_entry
.endm
.macro fdiv_var_thr
	fdiv_one %xmm8; fdiv_one %xmm9; fdiv_one %xmm10; fdiv_one %xmm11
	fdiv_one %xmm12; fdiv_one %xmm13; fdiv_one %xmm14; fdiv_one %xmm15
.endm
BM_BODY bm_fdiv_lat, 32, fp_setup, fdiv_var_lat, fp_lat_finish
BM_BODY bm_fdiv_thr, 4, fp_setup, fdiv_var_thr, fp_thr_finish

/* x = 9 / x, alternating xmm3 and xmm0 like fdiv_var_lat */
.macro fdiv_rep
	.if	(dvo / 8) % 2
	movapd	%xmm2, %xmm0
	divsd	%xmm3, %xmm0
	.else
	movapd	%xmm2, %xmm3
	divsd	%xmm0, %xmm3
	.endif
	next_entry
.endm
BM_BODY bm_fdiv_rep, 32, fp_setup, fdiv_rep, fp_lat_finish
