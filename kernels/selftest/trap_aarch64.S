/* Test-only body: the all-zero word is UDF #0, permanently undefined in
 * A64 (Arm ARM C6.2, UDF), so it takes an "unknown reason" exception. */
#include "body_aarch64.h"
	.section .text
.macro trap_op
	.word	0
.endm
BM_BODY bm_selftest_trap, 1, bm_nostep, trap_op, bm_nostep
