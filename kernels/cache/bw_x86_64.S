/* x86-64 bodies for kernels/cache/bandwidth.c (Linux build), as
 * bw_riscv64.S: rdi = state, rsi = iterations. */
#include "body_x86_64.h"
	.section .text

.macro bw_setup
	mov	0(%rdi), %rax
	mov	8(%rdi), %rcx
	mov	16(%rdi), %rdx
	mov	24(%rdi), %r8
	mov	32(%rdi), %r9
	xor	%r10d, %r10d
	xor	%r11d, %r11d
.endm
.macro bw_next
	add	$64, %rax
	cmp	%rdx, %rax
	jb	9f
	mov	%rcx, %rax
9:
.endm
.macro bw_finish
	mov	%rax, 0(%rdi)
	lea	(%r10, %r11), %rax
.endm
/* each half-line summed on its own, then one add per accumulator: the
 * accumulators' chains cost one add per line, not four */
.macro read_op
	mov 0(%rax), %r9; add 8(%rax), %r9; add 16(%rax), %r9; add 24(%rax), %r9
	mov 32(%rax), %r8; add 40(%rax), %r8; add 48(%rax), %r8; add 56(%rax), %r8
	add %r9, %r10; add %r8, %r11
	bw_next
.endm
.macro write_op
	mov %r9, 0(%rax); mov %r9, 8(%rax); mov %r9, 16(%rax); mov %r9, 24(%rax)
	mov %r9, 32(%rax); mov %r9, 40(%rax); mov %r9, 48(%rax); mov %r9, 56(%rax)
	add $1, %r10
	bw_next
.endm
/* a copy stores nothing of its own, so r9 carries the words */
.macro copy_op
	mov 0(%rax), %r9; mov %r9, 0(%rax, %r8); mov 8(%rax), %r9; mov %r9, 8(%rax, %r8)
	mov 16(%rax), %r9; mov %r9, 16(%rax, %r8); mov 24(%rax), %r9; mov %r9, 24(%rax, %r8)
	mov 32(%rax), %r9; mov %r9, 32(%rax, %r8); mov 40(%rax), %r9; mov %r9, 40(%rax, %r8)
	mov 48(%rax), %r9; mov %r9, 48(%rax, %r8); mov 56(%rax), %r9; mov %r9, 56(%rax, %r8)
	add $1, %r10
	bw_next
.endm
	BM_BODY bm_bw_read, 8, bw_setup, read_op, bw_finish
	BM_BODY bm_bw_write, 8, bw_setup, write_op, bw_finish
	BM_BODY bm_bw_copy, 8, bw_setup, copy_op, bw_finish

/* The widest loads here: two 32-byte AVX loads (64 bytes) per op, run
 * only where CPUID has AVX2 (bandwidth.c checks). */
	.globl	bm_bw_vbytes
bm_bw_vbytes:
	mov	$64, %eax
	ret
.macro vread_op
	vmovdqa	0(%rax), %ymm0
	vmovdqa	32(%rax), %ymm1
	add	$1, %r10
	bw_next
.endm
.macro vread_finish
	vzeroupper
	bw_finish
.endm
	BM_BODY bm_bw_vread, 8, bw_setup, vread_op, vread_finish
