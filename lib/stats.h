#ifndef BM_STATS_H
#define BM_STATS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
struct bm_spread {
	int64_t min, med, max;
};
/* Sorts v[0..n-1] in place and returns min, median (lower middle for even
 * n, so the value is one that was measured) and max. n must be >= 1. */
struct bm_spread stats_spread(int64_t *v, size_t n);
/* round(num * 1000 / den) for den > 0, without overflow for |num| < 2^53. */
int64_t ratio_milli(int64_t num, int64_t den);

/* One body's counts over the repeats (v[0..n-1]) and its sign in the
 * difference: +1 for the 2N body, -1 for the N body (and the reverse for
 * a measured empty pass, which is subtracted). */
struct bm_series {
	const int64_t *v;
	int sign;
};

/* How a body's counts over its repeats are summed up before the bodies
 * are differenced. The minimum where the work is the same every run and
 * noise (an interrupt, another tenant) only adds to it: the least run is
 * the nearest to the work. The median where every run is a fresh random
 * sample of the work (new branch outcomes each run: how soon a predictor
 * learns varies by 15% from one pattern to the next), where the minimum
 * would pick one lucky sample of each body and their difference could
 * even go negative. */
enum bm_aggregate { BM_AGG_MIN, BM_AGG_MEDIAN };

/* The cost of the extra operations: each body aggregated over its repeats
 * first, then the signed sum. q1 and q3 are the 25th and 75th percentiles
 * of the same estimate over STATS_RESAMPLES bootstrap resamples of the
 * repeats (a fixed generator, so the same counts always give the same
 * spread). One repeat that an interrupt lengthened moves neither the
 * estimate nor, unless it is most of the repeats, the quartiles. */
struct bm_estimate {
	int64_t est, q1, q3;
};
#define STATS_RESAMPLES 63
#define STATS_MAX_N 64 /* repeats a series may have */
struct bm_estimate stats_difference(const struct bm_series *s, size_t nseries, size_t n, enum bm_aggregate agg);
/* The same estimate without the resampling (q1 = q3 = est). */
int64_t stats_difference_est(const struct bm_series *s, size_t nseries, size_t n, enum bm_aggregate agg);
/* Has the estimate settled? Its interquartile range is at most 2% of the
 * estimate, or at most `abs_tol` (the caller's unit: 0.01 cycle per op
 * for cycles). */
bool stats_settled(struct bm_estimate e, int64_t abs_tol);
/* Is a per-op estimate (milli-units) below what no correct figure goes
 * under, `floor`? Below it by more than `tol_pct` percent, the estimate
 * or its whole interquartile range (q3 too): the floor's own precision,
 * 1% for counted cycles, 5% for cycles estimated from a timer (a clock
 * estimate 2% off scales every figure by as much). A cycle-exact C906
 * read 1.946, quartiles 1.946-1.962, under a 2.000 load-to-use floor,
 * and that is no measurement of a load. */
bool stats_below_floor(struct bm_estimate e, int64_t floor, int tol_pct);
#endif
