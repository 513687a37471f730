/* Each accelerated crypto kernel's bound: the cycles per byte its
 * instruction mix cannot go below on a core, from the same column's
 * crypto.insn.* figures (what those instructions cost on that core). */
#ifndef BM_TOOLS_CRYPTO_BOUND_H
#define BM_TOOLS_CRYPTO_BOUND_H
#include "compare.h"

struct cr_bound {
	bool has;
	/* has, but from the single instructions alone: the kernel's measured
	 * mix (a GCM one) is in the column and not ok, so the bound may be
	 * lower than the core allows; why says why */
	bool partial;
	double cpb;      /* cycles per byte */
	char why[128];   /* without a bound, or partial: why */
};

/* The bound of `kernel` ("crypto.aes128-ctr.aesni") on column c. */
struct cr_bound crypto_bound(const struct core_col *c, const char *kernel, const struct cmp_row *rows, int nrows);
#endif
