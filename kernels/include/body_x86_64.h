/* x86-64 kernel bodies (Linux build): rdi = state, rsi = iterations,
 * result in rax. Bodies may use the caller-saved registers (rax, rcx,
 * rdx, rdi, r8-r11, xmm0-xmm15); one that needs rbx pushes it in its
 * set-up and pops it in its finish. See body.h for the contract. */
	.section .note.GNU-stack, "", @progbits
.macro bm_loop_back head
	dec	%rsi
	jnz	\head
.endm
#include "body.h"
