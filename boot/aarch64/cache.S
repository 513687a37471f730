/* Data-cache maintenance that must not touch memory: it runs while the
 * caches may hold the only copy of our data (MMU on at entry) or before
 * any stack exists. Set/way walk per the Arm Architecture Reference
 * Manual (DDI 0487), D7 "Cache maintenance": CLIDR_EL1 Ctype and LoC,
 * CCSIDR_EL1 LineSize/Associativity/NumSets (without FEAT_CCIDX). */
	.section .text
	.globl	dcache_clean_inval_all
dcache_clean_inval_all:
	mrs	x0, clidr_el1
	ubfx	x1, x0, #24, #3		/* LoC */
	cbz	x1, 9f
	mov	x2, #0			/* cache level, from 0 */
1:	add	x3, x2, x2, lsl #1
	lsr	x4, x0, x3
	and	x4, x4, #7		/* Ctype of this level */
	cmp	x4, #2
	b.lt	8f			/* no data or unified cache here */
	lsl	x5, x2, #1
	msr	csselr_el1, x5
	isb
	mrs	x6, ccsidr_el1
	and	x7, x6, #7
	add	x7, x7, #4		/* log2(line bytes) */
	ubfx	x8, x6, #3, #10		/* ways - 1 */
	ubfx	x9, x6, #13, #15	/* sets - 1 */
	clz	w10, w8			/* way field position */
	mov	x11, x8
2:	mov	x12, x9
3:	lsl	x13, x11, x10
	lsl	x14, x12, x7
	orr	x13, x13, x14
	orr	x13, x13, x5
	dc	cisw, x13
	subs	x12, x12, #1
	b.ge	3b
	subs	x11, x11, #1
	b.ge	2b
8:	add	x2, x2, #1
	cmp	x2, x1
	b.lt	1b
9:	dsb	sy
	isb
	ret

/* dcache_inval_range(start, end): invalidate by address (DC IVAC), for
 * memory written with the caches off that no dirty line shadows. */
	.globl	dcache_inval_range
dcache_inval_range:
	mrs	x3, ctr_el0
	ubfx	x3, x3, #16, #4		/* DminLine: log2(words) */
	mov	x2, #4
	lsl	x2, x2, x3		/* line bytes */
	sub	x3, x2, #1
	bic	x0, x0, x3
1:	cmp	x0, x1
	b.hs	2f
	dc	ivac, x0
	add	x0, x0, x2
	b	1b
2:	dsb	sy
	ret

/* dcache_clean_range(start, end): clean by address to the point of
 * coherency (DC CVAC), so a core whose caches are still off reads what we
 * wrote through ours (secondary bring-up). */
	.globl	dcache_clean_range
dcache_clean_range:
	mrs	x3, ctr_el0
	ubfx	x3, x3, #16, #4
	mov	x2, #4
	lsl	x2, x2, x3
	sub	x3, x2, #1
	bic	x0, x0, x3
1:	cmp	x0, x1
	b.hs	2f
	dc	cvac, x0
	add	x0, x0, x2
	b	1b
2:	dsb	sy
	ret
