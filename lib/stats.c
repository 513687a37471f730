#include "stats.h"

struct bm_spread stats_spread(int64_t *v, size_t n)
{
	/* Insertion sort: n is a repeat count (tens at most). */
	for (size_t i = 1; i < n; i++) {
		int64_t x = v[i];
		size_t j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	struct bm_spread s = {v[0], v[(n - 1) / 2], v[n - 1]};
	return s;
}

int64_t ratio_milli(int64_t num, int64_t den)
{
	if (den <= 0)
		return 0;
	__int128 x = (__int128)num * 1000;
	__int128 q = (x >= 0 ? x + den / 2 : x - den / 2) / den;
	return (int64_t)q;
}
