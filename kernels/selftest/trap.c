/* selftest.trap: proves that a trap inside a kernel becomes an error
 * record and the run goes on. Runs only with baremark.selftest=trap. */
#include "kernel.h"

static uint64_t dummy;

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		     const char **why)
{
	(void)k, (void)env, (void)param, (void)why;
	*iters = 1;
	return &dummy;
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	(void)state, (void)variant, (void)iters, (void)result;
	return false; /* never reached: the body traps */
}

uint64_t bm_selftest_trap_x1(void *, uint64_t);
uint64_t bm_selftest_trap_x2(void *, uint64_t);

BM_KERNEL(selftest_trap) = {
	.name = "selftest.trap",
	.op = "illegal instruction",
	.prepare = prepare,
	.body = {bm_selftest_trap_x1, bm_selftest_trap_x2},
	.ops_per_iter = 1,
	.check = check,
	.selftest = true,
};
