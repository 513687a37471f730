/* riscv64 entry. Firmware (OpenSBI fw_jump/fw_dynamic, U-Boot booti, QEMU
 * -kernel) enters in S-mode with a0 = hart id, a1 = DTB address, MMU off.
 *
 * The first 64 bytes are the Linux RISC-V Image header, laid out as in
 * Documentation/arch/riscv/boot-image-header.rst of the Linux kernel, so
 * U-Boot's booti accepts the flat binary. */
	.option norvc
	.section .text.head, "ax"
	.globl _start
_start:
	j	entry			/* code0: jump over the header */
	.word	0			/* code1 */
	.dword	BM_TEXT_OFFSET		/* text_offset: booti places us at RAM base + this */
	.dword	_end - _start		/* image_size, including BSS and stacks */
	.dword	0			/* flags: bit 0 = 0, little endian */
	.word	2			/* header version 0.2 */
	.word	0
	.dword	0
	.ascii	"RISCV\0\0\0"		/* magic (deprecated, still checked by some loaders) */
	.ascii	"RSC\x05"		/* magic2 */
	.word	0

entry:
	/* No interrupts until we say so (we never do while measuring). */
	csrw	sie, zero
	csrci	sstatus, 2
	mv	s0, a0
	mv	s1, a1

	/* The timer at entry, from which the end record counts the cycles
	 * to the first result (a simulator's budget, issue 30). Our trap
	 * handler is not up yet, so a read the firmware does not emulate
	 * lands on a stvec that skips it and leaves s3 = 0 (not read). */
	lla	t0, 91f
	csrw	stvec, t0
	li	s3, 0
	rdtime	s3
	j	92f
	.balign	4
91:	csrr	t0, sepc
	addi	t0, t0, 4
	csrw	sepc, t0
	sret
92:

	/* Self-relocation: delta = where we run - where we were linked;
	 * add it to every pointer tools/mkreloc listed (u32 count, then u32
	 * offsets from _start). */
	lla	t0, _start
	li	t1, BM_LOAD_ADDR
	sub	s2, t0, t1
	beqz	s2, 3f
	lla	t2, __bm_reloc
	lwu	t3, 0(t2)
	addi	t2, t2, 4
1:	beqz	t3, 3f
	lwu	t4, 0(t2)
	add	t4, t4, t0
	ld	t5, 0(t4)
	add	t5, t5, s2
	sd	t5, 0(t4)
	addi	t2, t2, 4
	addi	t3, t3, -1
	j	1b
3:
	/* BSS (and the TLS zero block at its start): words up to a 64-byte
	 * boundary, then 64 bytes a turn (the linker script aligns its end);
	 * what need not start at zero is in .noinit and is not touched. */
	lla	t0, __bss_start
	lla	t1, __bss_end
4:	andi	t2, t0, 63
	beqz	t2, 44f
	bgeu	t0, t1, 5f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	4b
44:	bgeu	t0, t1, 5f
	sd	zero, 0(t0)
	sd	zero, 8(t0)
	sd	zero, 16(t0)
	sd	zero, 24(t0)
	sd	zero, 32(t0)
	sd	zero, 40(t0)
	sd	zero, 48(t0)
	sd	zero, 56(t0)
	addi	t0, t0, 64
	j	44b
5:
	lla	sp, __stack_top
	lla	tp, __tls_base
	lla	t0, __trap_stack_top
	csrw	sscratch, t0
	lla	t0, trap_entry
	csrw	stvec, t0
	/* FPU on (sstatus.FS = Initial, bits 14:13 = 01), rounding to
	 * nearest; FS is read-only zero on a hart without F, where fscsr
	 * would trap before the console is up: read it back first. */
	li	t0, 0x2000
	csrs	sstatus, t0
	csrr	t1, sstatus
	and	t1, t1, t0
	beqz	t1, 1f
	fscsr	zero
1:
	fence.i

	mv	a0, s0
	mv	a1, s1
	mv	a2, s2
	mv	a3, s3
	call	arch_entry
	/* arch_entry does not return; if it does, stop here quietly. */
6:	wfi
	j	6b
