/* x86-64 body for kernels/cache/chase.c: one dependent load per op. */
#include "body_x86_64.h"
	.text
.macro chase_setup
	mov	(%rdi), %rax
.endm
.macro chase_op
	mov	(%rax), %rax
.endm
BM_BODY bm_chase, 64, chase_setup, chase_op, bm_nostep
