/* The kernel-body contract, shared by every ISA (include it through
 * body_<arch>.h, which first defines `bm_loop_back` for the ISA).
 *
 * BM_BODY name, unroll, setup, op, finish[, step, step2]  defines two functions
 *   uint64_t name_x1(void *state, uint64_t iters)  -- `unroll` ops per iteration
 *   uint64_t name_x2(void *state, uint64_t iters)  -- 2 * unroll ops per iteration
 * with identical set-up, loop and finish code, so that the harness's
 * x2 - x1 difference is exactly iters * unroll executions of `op`.
 * `step` / `step2` run once per iteration after the ops (x1 / x2).
 * The first argument register holds the state, the second the iteration
 * count (>= 1); the result is returned in the first. `op` may use the
 * numbered labels 8 and 9; label 7 is the loop head.
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
	bm_loop_back 7b
	\finish
	ret
.endm

.macro BM_BODY name, unroll, setup, op, finish, step=bm_nostep, step2=bm_nostep
	BM_BODY_ONE \name\()_x1, \unroll, \setup, \op, \step, \finish
	BM_BODY_ONE \name\()_x2, 2*\unroll, \setup, \op, \step2, \finish
.endm

.macro bm_nostep
.endm
