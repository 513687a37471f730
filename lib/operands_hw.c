/* The fp divide's operands (operands.h), in double: built with the FPU's
 * instructions (Makefile: *_hw.c) and used only by the fp divide kernels,
 * which run only where the core has an FPU. */
#include "operands.h"

#include "rand.h"

double operands_fdiv_cycle(double *c, unsigned count, uint64_t *seed)
{
	double x[OPERANDS_MAX_CYCLE];
	if (count > OPERANDS_MAX_CYCLE)
		count = OPERANDS_MAX_CYCLE;
	for (unsigned i = 0; i < count; i++)
		x[i] = 1.0 + (double)(bm_rand(seed) >> 12) / 4503599627370496.0; /* 2^52 */
	for (unsigned i = 0; i < count; i++)
		c[i] = x[i] * x[(i + 1) % count];
	return x[0];
}
