/* Floating-point emulation: IEEE 754 binary32 add, subtract, multiply and
 * divide in integer arithmetic, rounded to nearest even (nbench emulates
 * a format of its own; this one is the standard, so that hardware can
 * check it). For each of set_bytes/12 pairs (a, b) an op computes
 * ((a + b) * a) / b - b. Operands are normal numbers with exponents in
 * [-20, 20]: every intermediate stays normal, so the emulation needs no
 * subnormal, infinity or NaN paths (it has zero). The check computes the
 * same chains with the FPU (wl_fpemu_hw.c) and compares every bit. */
#include "workload.h"
#include "wl_fpemu.h"

#define FRAC 0x7FFFFFu
#define HIDDEN 0x800000u

/* sign, biased exponent and a significand whose leading one is bit 62
 * (bits below the 24 kept, and a sticky bit 0): rounded to nearest, ties
 * to even, and packed. */
static uint32_t round_pack(uint32_t sign, int32_t e, uint64_t m)
{
	uint64_t rem = m & ((1ull << 39) - 1), half = 1ull << 38;
	m >>= 39;
	if (rem > half || (rem == half && (m & 1)))
		m++;
	if (m == (1ull << 24)) {
		m >>= 1;
		e++;
	}
	if (e >= 255)
		return sign | 0x7F800000u; /* not reached with these operands */
	if (e <= 0)
		return sign;               /* nor this: no subnormals here */
	return sign | (uint32_t)e << 23 | ((uint32_t)m & FRAC);
}

static uint32_t sig(uint32_t x)
{
	return (x & FRAC) | HIDDEN;
}

static int32_t expo(uint32_t x)
{
	return (int32_t)((x >> 23) & 0xFF);
}

static uint32_t emu_add(uint32_t a, uint32_t b)
{
	if ((a & 0x7FFFFFFFu) < (b & 0x7FFFFFFFu)) {
		uint32_t t = a;
		a = b;
		b = t;
	}
	if (!(b & 0x7FFFFFFFu))
		return (a & 0x7FFFFFFFu) ? a : (a & b); /* +0 unless both are -0 */
	int32_t e = expo(a);
	uint32_t d = (uint32_t)(e - expo(b));
	uint64_t ma = (uint64_t)sig(a) << 38, mb = (uint64_t)sig(b) << 38; /* leading one at bit 61 */
	if (d >= 62)
		mb = 1; /* all sticky */
	else if (d)
		mb = (mb >> d) | ((mb & ((1ull << d) - 1)) != 0);
	uint64_t m;
	if ((a ^ b) >> 31) {
		m = ma - mb;
		if (!m)
			return 0; /* x - x is +0 when rounding to nearest */
	} else {
		m = ma + mb;
	}
	/* The sum's leading one is at bit 62 (a carry: one exponent up) or
	 * 61; a difference's at 61 or below. round_pack wants it at 62.
	 * Shifting a difference up is exact: a cancellation of more than
	 * one bit comes only from operands at most one exponent apart, whose
	 * bits were all kept. */
	if (m >> 62) {
		e++;
	} else {
		while (!(m >> 62)) {
			m <<= 1;
			e--;
		}
		e++;
	}
	return round_pack(a & 0x80000000u, e, m);
}

static uint32_t emu_mul(uint32_t a, uint32_t b)
{
	uint32_t sign = (a ^ b) & 0x80000000u;
	if (!(a & 0x7FFFFFFFu) || !(b & 0x7FFFFFFFu))
		return sign;
	uint64_t m = (uint64_t)sig(a) * sig(b); /* in [2^46, 2^48) */
	int32_t e = expo(a) + expo(b) - 127;
	if (m >> 47) {
		m <<= 15;
		e++;
	} else {
		m <<= 16;
	}
	return round_pack(sign, e, m);
}

static uint32_t emu_div(uint32_t a, uint32_t b)
{
	uint32_t sign = (a ^ b) & 0x80000000u;
	if (!(a & 0x7FFFFFFFu))
		return sign; /* b is never zero here */
	uint64_t n = (uint64_t)sig(a) << 39, q = n / sig(b), r = n % sig(b); /* q in (2^38, 2^40) */
	int32_t e = expo(a) - expo(b) + 127;
	if (q >> 39) {
		q <<= 23;
	} else {
		q <<= 24;
		e--;
	}
	return round_pack(sign, e, q | (r != 0));
}

static uint32_t emu_sub(uint32_t a, uint32_t b)
{
	return emu_add(a, b ^ 0x80000000u);
}

/* A sign, an exponent in [-20, 20] and 23 fraction bits from r. */
static uint32_t operand(uint64_t r)
{
	uint32_t sign = (uint32_t)(r & 1) << 31, e = (uint32_t)(107 + (r >> 1) % 41);
	return sign | e << 23 | ((uint32_t)(r >> 32) & FRAC);
}

void wl_fpemu_operands(uint32_t *a, uint32_t *b, uint32_t n, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0xF9E0);
	for (uint32_t i = 0; i < n; i++) {
		a[i] = operand(bm_rand(&g));
		b[i] = operand(bm_rand(&g));
	}
}

static void chains(const uint32_t *a, const uint32_t *b, uint32_t *out, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		out[i] = emu_sub(emu_div(emu_mul(emu_add(a[i], b[i]), a[i]), b[i]), b[i]);
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	uint32_t n = set / 12, *a = mem, *b = a + n, *out = b + n;
	wl_fpemu_operands(a, b, n, seed);
	chains(a, b, out, n);
	return wl_mix(wl_mix(out[0], out[n / 2]), out[n - 1]);
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	uint32_t n = SET / 12, *a = mem, *b = a + n, *out = b + n, *hw = out + n;
	run(mem, SET, 1);
	if (broken)
		out[n / 3] ^= 1; /* a result a fault changed (an operand may be absorbed: b can be 2^40 times a) */
	wl_fpemu_hw(a, b, hw, n);
	for (uint32_t i = 0; i < n; i++)
		if (out[i] != hw[i])
			return "emulated binary32 arithmetic differs from the FPU's";
	return NULL;
}

WORKLOAD(fpemu, "fpemu", WL_INT, "((a + b) * a) / b - b in emulated IEEE binary32, for set_bytes/12 operand pairs",
	 .set_bytes = {SET, 0}, .run = run, .selfcheck = selfcheck, .check_bytes = SET + SET / 12 * 4,
	 .needs_fpu = true);
