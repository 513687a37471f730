/* GHASH (NIST SP 800-38D section 6.4) in portable C, with Shoup's 4-bit
 * tables: 16 multiples of H per key and one look-up per nibble, the
 * usual table-driven scalar method, instead of 128 shift-and-add steps
 * per block (which would flatter any accelerated version).
 *
 * GCM numbers bits from the left: bit 0 of byte 0 (its most significant
 * bit) is the coefficient of x^0. A block is held as hi:lo, the bytes
 * read big-endian, so x^0 is bit 63 of hi and multiplying by x is a right
 * shift, with x^128 = x^7 + x^2 + x + 1 folded back in as 0xE1 << 56. */
#include "crypto.h"

#define R_POLY 0xE100000000000000ull

/* The reduction of the four bits a 4-bit right shift drops off lo: bit i
 * of lo (the coefficient of x^(127-i)) becomes x^(131-i) = x^128 x^(3-i). */
static uint64_t reduce4(unsigned r)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < 4; i++)
		if (r & (1u << i))
			v ^= R_POLY >> (3 - i);
	return v;
}

/* Table entry v (tab[2v] = hi, tab[2v+1] = lo) is p_v(x) H, where nibble
 * v's most significant bit is the lowest power: v = 8 is H itself, 4 is
 * H x, 2 is H x^2, 1 is H x^3. tab[32..47] holds reduce4(0..15). */
void ghash_ref_init(struct ghash_key *g, const uint8_t h[16])
{
	uint64_t hi = cr_load_be64(h), lo = cr_load_be64(h + 8);
	for (int i = 0; i < 16; i++)
		g->h[i] = h[i];
	for (unsigned bit = 8; bit; bit >>= 1) {
		g->tab[2 * bit] = hi;
		g->tab[2 * bit + 1] = lo;
		uint64_t carry = lo & 1; /* times x */
		lo = lo >> 1 | hi << 63;
		hi = hi >> 1 ^ (carry ? R_POLY : 0);
	}
	g->tab[0] = g->tab[1] = 0;
	for (unsigned v = 1; v < 16; v++) {
		unsigned top = 8;
		while (!(v & top))
			top >>= 1;
		if (v == top)
			continue;
		g->tab[2 * v] = g->tab[2 * top] ^ g->tab[2 * (v ^ top)];
		g->tab[2 * v + 1] = g->tab[2 * top + 1] ^ g->tab[2 * (v ^ top) + 1];
	}
	for (unsigned r = 0; r < 16; r++)
		g->tab[32 + r] = reduce4(r);
}

/* X H by Horner over the 32 nibbles, highest power (last nibble) first:
 * Z = Z x^4 + p_v H. */
static void mul_h(const struct ghash_key *g, uint64_t *hi, uint64_t *lo, const uint8_t x[16])
{
	uint64_t zh = 0, zl = 0;
	for (int m = 31; m >= 0; m--) {
		uint8_t byte = x[m / 2];
		unsigned v = (m & 1) ? (byte & 0xf) : (byte >> 4);
		unsigned r = (unsigned)(zl & 0xf);
		zl = zl >> 4 | zh << 60;
		zh = zh >> 4 ^ g->tab[32 + r];
		zh ^= g->tab[2 * v];
		zl ^= g->tab[2 * v + 1];
	}
	*hi = zh;
	*lo = zl;
}

void ghash_ref(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n)
{
	uint8_t x[16];
	for (size_t b = 0; b < n; b++) {
		for (int i = 0; i < 16; i++)
			x[i] = y[i] ^ in[16 * b + i];
		uint64_t hi, lo;
		mul_h(g, &hi, &lo, x);
		cr_store_be64(y, hi);
		cr_store_be64(y + 8, lo);
	}
}
