/* Exception vectors (VBAR_EL1 or VBAR_EL2): 16 entries of 128 bytes,
 * 2 KiB aligned (Arm ARM D1.10.2). Every entry saves the registers and
 * the syndrome (ESR, ELR, FAR at the current EL) in a frame and calls
 * trap_handle(kind, frame), which resumes a guarded call or stops. */
	.section .text.vectors, "ax"
	.balign	2048
	.globl	bm_vectors
bm_vectors:
	.irp	kind, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.balign	128
	sub	sp, sp, #(34 * 8)
	stp	x0, x1, [sp, #0]
	mov	x0, #\kind
	b	trap_common
	.endr

trap_common:
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	str	x30, [sp, #240]
	mrs	x1, CurrentEL
	cmp	x1, #(2 << 2)
	b.ne	1f
	mrs	x2, esr_el2
	mrs	x3, elr_el2
	mrs	x4, far_el2
	b	2f
1:	mrs	x2, esr_el1
	mrs	x3, elr_el1
	mrs	x4, far_el1
2:	stp	x2, x3, [sp, #248]
	str	x4, [sp, #264]
	mov	x1, sp
	bl	trap_handle
3:	wfe
	b	3b
