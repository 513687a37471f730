/* IEEE 754 binary16 (half precision: 1 sign bit, 5 exponent bits biased
 * by 15, 10 fraction bits; IEEE 754-2008 3.6) to and from a double, for
 * the C references of the FP16 vector cells (Zvfh; insn_rvv_riscv64.c).
 * The narrowing rounds to nearest, ties to even (754 4.3.1, the vector
 * unit's frm 0), in integer arithmetic alone, so it does not depend on
 * the host's or the hart's rounding mode. Every binary16 value is exact
 * in a double, and so is a sum or a product of two (22 significant bits
 * at most, exponents within a double's): x op y in double, then this
 * narrowing, is the correctly rounded binary16 x op y. */
#ifndef BM_FP16_H
#define BM_FP16_H
#include <stdint.h>
#include <string.h>

static inline double bm_fp16_to_double(uint16_t h)
{
	unsigned e = h >> 10 & 31, m = h & 1023;
	double v;
	if (e == 31) {
		uint64_t b = m ? 0x7ff8000000000000ull : 0x7ff0000000000000ull; /* NaN, infinity */
		memcpy(&v, &b, sizeof(v));
	} else {
		/* e 0: subnormal, m x 2^-24; else (1024 + m) x 2^(e - 25) */
		uint64_t sig = e ? 1024u + m : m;
		int ex = e ? (int)e - 25 : -24;
		v = (double)sig;
		for (; ex < 0; ex++)
			v *= 0.5; /* exact: powers of two, far inside a double's range */
		for (; ex > 0; ex--)
			v *= 2;
	}
	return h >> 15 ? -v : v;
}

static inline uint16_t bm_fp16_from_double(double x)
{
	uint64_t b;
	memcpy(&b, &x, sizeof(b));
	uint16_t sign = (uint16_t)(b >> 48 & 0x8000);
	int e = (int)(b >> 52 & 0x7ff);
	uint64_t m = b & 0xfffffffffffffull;
	if (e == 0x7ff)
		return m ? 0x7e00 : (uint16_t)(sign | 0x7c00); /* a NaN (canonical), infinity */
	if (e == 0)
		return sign; /* zero, or a double subnormal: far under half of 2^-24 */
	/* the value is M 2^(e - 1075), M the 53-bit significand; binary16
	 * keeps 11 bits (exponent e - 1023 >= -14), fewer below 2^-14 where
	 * its step is 2^-24: drop the bits under that step */
	uint64_t M = m | 1ull << 52;
	int drop = 1051 - e > 42 ? 1051 - e : 42;
	if (drop > 54)
		return sign; /* under a quarter of the least subnormal: 0 */
	uint64_t n = M >> drop, rem = M & ((1ull << drop) - 1), half = 1ull << (drop - 1);
	if (rem > half || (rem == half && (n & 1)))
		n++;
	/* a normal result: exponent field e - 1008 and n - 1024 as the
	 * fraction, so a carry to 2048 steps the exponent; a subnormal n is
	 * the bits themselves (1024: the least normal) */
	uint64_t bits = drop > 42 ? n : ((uint64_t)(e - 1009) << 10) + n;
	return (uint16_t)(sign | (bits >= 0x7c00 ? 0x7c00 : bits));
}
#endif
