/* Secondary core entry, started by PSCI CPU_ON (Arm DEN 0022, 5.6): at
 * the caller's exception level, MMU and caches off, x0 = the context id
 * we passed: the core's struct core_slot, whose first word is its stack
 * top (harness/cores.h). */
	.section .text
	.balign 4
/* A spin-table core (arch/arm64/smp.c) comes here from firmware's wait
 * loop, MMU and caches off, with no context: its slot is in bm_spin_slot. */
	.globl bm_spin_entry
bm_spin_entry:
	adrp	x0, bm_spin_slot
	ldr	x0, [x0, :lo12:bm_spin_slot]
	b	bm_secondary_entry

	.balign 4
	.globl bm_secondary_entry
bm_secondary_entry:
	msr	daifset, #0xf
	mov	x19, x0
	/* a spin-table core released from a boot loader at EL3 (no TF-A)
	 * drops as the boot core did (el3.S); SCR_EL3 is each core's own */
	mrs	x1, CurrentEL
	cmp	x1, #(3 << 2)
	b.ne	0f
	bl	el3_drop
0:	ldr	x1, [x19]
	mov	sp, x1
	adrp	x0, __tls_base		/* shared: secondaries touch no TLS */
	add	x0, x0, :lo12:__tls_base
	sub	x0, x0, #16
	msr	tpidr_el0, x0
	adrp	x0, bm_vectors
	add	x0, x0, :lo12:bm_vectors
	mrs	x1, CurrentEL
	cmp	x1, #(2 << 2)
	b.ne	1f
	msr	vbar_el2, x0
	mrs	x0, cptr_el2
	bic	x0, x0, #(1 << 10)	/* FP/SIMD not trapped */
	msr	cptr_el2, x0
	mrs	x0, hcr_el2
	bic	x0, x0, #(1 << 34)	/* E2H off */
	msr	hcr_el2, x0
	b	2f
1:	msr	vbar_el1, x0
	mrs	x0, cpacr_el1
	orr	x0, x0, #(3 << 20)	/* FP/SIMD on */
	msr	cpacr_el1, x0
2:	isb
	bl	mmu_secondary		/* the primary's final tables, caches on */
	bl	fpu_secondary		/* baremark.selftest=nofp here too */
	mov	x0, x19
	bl	core_secondary_main
3:	wfe
	b	3b
