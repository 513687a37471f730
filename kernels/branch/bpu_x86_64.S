/* x86-64 bodies for kernels/branch/bpu.c (Linux build), as
 * bpu_riscv64.S: rdi = state, rsi = iterations; the x2 body is the x1
 * body run for twice the iterations; empty passes for the loop's own
 * cost. */
	.section .note.GNU-stack, "", @progbits
	.section .text

/* BTB: a pass is a call into a sled of taken jumps, `spacing` bytes
 * apart (a 2-byte jmp over never-run int3 padding), entered `branches`
 * jumps before its end, where it returns (state 0: the entry; the empty
 * pass enters at the ret). The call's target never changes. Returns the
 * passes made. */
	.globl	bm_btb_x1, bm_btb_x2
	.balign	64
bm_btb_x2:
	shl	$1, %rsi
bm_btb_x1:
	mov	0(%rdi), %rcx
	xor	%eax, %eax
1:	call	*%rcx
	add	$1, %rax
	dec	%rsi
	jnz	1b
	ret

.macro BTB_SLED spacing
	.globl	bm_btb_sled\spacing, bm_btb_sled\spacing\()_end
	.balign	64
bm_btb_sled\spacing:
	.rept	65536 /* SLED_JUMPS in bpu.c */
	jmp	9f
	.skip	\spacing - 2, 0xcc
9:
	.endr
bm_btb_sled\spacing\()_end:
	ret
.endm
	BTB_SLED 4
	BTB_SLED 16

/* Return stack, fixed targets: 128 functions of 32 bytes, each calling
 * the next from its own call site, so every return always goes to the
 * same place (a target buffer can predict it too). r11 walks the random
 * chain's site bytes (state 8; unused by the fixed chain). */
	.globl	bm_ret_x1, bm_ret_x2, bm_ret_chain
	.balign	64
bm_ret_x2:
	shl	$1, %rsi
bm_ret_x1:
	mov	0(%rdi), %rcx
	mov	8(%rdi), %r11
	xor	%eax, %eax
1:	call	*%rcx
	dec	%rsi
	jnz	1b
	ret
	.balign	64
bm_ret_chain:
	.rept	128
	.balign	32, 0xcc
2:	inc	%rax
	call	2f
	ret
	.endr
	.balign	32, 0xcc
2:	ret

/* Return stack, random call sites: 128 functions of 64 bytes, each
 * calling the next from one of two sites as the next site byte says
 * (bpu.c: fresh random bytes for every run, never replayed, each 0 or
 * 16: the second site 16 bytes past the first). A return goes to
 * whichever site called, chosen by a coin no history holds, so no
 * target buffer or history-based indirect predictor can learn it: only
 * a return stack predicts it. The site is chosen by an indirect jump
 * (see bpu_riscv64.S), which mispredicts half the time at every depth,
 * a constant under the curve. Every path retires eight instructions. */
	.globl	bm_ret_random_chain
	.balign	64
bm_ret_random_chain:
	.rept	128
	.balign	64, 0xcc
2:	inc	%rax
	movzbl	(%r11), %edx
	inc	%r11
	lea	3f(%rip), %r9
	add	%r9, %rdx
	jmp	*%rdx
	.balign	16, 0xcc
3:	call	2f
	ret
	.balign	16, 0xcc
	call	2f
	ret
	.endr
	.balign	64, 0xcc
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
/* 1024 stubs of exactly 16 bytes: stub k is at bm_ind_stubs + 16 k */
	.balign	16
bm_ind_stubs:
	.set	k, 1
	.rept	1024
	.balign	16, 0xcc
	add	$k, %rax
	ret
	.set	k, k + 1
	.endr
