/* The crypto kernels' figures as reviews quote them: cycles per byte,
 * MB/s per GHz, and the speed-up of each accelerated version over the
 * portable C one on the same cores, at the same message size. */
#ifndef BM_TOOLS_CRYPTO_H
#define BM_TOOLS_CRYPTO_H
#include <stdio.h>

#include "compare.h"

struct cr_fig {
	bool has;                    /* a result with a cycle count */
	const char *skip;            /* the skip reason, or NULL */
	const char *why;             /* a result without a cycle count: why */
	bool has_mbps;               /* such a result's MB/s from the timer */
	double mbps;
	double cpb, mb_per_ghz;      /* cycles per byte; bytes per cycle x 1000 */
	bool has_speedup;
	double speedup;              /* scalar cycles / these cycles */
};

/* Is the row a crypto kernel ("crypto.<alg>.<impl>", parameter bytes)? */
bool crypto_row(const struct cmp_row *r);
struct cr_fig crypto_fig(const struct core_col *c, const struct cmp_row *r, const struct cmp_row *rows, int nrows);

/* The report's speed-up figure (or why it is absent). False if gnuplot failed. */
bool crypto_plot(FILE *o, const struct cmp_set *s);

int cmd_crypto(int argc, char **argv);
#endif
