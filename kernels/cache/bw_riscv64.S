/* riscv64 bodies for kernels/cache/bandwidth.c: one op is one 64-byte
 * line read (8 loads, summed), written (8 stores) or copied, walking the
 * buffer and wrapping at its end. State (struct bw_state): 0 cur, 8 base,
 * 16 end, 24 dst offset (copy), 32 value to store. The position carries
 * over from one body to the next (stored back at the end). */
#include "body_riscv64.h"
	.section .text
	.option norvc

.macro bw_setup
	ld	a2, 0(a0)
	ld	a3, 8(a0)
	ld	a4, 16(a0)
	ld	a5, 24(a0)
	ld	a6, 32(a0)
	li	t5, 0
	li	t6, 0
.endm
.macro bw_next
	addi	a2, a2, 64
	bltu	a2, a4, 9f
	mv	a2, a3
9:
.endm
.macro bw_finish
	sd	a2, 0(a0)
	add	a0, t5, t6
.endm
/* summed as a tree, then one add per accumulator: the accumulators'
 * chains cost one add per line, not four */
.macro read_op
	ld t0, 0(a2); ld t1, 8(a2); ld t2, 16(a2); ld t3, 24(a2)
	ld t4, 32(a2); ld a7, 40(a2)
	add t0, t0, t1; add t2, t2, t3; add t4, t4, a7
	ld t1, 48(a2); ld t3, 56(a2)
	add t0, t0, t2; add t4, t4, t1; add t4, t4, t3
	add t5, t5, t0; add t6, t6, t4
	bw_next
.endm
.macro write_op
	sd a6, 0(a2); sd a6, 8(a2); sd a6, 16(a2); sd a6, 24(a2)
	sd a6, 32(a2); sd a6, 40(a2); sd a6, 48(a2); sd a6, 56(a2)
	addi t5, t5, 1
	bw_next
.endm
.macro copy_op
	add t4, a2, a5
	ld t0, 0(a2); ld t1, 8(a2); ld t2, 16(a2); ld t3, 24(a2)
	sd t0, 0(t4); sd t1, 8(t4); sd t2, 16(t4); sd t3, 24(t4)
	ld t0, 32(a2); ld t1, 40(a2); ld t2, 48(a2); ld t3, 56(a2)
	sd t0, 32(t4); sd t1, 40(t4); sd t2, 48(t4); sd t3, 56(t4)
	addi t5, t5, 1
	bw_next
.endm
	BM_BODY bm_bw_read, 8, bw_setup, read_op, bw_finish
	BM_BODY bm_bw_write, 8, bw_setup, write_op, bw_finish
	BM_BODY bm_bw_copy, 8, bw_setup, copy_op, bw_finish

/* The widest loads: one vle8.v at LMUL 8 (VLEN bytes) per op. */
	.globl	bm_bw_vbytes
bm_bw_vbytes:
	.option	push
	.option	arch, +v
	vsetvli	a0, zero, e8, m8, ta, ma
	.option	pop
	ret

	.option	push
	.option	arch, +v
.macro vread_setup
	bw_setup
	vsetvli	t0, zero, e8, m8, ta, ma
.endm
.macro vread_op
	vle8.v	v8, (a2)
	addi	t5, t5, 1
	add	a2, a2, t0
	bltu	a2, a4, 9f
	mv	a2, a3
9:
.endm
	BM_BODY bm_bw_vread, 8, vread_setup, vread_op, bw_finish
	.option	pop
