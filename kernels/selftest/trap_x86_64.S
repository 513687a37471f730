/* Test-only body: UD2 is the architecturally undefined instruction
 * (Intel SDM vol. 2, UD2), raising #UD, which Linux delivers as SIGILL. */
#include "body_x86_64.h"
	.text
.macro trap_op
	ud2
.endm
BM_BODY bm_selftest_trap, 1, bm_nostep, trap_op, bm_nostep
