/* Secondary hart entry, started by SBI HSM hart_start (SBI spec v2.0,
 * chapter 9): S-mode, MMU off, a0 = hart id, a1 = the opaque value we
 * passed: the hart's struct core_slot, whose first two words are its
 * stack top and trap stack top (harness/cores.h). */
	.option norvc
	.section .text
	.balign 4
	.globl bm_secondary_entry
bm_secondary_entry:
	csrw	sie, zero
	csrci	sstatus, 2
	ld	sp, 0(a1)
	ld	t0, 8(a1)
	csrw	sscratch, t0
	lla	tp, __tls_base		/* shared: secondaries touch no TLS */
	lla	t0, trap_entry
	csrw	stvec, t0
	li	t0, 0x2000		/* FPU on (sstatus.FS = Initial), if there is one */
	csrs	sstatus, t0
	csrr	t1, sstatus
	and	t1, t1, t0
	beqz	t1, 1f
	fscsr	zero
1:
	fence.i
	mv	a0, a1
	call	core_secondary_main
1:	wfi
	j	1b
