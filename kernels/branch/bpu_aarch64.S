/* aarch64 bodies for kernels/branch/bpu.c, as bpu_riscv64.S: x0 = state,
 * x1 = iterations; x2 bodies run the x1 code for twice the iterations;
 * empty passes (BTB 0, bm_ind_empty) for the loop's own cost. */
	.section .text

/* BTB: a pass is a call into a sled of taken jumps, `spacing` bytes
 * apart, entered `branches` jumps before its end, where it returns
 * (state 0: the entry; the empty pass enters at the ret). */
	.globl	bm_btb_x1, bm_btb_x2
	.balign	64
bm_btb_x2:
	lsl	x1, x1, #1
bm_btb_x1:
	stp	x29, x30, [sp, #-16]!
	ldr	x3, [x0]
	mov	x4, #0
1:	blr	x3
	add	x4, x4, #1
	subs	x1, x1, #1
	b.ne	1b
	mov	x0, x4
	ldp	x29, x30, [sp], #16
	ret

.macro BTB_SLED spacing
	.globl	bm_btb_sled\spacing, bm_btb_sled\spacing\()_end
	.balign	64
bm_btb_sled\spacing:
	.rept	16384
	b	9f
	.if	\spacing > 4
	.skip	\spacing - 4
	.endif
9:
	.endr
bm_btb_sled\spacing\()_end:
	ret
.endm
	BTB_SLED 4
	BTB_SLED 16

/* return stack, fixed targets: 128 functions of 32 bytes, each calling
 * the next; x11 walks the random chain's site bytes (state 8) */
	.globl	bm_ret_x1, bm_ret_x2, bm_ret_chain
	.balign	64
bm_ret_x2:
	lsl	x1, x1, #1
bm_ret_x1:
	stp	x29, x30, [sp, #-16]!
	ldp	x3, x11, [x0]
	mov	x4, #0
1:	blr	x3
	subs	x1, x1, #1
	b.ne	1b
	mov	x0, x4
	ldp	x29, x30, [sp], #16
	ret
	.balign	64
bm_ret_chain:
	.rept	128
2:	stp	x29, x30, [sp, #-16]!
	add	x4, x4, #1
	bl	2f
	ldp	x29, x30, [sp], #16
	ret
	nop
	nop
	nop
	.endr
2:	ret

/* return stack, random call sites (see bpu_riscv64.S): 128 functions of
 * 64 bytes, each calling the next from the site its byte names (0 or
 * 16: the second site 16 bytes past the first), the site chosen by an
 * indirect branch; every path retires nine instructions */
	.globl	bm_ret_random_chain
	.balign	64
bm_ret_random_chain:
	.rept	128
	.balign	64
2:	stp	x29, x30, [sp, #-16]!
	add	x4, x4, #1
	ldrb	w12, [x11], #1
	adr	x13, 3f
	add	x12, x13, x12
	br	x12
3:	bl	2f
	ldp	x29, x30, [sp], #16
	ret
	nop
	bl	2f
	ldp	x29, x30, [sp], #16
	ret
	.endr
	.balign	64
2:	ret

/* The indirect loop (state: 0 table, 8 index mask); with call=0 the
 * same loop without its call, the empty pass bpu.c subtracts. */
.macro IND name, call
	.globl	\name\()_x1, \name\()_x2
	.balign	64
\name\()_x2:
	lsl	x1, x1, #1
\name\()_x1:
	mov	x10, x30
	ldp	x5, x7, [x0]
	mov	x6, #0
	mov	x4, #0
1:	ldr	x9, [x5, x6, lsl #3]
	add	x6, x6, #1
	and	x6, x6, x7
	.if	\call
	blr	x9
	.endif
	subs	x1, x1, #1
	b.ne	1b
	mov	x0, x4
	mov	x30, x10
	ret
.endm
	IND	bm_ind, 1
	IND	bm_ind_empty, 0
	.globl	bm_ind_stubs
/* 1024 stubs of exactly 16 bytes: stub k is at bm_ind_stubs + 16 k
 * (an add immediate holds up to 4095) */
	.balign	16
bm_ind_stubs:
	.set	k, 1
	.rept	1024
	add	x4, x4, #k
	ret
	nop
	nop
	.set	k, k + 1
	.endr
