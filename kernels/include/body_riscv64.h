/* Assembly helper shared by every riscv64 kernel body.
 *
 * BM_BODY name, unroll, setup, op, finish  defines two functions
 *   uint64_t name_x1(void *state, uint64_t iters)  -- `unroll` ops per iteration
 *   uint64_t name_x2(void *state, uint64_t iters)  -- 2 * unroll ops per iteration
 * with identical set-up, loop and finish code, so that the harness's
 * x2 - x1 difference is exactly iters * unroll executions of `op`.
 * a0 = state, a1 = iteration count (>= 1); the result is returned in a0.
 * `op` may use \@-free labels only through the numbered labels 8 and 9.
 */
.macro BM_BODY_ONE name, reps, setup, op, step, finish
	.globl \name
	.balign 64
\name:
	\setup
7:
	.rept \reps
	\op
	.endr
	\step
	addi	a1, a1, -1
	bnez	a1, 7b
	\finish
	ret
.endm

.macro BM_BODY name, unroll, setup, op, finish, step=bm_nostep, step2=bm_nostep
	BM_BODY_ONE \name\()_x1, \unroll, \setup, \op, \step, \finish
	BM_BODY_ONE \name\()_x2, 2*\unroll, \setup, \op, \step2, \finish
.endm

.macro bm_nostep
.endm
