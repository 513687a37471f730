/* LU decomposition (nbench's LU test): an n x n system A x = b, A random
 * in [-1, 1) from the op's seed and b = A x for a random x, is factored
 * in place by Gaussian elimination with partial pivoting (Doolittle,
 * row swaps recorded) and solved by forward and back substitution. n is
 * the largest whose matrix and three vectors fit set_bytes (30 at
 * 8 KiB). The check regenerates A and x and compares the solution with
 * the x that made b. Built with the FPU on RISC-V (*_hw.c). */
#include "workload.h"

struct sys {
	uint32_t n;
	double *a, *b, *x; /* x: the known solution; b is solved in place */
	uint32_t *perm;
};

static uint32_t size_for(uint32_t set)
{
	uint32_t n = 1;
	while (8 * (n + 1) * (n + 1) + 28 * (n + 1) <= set)
		n++;
	return n;
}

static struct sys layout(void *mem, uint32_t set)
{
	struct sys s;
	s.n = size_for(set);
	s.a = mem;
	s.b = s.a + s.n * s.n;
	s.x = s.b + s.n;
	s.perm = (uint32_t *)(s.x + s.n);
	return s;
}

static void fill(const struct sys *s, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0x1D0C);
	uint32_t n = s->n;
	for (uint32_t i = 0; i < n * n; i++)
		s->a[i] = (double)(int64_t)bm_rand(&g) / 9223372036854775808.0;
	for (uint32_t i = 0; i < n; i++)
		s->x[i] = (double)(int64_t)bm_rand(&g) / 9223372036854775808.0;
	for (uint32_t i = 0; i < n; i++) {
		double t = 0;
		for (uint32_t j = 0; j < n; j++)
			t += s->a[i * n + j] * s->x[j];
		s->b[i] = t;
	}
}

/* false if A is singular to working precision */
static bool factor(const struct sys *s)
{
	uint32_t n = s->n;
	double *a = s->a;
	for (uint32_t i = 0; i < n; i++)
		s->perm[i] = i;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t p = k;
		double best = 0;
		for (uint32_t i = k; i < n; i++) {
			double v = a[i * n + k] < 0 ? -a[i * n + k] : a[i * n + k];
			if (v > best) {
				best = v;
				p = i;
			}
		}
		if (best == 0)
			return false;
		if (p != k) {
			for (uint32_t j = 0; j < n; j++) {
				double t = a[k * n + j];
				a[k * n + j] = a[p * n + j];
				a[p * n + j] = t;
			}
			uint32_t t = s->perm[k];
			s->perm[k] = s->perm[p];
			s->perm[p] = t;
		}
		for (uint32_t i = k + 1; i < n; i++) {
			double l = a[i * n + k] / a[k * n + k];
			a[i * n + k] = l;
			for (uint32_t j = k + 1; j < n; j++)
				a[i * n + j] -= l * a[k * n + j];
		}
	}
	return true;
}

/* b := A^-1 b, through the permutation, L (unit diagonal) and U; the
 * permuted b is built in x's place first, so x is lost: the check keeps
 * its own copy. */
static void solve(const struct sys *s, double *y)
{
	uint32_t n = s->n;
	const double *a = s->a;
	for (uint32_t i = 0; i < n; i++)
		y[i] = s->b[s->perm[i]];
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = 0; j < i; j++)
			y[i] -= a[i * n + j] * y[j];
	for (uint32_t i = n; i-- > 0;) {
		for (uint32_t j = i + 1; j < n; j++)
			y[i] -= a[i * n + j] * y[j];
		y[i] /= a[i * n + i];
	}
	for (uint32_t i = 0; i < n; i++)
		s->b[i] = y[i];
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	struct sys s = layout(mem, set);
	fill(&s, seed);
	bool ok = factor(&s);
	if (ok)
		solve(&s, s.x);
	return wl_mix(wl_mix(ok, wl_dbits(s.b[0])), wl_dbits(s.b[s.n - 1]));
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	struct sys s = layout(mem, SET);
	double *keep = (double *)((uint8_t *)mem + SET);
	fill(&s, 1);
	for (uint32_t i = 0; i < s.n; i++)
		keep[i] = s.x[i];
	if (broken)
		s.a[s.n + 2] += 0.25; /* an element a fault changed after b was made */
	if (!factor(&s))
		return "LU found a random matrix singular";
	solve(&s, s.x);
	/* a random 30 x 30 matrix has a condition number of some hundreds:
	 * the solution is good to about 1e-13 */
	for (uint32_t i = 0; i < s.n; i++) {
		double d = s.b[i] - keep[i];
		if (d > 1e-9 || d < -1e-9)
			return "the LU solution differs from the x that made b";
	}
	return NULL;
}

WORKLOAD(lu, "lu", WL_FP, "LU factorisation with partial pivoting and a solve of an n x n system filling set_bytes (n = 30 at 8 KiB)",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck,
	 .check_bytes = SET + 64 * 8, .needs_fpu = true);
