/* x86-64 bodies for kernels/branch/bpu.c (Linux build), as
 * bpu_riscv64.S: rdi = state, rsi = iterations; empty passes (BTB 0,
 * bm_ind_empty) for the loop's own cost. */
	.section .note.GNU-stack, "", @progbits
	.section .text

/* each jump is 2 bytes, followed by 6 never-run bytes: 8 apart */
.macro BTB n
	.globl	bm_btb_\n\()_x1, bm_btb_\n\()_x2
	.balign	64
bm_btb_\n\()_x2:
	shl	$1, %rsi
bm_btb_\n\()_x1:
	xor	%eax, %eax
1:
	.rept	\n
	jmp	9f
	.skip	6, 0xcc
9:
	.endr
	add	$1, %rax
	dec	%rsi
	jnz	1b
	ret
.endm
	.irp n, 0, 8, 16, 32, 64, 128, 256, 512, 1024, 2048
	BTB	\n
	.endr

/* return stack: 64 functions of 32 bytes, each calling the next */
	.globl	bm_ret_x1, bm_ret_x2, bm_ret_chain
	.balign	64
bm_ret_x2:
	shl	$1, %rsi
bm_ret_x1:
	mov	0(%rdi), %rcx
	xor	%eax, %eax
1:	call	*%rcx
	dec	%rsi
	jnz	1b
	ret
	.balign	64
bm_ret_chain:
	.rept	64
	.balign	32, 0xcc
2:	inc	%rax
	call	2f
	ret
	.endr
	.balign	32, 0xcc
2:	ret

/* The indirect loop (state: 0 table, 8 index mask); with call=0 the
 * same loop without its call, the empty pass bpu.c subtracts. */
.macro IND name, call
	.globl	\name\()_x1, \name\()_x2
	.balign	64
\name\()_x2:
	shl	$1, %rsi
\name\()_x1:
	mov	0(%rdi), %r8
	mov	8(%rdi), %r9
	xor	%ecx, %ecx
	xor	%eax, %eax
1:	mov	(%r8, %rcx, 8), %rdx
	inc	%rcx
	and	%r9, %rcx
	.if	\call
	call	*%rdx
	.endif
	dec	%rsi
	jnz	1b
	ret
.endm
	IND	bm_ind, 1
	IND	bm_ind_empty, 0
	.globl	bm_ind_stubs
/* 64 stubs of exactly 16 bytes: stub k is at bm_ind_stubs + 16 k */
	.balign	16
bm_ind_stubs:
	.set	k, 1
	.rept	64
	.balign	16, 0xcc
	add	$k, %rax
	ret
	.set	k, k + 1
	.endr
