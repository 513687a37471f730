#include <stdint.h>

#include "check.h"
#include "stats.h"

void test_stats(void)
{
	int64_t v[] = {5, -3, 9, 1, 7};
	struct bm_spread s = stats_spread(v, 5);
	CHECK(s.min == -3 && s.med == 5 && s.max == 9, "%lld %lld %lld", (long long)s.min, (long long)s.med,
	      (long long)s.max);
	int64_t e[] = {4, 2, 8, 6};
	s = stats_spread(e, 4);
	CHECK(s.med == 4, "even count takes the lower middle (a measured value): %lld", (long long)s.med);
	int64_t one[] = {42};
	s = stats_spread(one, 1);
	CHECK(s.min == 42 && s.med == 42 && s.max == 42, "single value");

	CHECK_EQ_U(ratio_milli(4096, 4096), 1000);
	CHECK_EQ_U(ratio_milli(1, 3), 333);
	CHECK_EQ_U(ratio_milli(2, 3), 667);
	CHECK(ratio_milli(-2, 3) == -667, "negative rounds away from zero: %lld", (long long)ratio_milli(-2, 3));
	CHECK_EQ_U(ratio_milli((int64_t)1 << 52, 1), ((uint64_t)1 << 52) * 1000);
	/* the 64-bit path and the 128-bit one agree on either side of the
	 * border between them, rounding half away from zero in both */
	int64_t border = INT64_MAX / 2000, dens[] = {1, 3, 7, 1000, 999999937, INT64_MAX / 2 - 1, INT64_MAX};
	for (int d = 0; d < 7; d++)
		for (int64_t k = -3; k <= 3; k++)
			for (int sign = -1; sign <= 1; sign += 2) {
				int64_t num = sign * (border + k), den = dens[d];
				__int128 x = (__int128)num * 1000;
				int64_t want = (int64_t)((x >= 0 ? x + den / 2 : x - den / 2) / den);
				CHECK(ratio_milli(num, den) == want, "ratio_milli(%lld, %lld) = %lld, not %lld", (long long)num,
				      (long long)den, (long long)ratio_milli(num, den), (long long)want);
			}
	CHECK(ratio_milli(5, 2) == 2500 && ratio_milli(-5, 2) == -2500 && ratio_milli(1, 2000) == 1 &&
		      ratio_milli(-1, 2000) == -1,
	      "halves round away from zero");
}

