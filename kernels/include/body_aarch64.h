/* aarch64 kernel bodies: x0 = state, x1 = iterations, result in x0.
 * Bodies may use x0-x17 and v0-v7, v16-v31 (caller-saved under AAPCS64).
 * See body.h for the contract. */
.macro bm_loop_back head
	subs	x1, x1, #1
	b.ne	\head
.endm
#include "body.h"
