/* x86-64 bodies and sleds for kernels/uarch/window.c (Linux build).
 * State: 0 and 8 the two chases, 16/24 x1's sled entries, 32..56 x2's,
 * 64 an L1 line. rdi = state, rsi = iterations.
 * Every filler of a kind has one encoding length, so that an entry
 * `filler` fillers before a sled's end is end - filler x length:
 *   nop 1 byte; add %rdi,%reg 3 (REX.W 01 /r); vaddpd 4 (two-byte VEX);
 *   mov (%rbx),%reg 3; mov %rdi,(%rbx) 3; jo to the next instruction 2.
 * The uses are xor, which clears OF: the jo fillers are never taken.
 * The integer fillers add a register (the state pointer, always ready),
 * never an immediate: Golden Cove and later eliminate add/sub/inc/dec of
 * a small immediate on a 64-bit register at rename (uops.info's Alder
 * Lake-P figures for ADD_R64_I8 and INC_R64), and an eliminated filler
 * writes no physical register, so the reorder buffer, not the register
 * file, would end the window (issue 26, a Redwood Cove). */
	.section .note.GNU-stack, "", @progbits
	.section .text

.macro fill_int
	.irp r, rax, rcx, rdx, rbp, r12, r13, r14, r15
	add	%rdi, %\r
	.endr
.endm
.macro fill_fp
	.irp r, 2, 3, 4, 5, 6, 7, 8, 9
	vaddpd	%xmm1, %xmm0, %xmm\r
	.endr
.endm
.macro fill_load
	.irp r, rax, rcx, rdx, rbp, r12, r13, r14, r15
	mov	(%rbx), %\r
	.endr
.endm
.macro fill_store
	.rept 8
	mov	%rdi, (%rbx)
	.endr
.endm
.macro fill_branch
	.rept 8
	jo	1f
1:
	.endr
.endm

/* one load of a chase, used at once, then into sled `off` */
.macro half chase, use, off, back
	mov	(\chase), \chase
	xor	\chase, \use
	jmp	*\off(%rdi)
\back:
.endm

.macro WIN_BODY kind, v, halves, fp
	.globl	bm_win_\kind\()_\v
	.balign	64
bm_win_\kind\()_\v:
	push %rbx; push %rbp; push %r12; push %r13; push %r14; push %r15
	mov	0(%rdi), %r8
	mov	8(%rdi), %r9
	mov	64(%rdi), %rbx
	xor	%r10d, %r10d
	xor	%r11d, %r11d
	.if	\fp
	vxorpd	%xmm0, %xmm0, %xmm0
	vxorpd	%xmm1, %xmm1, %xmm1
	.endif
7:
	WIN_HALVES \kind, \v, \halves, %r8, %r10, %r9, %r11
	dec	%rsi
	jnz	7b
	mov	%r8, 0(%rdi)
	mov	%r9, 8(%rdi)
	mov	%r8, %rax
	.if	\fp
	vzeroupper
	.endif
	pop %r15; pop %r14; pop %r13; pop %r12; pop %rbp; pop %rbx
	ret
.endm

.macro win_jump target
	jmp	\target
.endm
#include "window_sleds.h"
