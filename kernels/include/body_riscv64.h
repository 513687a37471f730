/* riscv64 kernel bodies: a0 = state, a1 = iterations, result in a0.
 * Bodies may use the caller-saved registers (a2-a7, t0-t6, ft0-ft11,
 * fa0-fa7). See body.h for the contract. */
.macro bm_loop_back head
	addi	a1, a1, -1
	bnez	a1, \head
.endm
#include "body.h"
