/* aarch64 entry. U-Boot booti and QEMU -kernel enter at EL2 or EL1 with
 * x0 = DTB (entered at EL3, on a board without TF-A, el3.S drops to EL2
 * or EL1 first); booti leaves the MMU and D-cache off, U-Boot `go` leaves
 * them on. Both are handled: if the MMU is on, the caches are cleaned and the
 * MMU turned off before anything is written.
 *
 * The first 64 bytes are the arm64 Image header, laid out as in the Linux
 * kernel's Documentation/arch/arm64/booting.rst, so booti accepts the
 * flat binary. */
/* MMU, D-cache and I-cache off at one level (the caches already cleaned),
 * its TLB entries and the I-cache dropped. Uses x0. */
	.macro	mmu_off sctlr, tlbi_op
	mrs	x0, \sctlr
	bic	x0, x0, #1		/* M */
	bic	x0, x0, #(1 << 2)	/* C */
	bic	x0, x0, #(1 << 12)	/* I */
	msr	\sctlr, x0
	isb
	tlbi	\tlbi_op
	dsb	sy
	ic	iallu
	dsb	sy
	isb
	.endm

	.section .text.head, "ax"
	.globl _start
_start:
	b	entry			/* code0 */
	.word	0			/* code1 */
	.quad	BM_TEXT_OFFSET		/* text_offset */
	.quad	_end - _start		/* image_size, including BSS and stacks */
	/* flags: bit 0 = 0 little endian; bits 2:1 = 01 4 KiB pages;
	 * bit 3 = 1 may be placed anywhere in RAM (we relocate ourselves). */
	.quad	0xa
	.quad	0, 0, 0			/* reserved */
	.ascii	"ARM\x64"		/* magic */
	.word	0			/* no PE header */

entry:
	msr	daifset, #0xf		/* no interrupts, ever */
	/* The timer at entry, from which the end record counts the cycles
	 * to the first result (a simulator's budget, issue 30); CNTVCT_EL0
	 * reads at EL1 and EL2. */
	mrs	x23, cntvct_el0
	mov	x19, x0			/* DTB */
	mov	x22, #0			/* MMU on at entry? (for the core record) */
	mrs	x24, CurrentEL
	ubfx	x24, x24, #2, #2	/* entry exception level */
	cmp	x24, #3
	b.ne	.Lnot_el3
	/* At EL3 (no TF-A below us): with the MMU on, clean the caches and
	 * turn it off as below; then drop to EL2 or EL1 (el3.S), whose
	 * SCTLR it leaves with the MMU off. */
	mrs	x0, sctlr_el3
	tbz	x0, #0, .Lel3_mmu_off
	mov	x22, #1
	bl	dcache_clean_inval_all
	mmu_off	sctlr_el3, alle3
.Lel3_mmu_off:
	bl	el3_drop
.Lnot_el3:
	mrs	x20, CurrentEL
	ubfx	x20, x20, #2, #2	/* the level we run at */

	/* MMU on at entry? Clean the data caches to memory (registers only),
	 * then turn MMU and caches off: we build our own tables. */
	cmp	x20, #2
	b.ne	1f
	mrs	x0, sctlr_el2
	b	2f
1:	mrs	x0, sctlr_el1
2:	tbz	x0, #0, 4f
	mov	x22, #1
	bl	dcache_clean_inval_all
	cmp	x20, #2
	b.ne	3f
	mmu_off	sctlr_el2, alle2
	b	4f
3:	mmu_off	sctlr_el1, vmalle1
4:
	/* Self-relocation: delta = where we run - where we were linked; add
	 * it to every pointer tools/mkreloc listed (u32 count, u32 offsets). */
	adr	x0, _start
	ldr	x1, =BM_LOAD_ADDR
	sub	x21, x0, x1
	cbz	x21, 6f
	adrp	x2, __bm_reloc
	add	x2, x2, :lo12:__bm_reloc
	ldr	w3, [x2], #4
5:	cbz	w3, 6f
	ldr	w4, [x2], #4
	add	x4, x4, x0
	ldr	x5, [x4]
	add	x5, x5, x21
	str	x5, [x4]
	sub	w3, w3, #1
	b	5b
6:
	/* BSS (and the TLS zero block at its start): aligned stores only,
	 * no DC ZVA (both fault on the Device memory we run in now); 16
	 * bytes a store (both ends are 16-aligned). What need not start at
	 * zero is in .noinit and is not touched. */
	adrp	x0, __bss_start
	add	x0, x0, :lo12:__bss_start
	adrp	x1, __bss_end
	add	x1, x1, :lo12:__bss_end
7:	cmp	x0, x1
	b.hs	8f
	stp	xzr, xzr, [x0], #16
	b	7b
8:
	adrp	x0, __stack_top
	add	x0, x0, :lo12:__stack_top
	mov	sp, x0
	/* TLS: picolibc's thread pointer sits 16 bytes before the block
	 * (its __arm64_tls_tcb_offset for alignments up to 16). */
	adrp	x0, __tls_base
	add	x0, x0, :lo12:__tls_base
	sub	x0, x0, #16
	msr	tpidr_el0, x0
	adrp	x0, bm_vectors
	add	x0, x0, :lo12:bm_vectors
	cmp	x20, #2
	b.ne	9f
	msr	vbar_el2, x0
	/* FP/SIMD not trapped (CPTR_EL2.TFP, bit 10); E2H off so the EL2
	 * registers have their plain (non-VHE) layout. */
	mrs	x0, cptr_el2
	bic	x0, x0, #(1 << 10)
	msr	cptr_el2, x0
	mrs	x0, hcr_el2
	bic	x0, x0, #(1 << 34)
	msr	hcr_el2, x0
	b	10f
9:	msr	vbar_el1, x0
	/* FP/SIMD on at EL1 and EL0 (CPACR_EL1.FPEN = 0b11). */
	mrs	x0, cpacr_el1
	orr	x0, x0, #(3 << 20)
	msr	cpacr_el1, x0
10:	isb
	mov	x0, x19
	mov	x1, x20
	mov	x2, x21
	mov	x3, x22
	mov	x4, x23
	mov	x5, x24
	bl	arch_entry
11:	wfe
	b	11b
	.ltorg
