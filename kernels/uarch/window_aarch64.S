/* aarch64 bodies and sleds for kernels/uarch/window.c, as in
 * window_x86_64.S. State: 0 and 8 the two chases, 16/24 x1's sled
 * entries, 32..56 x2's, 64 an L1 line. x0 = state, x1 = iterations.
 * Every filler is 4 bytes; the FP fillers write v16-v23 (caller-saved
 * under AAPCS64, unlike v8-v15). The integer fillers add a register
 * (x0, the state pointer), not an immediate: no renamer may treat them
 * as moves or fold them (see window_x86_64.S). */
#include "body_aarch64.h"
	.section .text

.macro fill_int
	.irp r, 8, 9, 10, 11, 12, 13, 14, 15
	add	x\r, x\r, x0
	.endr
.endm
.macro fill_fp
	.irp r, 16, 17, 18, 19, 20, 21, 22, 23
	fadd	d\r, d0, d1
	.endr
.endm
.macro fill_load
	.irp r, 8, 9, 10, 11, 12, 13, 14, 15
	ldr	x\r, [x6]
	.endr
.endm
.macro fill_store
	.rept 8
	str	xzr, [x6]
	.endr
.endm
/* never taken: xzr is zero */
.macro fill_branch
	.rept 8
	cbnz	xzr, 1f
1:
	.endr
.endm

.macro half chase, use, off, back
	ldr	\chase, [\chase]
	eor	\use, \use, \chase
	ldr	x7, [x0, #\off]
	br	x7
\back:
.endm

.macro WIN_BODY kind, v, halves, fp
	.globl	bm_win_\kind\()_\v
	.balign	64
bm_win_\kind\()_\v:
	ldp	x2, x3, [x0]
	ldr	x6, [x0, #64]
	mov	x4, #0
	mov	x5, #0
	.if	\fp
	movi	d0, #0
	movi	d1, #0
	.endif
7:
	WIN_HALVES \kind, \v, \halves, x2, x4, x3, x5
	bm_loop_back 7b
	stp	x2, x3, [x0]
	mov	x0, x2
	ret
.endm

.macro win_jump target
	b	\target
.endm
#include "window_sleds.h"
