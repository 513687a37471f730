/* riscv64 bodies and sleds for kernels/uarch/window.c, as in
 * window_x86_64.S. State: 0 and 8 the two chases, 16/24 x1's sled
 * entries, 32..56 x2's, 64 an L1 line. a0 = state, a1 = iterations.
 * Every filler is 4 bytes (no compressed forms). The jump into a sled
 * goes through s1, not ra or t0: a jalr through a link register is a
 * return-stack hint (RISC-V unprivileged spec, "jalr" hints table).
 * The integer fillers add a register (a0, the state pointer), not an
 * immediate: `addi rd, rs, 0` is the move idiom some cores eliminate, and
 * an immediate add can be folded at rename (see window_x86_64.S). */
#include "body_riscv64.h"
	.section .text
	.option norvc

.macro fill_int
	.irp r, t0, t1, t2, t3, t4, t5, t6, a7
	add	\r, \r, a0
	.endr
.endm
.macro fill_fp
	.irp r, ft0, ft1, ft2, ft3, ft4, ft5, ft6, ft7
	fadd.d	\r, fa0, fa1
	.endr
.endm
.macro fill_load
	.irp r, t0, t1, t2, t3, t4, t5, t6, a7
	ld	\r, 0(s0)
	.endr
.endm
.macro fill_store
	.rept 8
	sd	zero, 0(s0)
	.endr
.endm
/* never taken: x0 equals itself */
.macro fill_branch
	.rept 8
	bne	zero, zero, 1f
1:
	.endr
.endm

.macro half chase, use, off, back
	ld	\chase, 0(\chase)
	xor	\use, \use, \chase
	ld	s1, \off(a0)
	jr	s1
\back:
.endm

.macro WIN_BODY kind, v, halves, fp
	.globl	bm_win_\kind\()_\v
	.balign	64
bm_win_\kind\()_\v:
	addi	sp, sp, -16
	sd	s0, 0(sp)
	sd	s1, 8(sp)
	ld	a2, 0(a0)
	ld	a3, 8(a0)
	ld	s0, 64(a0)
	li	a4, 0
	li	a5, 0
	.if	\fp
	fmv.d.x	fa0, zero
	fmv.d.x	fa1, zero
	.endif
7:
	WIN_HALVES \kind, \v, \halves, a2, a4, a3, a5
	bm_loop_back 7b
	sd	a2, 0(a0)
	sd	a3, 8(a0)
	mv	a0, a2
	ld	s0, 0(sp)
	ld	s1, 8(sp)
	addi	sp, sp, 16
	ret
.endm

.macro win_jump target
	j	\target
.endm
#include "window_sleds.h"
