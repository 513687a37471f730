/* bm_setjmp / bm_longjmp (jump.h): the integer callee-saved registers
 * of the AAPCS64 (x19-x29, the link register x30) and sp. */
	.section .text.bm_setjmp, "ax"
	.balign 4
	.globl bm_setjmp
bm_setjmp:
	stp	x19, x20, [x0, #0]
	stp	x21, x22, [x0, #16]
	stp	x23, x24, [x0, #32]
	stp	x25, x26, [x0, #48]
	stp	x27, x28, [x0, #64]
	stp	x29, x30, [x0, #80]
	mov	x2, sp
	str	x2, [x0, #96]
	mov	w0, #0
	ret

	.section .text.bm_longjmp, "ax"
	.balign 4
	.globl bm_longjmp
bm_longjmp:
	ldp	x19, x20, [x0, #0]
	ldp	x21, x22, [x0, #16]
	ldp	x23, x24, [x0, #32]
	ldp	x25, x26, [x0, #48]
	ldp	x27, x28, [x0, #64]
	ldp	x29, x30, [x0, #80]
	ldr	x2, [x0, #96]
	mov	sp, x2
	cmp	w1, #0			/* setjmp returns val, or 1 for 0 */
	csinc	w0, w1, wzr, ne
	ret
