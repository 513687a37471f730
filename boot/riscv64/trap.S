/* Trap entry: switch to the trap stack (its top lives in sscratch), save
 * every register and the trap CSRs in a frame, reset sscratch and call
 * trap_handle(frame) in C. trap_handle never returns: it either resumes a
 * guarded call (longjmp) or stops the run. */
	.section .text
	.balign 4
	.globl trap_entry
trap_entry:
	csrrw	sp, sscratch, sp
	addi	sp, sp, -36*8
	.irp	n, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sd	x\n, \n*8(sp)
	.endr
	csrr	t0, sscratch		/* the interrupted sp */
	sd	t0, 2*8(sp)
	csrr	t0, sepc
	sd	t0, 32*8(sp)
	csrr	t0, scause
	sd	t0, 33*8(sp)
	csrr	t0, stval
	sd	t0, 34*8(sp)
	csrr	t0, sstatus
	sd	t0, 35*8(sp)
	addi	t0, sp, 36*8		/* this hart's trap stack top, for the next trap */
	csrw	sscratch, t0
	mv	a0, sp
	call	trap_handle
1:	wfi
	j	1b
