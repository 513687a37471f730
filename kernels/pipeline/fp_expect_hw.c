/* The fp chains' final values in double (fp_expect.h). */
#include "fp_expect.h"

#include <string.h>

#include "operands.h"

static double d(uint64_t bits)
{
	double v;
	memcpy(&v, &bits, sizeof(v));
	return v;
}

static uint64_t bits(double v)
{
	uint64_t b;
	memcpy(&b, &v, sizeof(b));
	return b;
}

uint64_t fpx_plus(uint64_t x, uint64_t n)
{
	return bits(d(x) + (double)n);
}

uint64_t fpx_sum8(uint64_t c)
{
	double v = d(c);
	return bits(((v + v) + (v + v)) + ((v + v) + (v + v)));
}

uint64_t fpx_div_operands(void *tab, unsigned count, uint64_t *seed)
{
	return bits(operands_fdiv_cycle(tab, count, seed));
}

uint64_t fpx_div_expect(const void *tab, unsigned tabn, uint64_t x0, uint64_t ops, bool thr)
{
	const double *c = tab;
	double x = d(x0);
	if (!thr) {
		for (uint64_t i = 0; i < ops; i++)
			x = c[i % tabn] / x;
		return bits(x);
	}
	double q[8];
	for (uint64_t i = ops - 8; i < ops; i++)
		q[i % 8] = c[i % tabn] / x;
	return bits(((q[0] + q[1]) + (q[2] + q[3])) + ((q[4] + q[5]) + (q[6] + q[7])));
}
