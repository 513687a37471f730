/* What a vector kernel's chains must hold, element by element, for the
 * self-checks of the RVV and NEON kernels: values wrap at the element
 * width and come back sign-extended (vmv.x.s, smov/umov as used). */
#ifndef BM_VELEM_H
#define BM_VELEM_H
#include <stdint.h>
#include <string.h>

#include "kernel.h"

/* v truncated to `bits` and sign-extended to 64. */
static inline uint64_t velem_sext(uint64_t v, unsigned bits)
{
	if (bits >= 64)
		return v;
	uint64_t sign = 1ull << (bits - 1);
	v &= (sign << 1) - 1;
	return (v ^ sign) - sign;
}

/* The bits of x + n (x, n exact in the format) in a float or a double. */
static inline uint64_t velem_fp_count(unsigned bits, uint64_t n)
{
	if (bits == 32) {
		float f = (float)n;
		uint32_t u;
		memcpy(&u, &f, sizeof(u));
		return u;
	}
	return bm_dbits((double)n);
}

/* 1.0 as the bits of a float or a double. */
static inline uint64_t velem_fp_one(unsigned bits)
{
	return bits == 32 ? 0x3f800000ull : 0x3ff0000000000000ull;
}

/* Element 0 of a chain after n dependent ops from x: x + n b, x b^n, or
 * for the fused multiply-add chains (x = 0, b = 1.0) the count n. */
enum velem_op { VELEM_ADD, VELEM_MUL, VELEM_FMA };
static inline uint64_t velem_chain(enum velem_op op, uint64_t x, uint64_t b, unsigned bits, uint64_t n)
{
	switch (op) {
	case VELEM_ADD: return x + n * b;
	case VELEM_MUL: return x * bm_pow64(b, n);
	default: return velem_fp_count(bits, n);
	}
}
#endif
