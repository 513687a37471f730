/* aarch64 bodies for kernels/cache/bandwidth.c, as bw_riscv64.S. */
#include "body_aarch64.h"
	.section .text

.macro bw_setup
	ldp	x2, x3, [x0]
	ldp	x4, x5, [x0, #16]
	ldr	x6, [x0, #32]
	mov	x15, #0
	mov	x16, #0
.endm
.macro bw_next
	add	x2, x2, #64
	cmp	x2, x4
	b.lo	9f
	mov	x2, x3
9:
.endm
.macro bw_finish
	str	x2, [x0]
	add	x0, x15, x16
.endm
/* summed as a tree, then one add per accumulator: the accumulators'
 * chains cost one add per line, not four */
.macro read_op
	ldp x7, x8, [x2]; ldp x9, x10, [x2, #16]; ldp x11, x12, [x2, #32]; ldp x13, x14, [x2, #48]
	add x7, x7, x8; add x9, x9, x10; add x11, x11, x12; add x13, x13, x14
	add x7, x7, x9; add x11, x11, x13
	add x15, x15, x7; add x16, x16, x11
	bw_next
.endm
.macro write_op
	stp x6, x6, [x2]; stp x6, x6, [x2, #16]; stp x6, x6, [x2, #32]; stp x6, x6, [x2, #48]
	add x15, x15, #1
	bw_next
.endm
.macro copy_op
	add x11, x2, x5
	ldp x7, x8, [x2]; ldp x9, x10, [x2, #16]
	stp x7, x8, [x11]; stp x9, x10, [x11, #16]
	ldp x7, x8, [x2, #32]; ldp x9, x10, [x2, #48]
	stp x7, x8, [x11, #32]; stp x9, x10, [x11, #48]
	add x15, x15, #1
	bw_next
.endm
	BM_BODY bm_bw_read, 8, bw_setup, read_op, bw_finish
	BM_BODY bm_bw_write, 8, bw_setup, write_op, bw_finish
	BM_BODY bm_bw_copy, 8, bw_setup, copy_op, bw_finish

/* The widest loads: one ld1 of four q registers (64 bytes) per op. */
	.globl	bm_bw_vbytes
bm_bw_vbytes:
	mov	x0, #64
	ret
.macro vread_op
	ld1	{v16.16b, v17.16b, v18.16b, v19.16b}, [x2]
	add	x15, x15, #1
	bw_next
.endm
	BM_BODY bm_bw_vread, 8, bw_setup, vread_op, bw_finish
