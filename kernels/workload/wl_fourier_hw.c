/* Fourier coefficients (nbench's Fourier test, without its libm calls):
 * the first 16 cosine and sine coefficients of a quadratic
 * f(x) = p x^2 + q x + r on [0, 2 pi], by the trapezoid rule over the
 * (set_bytes - 256)/8 samples the op computes from its seed. cos(kx) and
 * sin(kx) come from rotations by the step angle, so the work is
 * multiplies and adds, the same on every libm. The check compares with
 * the closed forms a_0 = 8 pi^2 p / 3 + 2 pi q + 2 r, a_k = 4p / k^2,
 * b_k = -4 pi p / k - 2q / k. Built with the FPU on RISC-V (*_hw.c). */
#include "workload.h"

#define PI 3.14159265358979323846
#define K 16

struct quad {
	double p, q, r;
};

static struct quad quad_of(uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0xF0C1);
	struct quad f;
	/* in [-1, 1): 53 random bits each */
	f.p = (double)(int64_t)bm_rand(&g) / 9223372036854775808.0;
	f.q = (double)(int64_t)bm_rand(&g) / 9223372036854775808.0;
	f.r = (double)(int64_t)bm_rand(&g) / 9223372036854775808.0;
	return f;
}

/* cos h and sin h for a small step (|h| < 0.01) from their series. */
static void cos_sin(double h, double *c, double *s)
{
	double h2 = h * h, tc = 1, ts = h, sc = 1, ss = h;
	for (int n = 1; n < 8; n++) {
		tc *= -h2 / ((2 * n - 1) * (2 * n));
		ts *= -h2 / ((2 * n) * (2 * n + 1));
		sc += tc;
		ss += ts;
	}
	*c = sc;
	*s = ss;
}

static void coefficients(const double *f, uint32_t m, double *a, double *b)
{
	double h = 2 * PI / (m - 1), c1, s1, ck = 1, sk = 0;
	cos_sin(h, &c1, &s1);
	for (int k = 0; k < K; k++) {
		double c = 1, s = 0, sa = 0.5 * f[0], sb = 0;
		for (uint32_t j = 1; j < m; j++) {
			double t = c * ck - s * sk;
			s = s * ck + c * sk;
			c = t;
			double w = j == m - 1 ? 0.5 * f[j] : f[j];
			sa += w * c;
			sb += w * s;
		}
		a[k] = sa * h / PI;
		b[k] = sb * h / PI;
		double t = ck * c1 - sk * s1;
		sk = sk * c1 + ck * s1;
		ck = t;
	}
}

static uint32_t samples(uint32_t set)
{
	return (set - 2 * K * 8) / 8;
}

static void sample(double *f, uint32_t m, struct quad q)
{
	double h = 2 * PI / (m - 1);
	for (uint32_t j = 0; j < m; j++) {
		double x = j * h;
		f[j] = (q.p * x + q.q) * x + q.r;
	}
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	uint32_t m = samples(set);
	double *f = mem, *a = f + m, *b = a + K;
	sample(f, m, quad_of(seed));
	coefficients(f, m, a, b);
	return wl_mix(wl_mix(wl_dbits(a[0]), wl_dbits(a[K - 1])), wl_dbits(b[K - 1]));
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	uint32_t m = samples(SET);
	double *f = mem, *a = f + m, *b = a + K;
	struct quad q = quad_of(1);
	run(mem, SET, 1);
	if (broken) {
		f[m / 3] += 1000; /* a sample a fault changed */
		coefficients(f, m, a, b);
	}
	/* The trapezoid rule's error here is about h^2 k (4 pi |p| + 2 |q|) / 12
	 * (Euler-Maclaurin: f is not periodic), under 1e-3 for these sizes. */
	double tol = 1e-2 * (1 + (q.p < 0 ? -q.p : q.p) + (q.q < 0 ? -q.q : q.q) + (q.r < 0 ? -q.r : q.r));
	for (int k = 0; k < K; k++) {
		double ea = k ? 4 * q.p / (k * k) : 8 * PI * PI * q.p / 3 + 2 * PI * q.q + 2 * q.r;
		double eb = k ? -4 * PI * q.p / k - 2 * q.q / k : 0;
		double da = a[k] - ea, db = b[k] - eb;
		if (da > tol || da < -tol || db > tol || db < -tol)
			return "Fourier coefficients differ from the closed form";
	}
	return NULL;
}

WORKLOAD(fourier, "fourier", WL_FP,
	 "16 Fourier coefficient pairs of a quadratic by the trapezoid rule over (set_bytes-256)/8 samples",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck, .check_bytes = SET,
	 .needs_fpu = true);
