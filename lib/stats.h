#ifndef BM_STATS_H
#define BM_STATS_H
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
#endif
