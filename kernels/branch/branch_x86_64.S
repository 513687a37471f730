/* x86-64 body for kernels/branch/branch.c: one conditional branch per
 * outcome byte; both paths retire five instructions. */
#include "body_x86_64.h"
	.text
.macro br_setup
	mov	(%rdi), %rdx
	xor	%eax, %eax
	xor	%ecx, %ecx
	.set	br_off, 0
.endm
.macro br_op
	movzbl	br_off(%rdx), %r8d
	test	%r8d, %r8d
	jz	8f
	inc	%rax
	jmp	9f
8:	inc	%rcx
	nop
9:
	.set	br_off, br_off + 1
.endm
.macro br_step1
	add	$64, %rdx
	.set	br_off, 0
.endm
.macro br_step2
	add	$128, %rdx
	.set	br_off, 0
.endm
BM_BODY bm_branch, 64, br_setup, br_op, bm_nostep, br_step1, br_step2
