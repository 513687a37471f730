/* Entered at EL3 (a board whose boot ROM or U-Boot runs the image with no
 * TF-A underneath; QEMU virt,secure=on loading the ELF): become the
 * non-secure EL2 (EL1 where the core has no EL2), the level the rest of
 * the image is written for, on this core. Registers and bits from the Arm
 * ARM (DDI 0487), each register's page in "AArch64 System Register
 * Descriptions" (its D-chapter of that name):
 *   SCR_EL3   NS (0) non-secure below EL3; bits 5:4 RES1; SMD (7) 0, so an
 *             SMC comes here (or to QEMU's own PSCI); HCE (8) HVC enabled,
 *             only where EL2 exists; RW (10) the lower levels are AArch64.
 *   CPTR_EL3  TFP (10) 0: FP/SIMD not trapped; TTA (20), TCPAC (31) 0;
 *             EZ (8) 1 where SVE exists (ID_AA64PFR0_EL1.SVE, bits 35:32).
 *   MDCR_EL3  0: TPM (6) 0, PMU registers not trapped from below; SPME
 *             (17) 0, counting in Secure state prohibited (we leave it).
 *   SPSR_EL3  M[3:0] 0b1001 EL2h or 0b0101 EL1h, DAIF (9:6) all masked.
 *   ELR_EL3   where to go on: the caller's return address.
 * and for the level below, whose reset values are UNKNOWN when the core
 * reset into EL3: SCTLR_EL2/EL1 their RES1 bits only (MMU, caches and
 * alignment checks off, little-endian); HCR_EL2 RW (31) alone (EL1
 * AArch64, no traps, E2H and TGE off); CPTR_EL2 its RES1 bits (13:12,
 * 9:0), TFP 0; MDCR_EL2 HPMN (4:0) = PMCR_EL0.N, every other bit 0 (HPMD
 * and HCCD 0: counting at EL2 allowed); CNTHCTL_EL2 EL1PCTEN|EL1PCEN;
 * CNTVOFF_EL2 0, so the virtual count is the physical one.
 * CNTFRQ_EL0 is writable only here, at the highest level; it is left as
 * the boot ROM or QEMU set it (a zero there is reported as "no timer
 * rate" by the run, which cannot invent one).
 * No PSCI firmware runs here: an SMC from below comes back through
 * el3_vectors with NOT_SUPPORTED (-1, Arm DEN 0022 PSCI 1.1, 5.2.2), so
 * PSCI CPU_ON and SYSTEM_OFF fail with that answer instead of faulting;
 * QEMU, which answers PSCI itself before the SMC reaches EL3, starts cores
 * and powers off as usual. */
	.section .text
	.balign 4
	.globl	el3_drop
/* el3_drop: call at EL3 (bl) before any stack is set; returns at the
 * lower level with x3-x30 as they were. Uses x0-x2. */
el3_drop:
	adrp	x0, el3_vectors
	add	x0, x0, :lo12:el3_vectors
	msr	vbar_el3, x0
	mrs	x1, id_aa64pfr0_el1
	ubfx	x2, x1, #32, #4		/* SVE */
	mov	x0, #0
	cbz	x2, 1f
	mov	x0, #(1 << 8)		/* EZ */
1:	msr	cptr_el3, x0
	msr	mdcr_el3, xzr
	ubfx	x2, x1, #8, #4		/* EL2: 0 = not implemented */
	mov	x0, #((1 << 10) | (3 << 4) | 1)	/* RW, RES1, NS */
	cbz	x2, 2f
	orr	x0, x0, #(1 << 8)	/* HCE */
2:	msr	scr_el3, x0
	isb
	cbz	x2, 3f
	/* EL2 */
	ldr	x0, =0x30c50830		/* SCTLR_EL2 RES1: 29:28, 23:22, 18, 16, 11, 5:4 */
	msr	sctlr_el2, x0
	mov	x0, #(1 << 31)		/* HCR_EL2.RW */
	msr	hcr_el2, x0
	mov	x0, #0x33ff		/* CPTR_EL2 RES1 */
	msr	cptr_el2, x0
	mrs	x0, pmcr_el0
	ubfx	x0, x0, #11, #5		/* N */
	msr	mdcr_el2, x0		/* HPMN = N */
	mov	x0, #3
	msr	cnthctl_el2, x0
	msr	cntvoff_el2, xzr
	mov	x0, #0x3c9		/* EL2h, DAIF masked */
	b	4f
3:	ldr	x0, =0x30d00800		/* SCTLR_EL1 RES1: 29:28, 23:22, 20, 11 */
	msr	sctlr_el1, x0
	mov	x0, #0x3c5		/* EL1h, DAIF masked */
4:	msr	spsr_el3, x0
	msr	elr_el3, x30
	eret
	.ltorg

/* EL3's vectors, once we have dropped: 16 entries of 128 bytes, 2 KiB
 * aligned, as boot/aarch64/vectors.S. Only "lower EL, AArch64, synchronous"
 * (offset 0x400) is expected: an SMC (ESR_EL3.EC 0x17) answers -1, PSCI
 * NOT_SUPPORTED (and SMCCC's "unknown function"), and returns past it;
 * anything else trapped to EL3 (a register EL3 keeps) is handed to the
 * level that took it, as if taken there (ELR, SPSR, ESR, FAR copied, on to
 * its VBAR + 0x200, current EL with SP_ELx), so the image's own trap
 * handler reports it once. An exception at EL3 itself stops the core
 * (wfe): there is no console yet, and nothing to resume. One scratch
 * register, TPIDR_EL3, keeps x0; no stack is used. */
	.section .text.vectors, "ax"
	.balign	2048
el3_vectors:
	.rept	8			/* current EL, SP0 and SPx */
	.balign	128
	wfe
	b	.-4
	.endr
	.balign	128			/* lower EL, AArch64: synchronous */
	b	el3_lower_sync
	.rept	7			/* its IRQ/FIQ/SError (never routed here), AArch32 */
	.balign	128
	wfe
	b	.-4
	.endr

el3_lower_sync:
	msr	tpidr_el3, x0
	mrs	x0, esr_el3
	lsr	x0, x0, #26
	cmp	x0, #0x17		/* SMC from AArch64 */
	b.ne	1f
	mov	x0, #-1
	eret
1:	mrs	x0, spsr_el3
	ubfx	x0, x0, #2, #2		/* the level that trapped */
	cmp	x0, #2
	b.ne	2f
	mrs	x0, elr_el3
	msr	elr_el2, x0
	mrs	x0, spsr_el3
	msr	spsr_el2, x0
	mrs	x0, esr_el3
	msr	esr_el2, x0
	mrs	x0, far_el3
	msr	far_el2, x0
	mrs	x0, vbar_el2
	add	x0, x0, #0x200
	msr	elr_el3, x0
	mov	x0, #0x3c9
	msr	spsr_el3, x0
	mrs	x0, tpidr_el3
	eret
2:	mrs	x0, elr_el3
	msr	elr_el1, x0
	mrs	x0, spsr_el3
	msr	spsr_el1, x0
	mrs	x0, esr_el3
	msr	esr_el1, x0
	mrs	x0, far_el3
	msr	far_el1, x0
	mrs	x0, vbar_el1
	add	x0, x0, #0x200
	msr	elr_el3, x0
	mov	x0, #0x3c5
	msr	spsr_el3, x0
	mrs	x0, tpidr_el3
	eret
