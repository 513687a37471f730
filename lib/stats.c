#include "stats.h"

#include "rand.h"
#include "point_path.h"

static void sort64(int64_t *v, size_t n)
{
	/* Insertion sort: n is a repeat or resample count (tens at most). */
	for (size_t i = 1; i < n; i++) {
		int64_t x = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

struct bm_spread stats_spread(int64_t *v, size_t n)
{
	sort64(v, n);
	struct bm_spread s = {v[0], v[(n - 1) / 2], v[n - 1]};
	return s;
}

BM_POINT_PATH int64_t ratio_milli(int64_t num, int64_t den)
{
	if (den <= 0)
		return 0;
	/* in 64 bits where num x 1000 and the rounding fit (every figure a
	 * run prints): a 128-bit division is a library call of some 650
	 * instructions on rv64, and a simulated core pays it per result */
	if (num > -(INT64_MAX / 2000) && num < INT64_MAX / 2000 && den < INT64_MAX / 2) {
		int64_t x = num * 1000;
		return (x >= 0 ? x + den / 2 : x - den / 2) / den;
	}
	__int128 x = (__int128)num * 1000;
	__int128 q = (x >= 0 ? x + den / 2 : x - den / 2) / den;
	return (int64_t)q;
}

static int64_t aggregate(const int64_t *v, size_t n, enum bm_aggregate agg)
{
	if (agg == BM_AGG_MEDIAN) {
		int64_t c[STATS_MAX_N];
		n = n > STATS_MAX_N ? STATS_MAX_N : n;
		for (size_t i = 0; i < n; i++)
			c[i] = v[i];
		sort64(c, n);
		return c[(n - 1) / 2];
	}
	int64_t m = v[0];
	for (size_t i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

int64_t stats_difference_est(const struct bm_series *s, size_t nseries, size_t n, enum bm_aggregate agg)
{
	int64_t est = 0;
	/* one repeat (sim): each body's aggregate, minimum or median, is its
	 * one run */
	if (n == 1) {
		for (size_t k = 0; k < nseries; k++)
			est += s[k].sign * s[k].v[0];
		return est;
	}
	for (size_t k = 0; k < nseries; k++)
		est += s[k].sign * aggregate(s[k].v, n, agg);
	return est;
}

struct bm_estimate stats_difference(const struct bm_series *s, size_t nseries, size_t n, enum bm_aggregate agg)
{
	struct bm_estimate e;
	e.est = stats_difference_est(s, nseries, n, agg);
	/* one repeat: every resample is that repeat, so the quartiles are
	 * the estimate itself (and sim runs skip 200 resamples) */
	if (n <= 1) {
		e.q1 = e.q3 = e.est;
		return e;
	}
	int64_t boot[STATS_RESAMPLES], pick[STATS_MAX_N];
	n = n > STATS_MAX_N ? STATS_MAX_N : n;
	uint64_t seed = 0x9E3779B97F4A7C15ull;
	for (size_t b = 0; b < STATS_RESAMPLES; b++) {
		int64_t sum = 0;
		for (size_t k = 0; k < nseries; k++) {
			for (size_t i = 0; i < n; i++)
				pick[i] = s[k].v[bm_rand_below(&seed, n)];
			sum += s[k].sign * aggregate(pick, n, agg);
		}
		boot[b] = sum;
	}
	sort64(boot, STATS_RESAMPLES);
	e.q1 = boot[STATS_RESAMPLES / 4];
	e.q3 = boot[3 * STATS_RESAMPLES / 4];
	return e;
}

BM_POINT_PATH bool stats_settled(struct bm_estimate e, int64_t abs_tol)
{
	int64_t iqr = e.q3 - e.q1, mag = e.est < 0 ? -e.est : e.est;
	return iqr <= abs_tol || iqr * 50 <= mag;
}

BM_POINT_PATH bool stats_below_floor(struct bm_estimate e, int64_t floor, int tol_pct)
{
	if (floor <= 0)
		return false;
	return e.est * 100 < floor * (100 - tol_pct) || e.q3 * 100 < floor * (100 - tol_pct);
}
