/* Test-only body that executes an illegal instruction: the all-zero
 * parcel is defined illegal by the RISC-V unprivileged spec (section
 * 26.2 / 16-bit encoding "defined illegal"). */
#include "body_riscv64.h"
	.section .text
.macro trap_op
	.word	0
.endm
.macro trap_nop
.endm
BM_BODY bm_selftest_trap, 1, trap_nop, trap_op, trap_nop