/* The harness's estimate on crafted repeats: what noise can and cannot do. */
void test_stats_estimate(void)
{
	/* 2N body 2000 cycles, N body 1000, five repeats; one N run was
	 * interrupted (+5000) and one 2N run too (+3000). The per-repeat
	 * difference of the old method gave -3000 (a negative "min") for the
	 * repeat whose N run was hit; the estimate is the true 1000. */
	int64_t n1[] = {1000, 6000, 1001, 1000, 1002};
	int64_t n2[] = {2000, 2001, 5000, 2000, 2002};
	struct bm_series s[2] = {{n2, +1}, {n1, -1}};
	struct bm_estimate e = stats_difference(s, 2, 5, BM_AGG_MIN);
	CHECK(e.est == 1000, "estimate from the minima: %lld", (long long)e.est);
	CHECK(e.q1 > 0 && e.q1 <= e.est + 2 && e.q3 >= e.q1 && e.q3 <= 1002,
	      "quartiles stay near the work, never negative: %lld..%lld", (long long)e.q1, (long long)e.q3);
	CHECK(stats_settled(e, 10), "a spread of a few cycles in 1000 is settled");
	CHECK(stats_difference_est(s, 2, 5, BM_AGG_MIN) == 1000, "the estimate alone agrees");

	/* Most N runs interrupted: the spread shows it and is not settled. */
	int64_t m1[] = {1000, 9000, 9000, 9000, 9000, 9000, 9000};
	int64_t m2[] = {2000, 2000, 2000, 2000, 2000, 2000, 2000};
	struct bm_series t[2] = {{m2, +1}, {m1, -1}};
	e = stats_difference(t, 2, 7, BM_AGG_MIN);
	CHECK(e.est == 1000, "one clean N run is enough for the estimate: %lld", (long long)e.est);
	CHECK(e.q1 < 0 && !stats_settled(e, 10), "resamples without it go negative: q1 %lld, not settled",
	      (long long)e.q1);

	/* A measured empty pass is subtracted: (2N - N) - (E2 - E1). */
	int64_t x1[] = {1300, 1310, 1300}, x2[] = {2600, 2600, 2700}, e1[] = {300, 305, 300}, e2[] = {600, 600, 900};
	struct bm_series u[4] = {{x2, +1}, {x1, -1}, {e2, -1}, {e1, +1}};
	CHECK(stats_difference_est(u, 4, 3, BM_AGG_MIN) == 1000, "empty pass subtracted: %lld",
	      (long long)stats_difference_est(u, 4, 3, BM_AGG_MIN));

	/* Work that is a fresh random sample each run (bodies of 2.55M to 2.97M
	 * and 2.21M to 3.27M cycles: branch patterns near a predictor's
	 * capacity): the minima give a negative cost, the medians the cost. */
	int64_t p1[] = {2876, 2783, 2557, 2721, 2730, 2778, 2553, 2573, 2763, 2966, 2736};
	int64_t p2[] = {2211, 2925, 3209, 3273, 3220, 3112, 2873, 3126, 3078, 2717, 3125};
	struct bm_series w[2] = {{p2, +1}, {p1, -1}};
	CHECK(stats_difference_est(w, 2, 11, BM_AGG_MIN) < 0, "minima of random samples: negative");
	struct bm_estimate m = stats_difference(w, 2, 11, BM_AGG_MEDIAN);
	CHECK(m.est == 3112 - 2736 && m.q1 > 0, "medians: %lld (q1 %lld)", (long long)m.est, (long long)m.q1);

	/* Same counts, same spread: the resampling is reproducible. */
	struct bm_estimate a = stats_difference(s, 2, 5, BM_AGG_MIN), b = stats_difference(s, 2, 5, BM_AGG_MIN);
	CHECK(a.q1 == b.q1 && a.q3 == b.q3, "deterministic quartiles");
	/* settled: 2% of the estimate, or the absolute tolerance */
	CHECK(stats_settled((struct bm_estimate){1000, 990, 1010}, 0), "IQR 20 of 1000 is 2%%");
	CHECK(!stats_settled((struct bm_estimate){1000, 980, 1010}, 0), "IQR 30 of 1000 is not");
	CHECK(stats_settled((struct bm_estimate){10, 0, 30}, 30), "within the absolute tolerance");
	/* below the floor: the cycle-exact C906's 32 KiB chase of 2026-12-04
	 * (issue 38): 1.946, quartiles 1.946-1.962, under its measured 2.000
	 * L1 load-to-use floor; the old rule (5% under) called it ok */
	struct bm_estimate c906 = {1946, 1946, 1962};
	CHECK(stats_below_floor(c906, 2000, 1), "C906 32 KiB: 1.946 (q3 1.962) is below a 2.000 floor, counted cycles");
	CHECK(!stats_below_floor(c906, 2000, 5), "with estimated cycles' 5%% it would be within the clock's precision");
	CHECK(stats_below_floor((struct bm_estimate){1990, 1880, 1890}, 2000, 5), "an estimate within 5%% whose whole spread is more than 5%% under: below");
	CHECK(!stats_below_floor((struct bm_estimate){2000, 2000, 2000}, 2000, 1) &&
		      !stats_below_floor((struct bm_estimate){2047, 2040, 2060}, 2000, 1),
	      "the 1-16 KiB points at 2.000 and 12-03's 2.047 are not");
	CHECK(!stats_below_floor((struct bm_estimate){995, 990, 1004}, 1000, 1), "an add chain at 0.995 (q3 1.004): within 1%%, not below");
	CHECK(stats_below_floor((struct bm_estimate){960, 950, 1010}, 1000, 1) && !stats_below_floor((struct bm_estimate){960, 950, 1010}, 1000, 5),
	      "0.960 with q3 over the floor: below with counted cycles, not with estimated ones");
	CHECK(!stats_below_floor(c906, 0, 1), "no floor: nothing is below it");
}
