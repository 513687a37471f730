/* x86-64 bodies for kernels/uarch/uarch.c (Linux build), as in
 * uarch_riscv64.S. rdi = state (0..88 p[0..11], 96 x, 104 l1, 112 b,
 * 120 c), rsi = iterations. Bodies that need more than the caller-saved
 * registers push rbx and r12-r15 in their set-up and pop them in their
 * finish. */
#include "body_x86_64.h"
	.section .text

.macro push_saved
	push %rbx; push %r12; push %r13; push %r14; push %r15
.endm
.macro pop_saved
	pop %r15; pop %r14; pop %r13; pop %r12; pop %rbx
.endm


.macro MLP k, regs:vararg
.macro mlp_setup_\k
	push_saved
	.set off, 0
	.irp r, \regs
	mov	off(%rdi), \r
	.set off, off + 8
	.endr
.endm
.macro mlp_op_\k
	.irp r, \regs
	mov	(\r), \r
	.endr
.endm
.macro mlp_finish_\k
	.set off, 0
	.irp r, \regs
	mov	\r, off(%rdi)
	.set off, off + 8
	.endr
	pop_saved
	mov	%r8, %rax
.endm
	BM_BODY bm_uarch_mlp_\k, 1, mlp_setup_\k, mlp_op_\k, mlp_finish_\k
.endm
	MLP 1, %r8
	MLP 2, %r8, %r9
	MLP 3, %r8, %r9, %r10
	MLP 4, %r8, %r9, %r10, %r11
	MLP 6, %r8, %r9, %r10, %r11, %rax, %rcx
	MLP 8, %r8, %r9, %r10, %r11, %rax, %rcx, %rdx, %rbx
	MLP 10, %r8, %r9, %r10, %r11, %rax, %rcx, %rdx, %rbx, %r12, %r13

/* store, reload, add a register (b): an immediate add would be taken
 * out of the chain at rename on Golden Cove and later (window_x86_64.S) */
.macro stlf_setup
	mov	96(%rdi), %rax
	mov	104(%rdi), %rcx
	mov	112(%rdi), %rdx
.endm
.macro stlf_op
	mov	%rax, (%rcx)
	mov	(%rcx), %rax
	add	%rdx, %rax
.endm
.macro stlf_finish
.endm
	BM_BODY bm_uarch_stlf, 8, stlf_setup, stlf_op, stlf_finish

/* adds on rax, rcx, rdx, r8 (operand r10); loads / multiplies into
 * rbx, r12, r13, r14 (address r9, multiplier r11) */
.macro mix_setup
	push_saved
	mov	96(%rdi), %rax
	mov	104(%rdi), %r9
	mov	112(%rdi), %r10
	mov	120(%rdi), %r11
	mov %rax, %rcx; mov %rax, %rdx; mov %rax, %r8
	mov %rax, %rbx; mov %rax, %r12; mov %rax, %r13; mov %rax, %r14
.endm
.macro mix_finish
	add %rcx, %rax; add %rdx, %rax; add %r8, %rax
	add %rbx, %rax; add %r12, %rax; add %r13, %rax; add %r14, %rax
	pop_saved
.endm
.macro alu_load_op
	add %r10, %rax; mov (%r9), %rbx; add %r10, %rcx; mov (%r9), %r12
	add %r10, %rdx; mov (%r9), %r13; add %r10, %r8; mov (%r9), %r14
.endm
/* jo after an add that never overflows: a never-taken branch */
.macro alu_branch_op
	add %r10, %rax; jo 9f
9:	add %r10, %rcx; jo 9f
9:	add %r10, %rdx; jo 9f
9:	add %r10, %r8; jo 9f
9:
.endm
.macro alu_mul_op
	add %r10, %rax; imul %r11, %rbx; add %r10, %rcx; imul %r11, %r12
	add %r10, %rdx; imul %r11, %r13; add %r10, %r8; imul %r11, %r14
.endm
	BM_BODY bm_uarch_alu_load, 3, mix_setup, alu_load_op, mix_finish
	BM_BODY bm_uarch_alu_branch, 3, mix_setup, alu_branch_op, mix_finish
	BM_BODY bm_uarch_alu_mul, 3, mix_setup, alu_mul_op, mix_finish
