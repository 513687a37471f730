/* lib/fp16.h, the binary16 narrowing the FP16 vector cells' C references
 * use (Zvfh; insn_rvv_riscv64.c): every finite binary16 value survives
 * the trip through a double, and the narrowing rounds to nearest, ties to
 * even, at the normal, subnormal and overflow edges. The expected bits
 * are IEEE 754-2008's rules worked by hand (and agree with CPython's
 * struct 'e' format, which packs with that rounding). */
#include <stdint.h>

#include "check.h"
#include "fp16.h"

static double pow2(int e)
{
	double v = 1;
	for (; e > 0; e--)
		v *= 2;
	for (; e < 0; e++)
		v *= 0.5;
	return v;
}

void test_fp16(void)
{
	int bad = 0;
	for (unsigned h = 0; h < 0x10000; h++) {
		if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff))
			continue; /* NaNs: canonical on the way back */
		bad += bm_fp16_from_double(bm_fp16_to_double((uint16_t)h)) != h;
	}
	CHECK(bad == 0, "every finite binary16 (and infinity) survives half -> double -> half (%d did not)", bad);
	CHECK_EQ_U(bm_fp16_from_double(bm_fp16_to_double(0x7e01)), 0x7e00);
	CHECK(bm_fp16_to_double(0x3cf0) == 1.234375, "0x3cf0 is 1.234375");
	CHECK(bm_fp16_to_double(0x0001) == pow2(-24), "0x0001 is 2^-24, the least subnormal");
	CHECK(bm_fp16_to_double(0xc000) == -2.0, "0xc000 is -2");
	static const struct {
		double x;
		uint16_t want;
		const char *why;
	} cases[] = {
		{1.2345678901234567, 0x3cf0, "1.2345678...: the nearest"},
		{1 + 0x1p-11, 0x3c00, "a tie between 1 and 1 + 2^-10: to the even, 1"},
		{1 + 3 * 0x1p-11, 0x3c02, "a tie between 1 + 2^-10 and 1 + 2^-9: to the even, up"},
		{1 + 0x1p-11 + 0x1p-40, 0x3c01, "just above a tie: up"},
		{2.7353515625, 0x4178, "1.2353515625 + 1.5, a tie: down to the even"},
		{2.7373046875, 0x417a, "1.2373046875 + 1.5, a tie: up to the even"},
		{65504, 0x7bff, "the largest finite"},
		{65519.99, 0x7bff, "under the overflow threshold: the largest finite"},
		{65520, 0x7c00, "the overflow threshold (a tie past 65504): infinity"},
		{1e30, 0x7c00, "far over: infinity"},
		{-1e30, 0xfc00, "far under: -infinity"},
		{0x1p-25, 0x0000, "half the least subnormal, a tie: to the even, 0"},
		{3 * 0x1p-26, 0x0001, "three quarters of the least subnormal: 2^-24"},
		{1.5 * 0x1p-24, 0x0002, "1.5 x 2^-24, a tie: to the even, 2 x 2^-24"},
		{-2.5 * 0x1p-24, 0x8002, "-2.5 x 2^-24, a tie: to the even"},
		{0x1p-14 - 0x1p-25, 0x0400, "the largest subnormal + half a step, a tie: up to the least normal"},
		{1e-30, 0x0000, "far under the least subnormal: 0"},
		{-0.0, 0x8000, "-0 keeps its sign"},
		{1 / 2.75, 0x35d1, "1/2.75"},
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint16_t got = bm_fp16_from_double(cases[i].x);
		CHECK(got == cases[i].want, "%s: 0x%04x, want 0x%04x", cases[i].why, got, cases[i].want);
	}
}
