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
}
