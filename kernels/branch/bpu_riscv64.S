/* riscv64 bodies for kernels/branch/bpu.c. Not BM_BODY: the x2 body is
 * the x1 body run for twice the iterations (the same code, so the same
 * branch footprint), entered through one shift; the pass's own loop is
 * taken out by an empty pass (BTB 0, the return chain entered at its last
 * ret, the indirect loop without its call). a0 = state, a1 = iterations. */
	.section .text
	.option norvc

/* BTB: a pass is a call into a sled of taken jumps, `spacing` bytes
 * apart (each jumps over never-run zero padding), entered `branches`
 * jumps before its end, where it returns (state 0: the entry; the empty
 * pass enters at the ret). The call's target never changes. Returns the
 * passes made. */
	.globl	bm_btb_x1, bm_btb_x2
	.balign	64
bm_btb_x2:
	slli	a1, a1, 1
bm_btb_x1:
	addi	sp, sp, -16
	sd	ra, 0(sp)
	ld	a3, 0(a0)
	li	a4, 0
1:	jalr	ra, a3
	addi	a4, a4, 1
	addi	a1, a1, -1
	bnez	a1, 1b
	mv	a0, a4
	ld	ra, 0(sp)
	addi	sp, sp, 16
	ret

.macro BTB_SLED spacing
	.globl	bm_btb_sled\spacing, bm_btb_sled\spacing\()_end
	.balign	64
bm_btb_sled\spacing:
	.rept	16384
	j	9f
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

/* Return stack, fixed targets: a chain of 128 functions, 32 bytes each,
 * each calling the next from its own call site (every return always goes
 * to the same place: a target buffer can predict it too); the state
 * (offset 0) holds the entry that makes the calls `depth` deep. Returns
 * the calls made. t1 walks the random chain's site bytes (state 8; see
 * bm_ret_random_chain). The call is an indirect one (t3 steps from the
 * entry to each next function), not a jal, for the reason the random
 * chain gives: the C906's 16-entry BTB holds jals, and they outgrew it
 * at depth 16 and stepped the curve. */
	.globl	bm_ret_x1, bm_ret_x2, bm_ret_chain
	.balign	64
bm_ret_x2:
	slli	a1, a1, 1
bm_ret_x1:
	addi	sp, sp, -16
	sd	ra, 0(sp)
	ld	a3, 0(a0)
	ld	t1, 8(a0)
	li	a4, 0
1:	mv	t3, a3
	jalr	ra, a3
	addi	a1, a1, -1
	bnez	a1, 1b
	mv	a0, a4
	ld	ra, 0(sp)
	addi	sp, sp, 16
	ret
	.balign	64
bm_ret_chain:
	.rept	128
	addi	sp, sp, -16
	sd	ra, 0(sp)
	addi	a4, a4, 1
	addi	t3, t3, 32
	jalr	ra, 0(t3)
	ld	ra, 0(sp)
	addi	sp, sp, 16
	ret
	.endr
2:	ret

/* Return stack, random call sites: 128 functions of 64 bytes, each
 * calling the next from one of two call sites as its site byte says
 * (bpu.c: fresh random bytes every run, never replayed, each 0 or 16:
 * the second site is 16 bytes past the first), so a return goes to a
 * place no history predicts: only a return stack does. The site is
 * chosen by an indirect jump and the call is an indirect one to the
 * next function (t3 holds the auipc's pc, so 44(t3) is the next
 * function), not a branch and a jal: the C906 (OpenC906 aq_ifu_pred.v)
 * enters taken branches and jals in its 16-entry BTB and predicts no
 * jalr but a return, so with those the chain's footprint in the BTB grew
 * with the depth and bent the curve before the stack's 4 entries (issue
 * 45); with these the chain holds no BTB entry at any depth, and a core
 * that predicts indirect jumps meets the same 50% choice a branch gave.
 * Every path retires twelve instructions. */
	.globl	bm_ret_random_chain
	.balign	64
bm_ret_random_chain:
	.rept	128
	.balign	64
	addi	sp, sp, -16
	sd	ra, 0(sp)
	addi	a4, a4, 1
	lbu	t2, 0(t1)
	addi	t1, t1, 1
	auipc	t3, 0
	add	t2, t2, t3
	jalr	zero, 12(t2)
	jalr	ra, 44(t3)
	ld	ra, 0(sp)
	addi	sp, sp, 16
	ret
	jalr	ra, 44(t3)
	ld	ra, 0(sp)
	addi	sp, sp, 16
	ret
	.endr
	.balign	64
	ret

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
/* 1024 stubs of exactly 16 bytes: stub k is at bm_ind_stubs + 16 k (the
 * padding never runs; an addi immediate holds up to 2047) */
	.balign	16
bm_ind_stubs:
	.set	k, 1
	.rept	1024
	addi	a4, a4, k
	ret
	nop
	nop
	.set	k, k + 1
	.endr
