/* riscv64 bodies for kernels/branch/bpu.c. Not BM_BODY: the x2 body is
 * the x1 body run for twice the iterations (the same code, so the same
 * branch footprint), entered through one shift; the pass's own loop is
 * taken out by an empty pass (BTB 0, the return chain entered at its last
 * ret, the indirect loop without its call). a0 = state, a1 = iterations. */
	.section .text
	.option norvc

/* BTB: a pass over N taken jumps, 8 bytes apart (each jumps over a nop
 * that never runs); returns the passes made. */
.macro BTB n
	.globl	bm_btb_\n\()_x1, bm_btb_\n\()_x2
	.balign	64
bm_btb_\n\()_x2:
	slli	a1, a1, 1
bm_btb_\n\()_x1:
	li	a0, 0
1:
	.rept	\n
	j	9f
	nop
9:
	.endr
	addi	a0, a0, 1
	addi	a1, a1, -1
	bnez	a1, 1b
	ret
.endm
	.irp n, 0, 8, 16, 32, 64, 128, 256, 512, 1024, 2048
	BTB	\n
	.endr

/* Return stack: a chain of 64 functions, 32 bytes each, each calling the
 * next from its own call site (so every return has its own target: a
 * branch target buffer cannot stand in for the return stack); the state
 * (offset 0) holds the entry that makes the calls `depth` deep. Returns
 * the calls made. */
	.globl	bm_ret_x1, bm_ret_x2, bm_ret_chain
	.balign	64
bm_ret_x2:
	slli	a1, a1, 1
bm_ret_x1:
	addi	sp, sp, -16
	sd	ra, 0(sp)
	ld	a3, 0(a0)
	li	a4, 0
1:	jalr	ra, a3
	addi	a1, a1, -1
	bnez	a1, 1b
	mv	a0, a4
	ld	ra, 0(sp)
	addi	sp, sp, 16
	ret
	.balign	64
bm_ret_chain:
	.rept	64
2:	addi	sp, sp, -16
	sd	ra, 0(sp)
	addi	a4, a4, 1
	jal	ra, 2f
	ld	ra, 0(sp)
	addi	sp, sp, 16
	ret
	nop
	.endr
2:	ret

/* Indirect: a call through a table of stub addresses (state: 0 table,
 * 8 index mask), cycling through it; stub k adds k + 1 and returns.
 * Returns the sum. With call=0 the same loop without its call: the empty
 * pass bpu.c subtracts. */
.macro IND name, call
	.globl	\name\()_x1, \name\()_x2
	.balign	64
\name\()_x2:
	slli	a1, a1, 1
\name\()_x1:
	mv	t2, ra
	ld	a5, 0(a0)
	ld	a7, 8(a0)
	li	a6, 0
	li	a4, 0
1:	slli	t0, a6, 3
	add	t0, t0, a5
	ld	t0, 0(t0)
	addi	a6, a6, 1
	and	a6, a6, a7
	.if	\call
	jalr	ra, t0
	.endif
	addi	a1, a1, -1
	bnez	a1, 1b
	mv	a0, a4
	mv	ra, t2
	ret
.endm
	IND	bm_ind, 1
	IND	bm_ind_empty, 0
	.globl	bm_ind_stubs
/* 64 stubs of exactly 16 bytes: stub k is at bm_ind_stubs + 16 k (the
 * padding never runs) */
	.balign	16
bm_ind_stubs:
	.set	k, 1
	.rept	64
	addi	a4, a4, k
	ret
	nop
	nop
	.set	k, k + 1
	.endr
