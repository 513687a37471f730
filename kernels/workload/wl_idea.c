/* IDEA block cipher rounds (nbench's IDEA test): a 128-bit key from the
 * op's seed is expanded to the 52 encryption subkeys and inverted to the
 * decryption subkeys, and set_bytes/24 blocks of 64 bits are encrypted
 * and decrypted again, ECB. The algorithm is Lai and Massey's (1991):
 * 8.5 rounds of multiplication modulo 2^16 + 1, addition modulo 2^16 and
 * XOR. The check: the published known answer (key 0001 0002 ... 0008,
 * plaintext 0000 0001 0002 0003, ciphertext 11FB ED2B 0198 6DE5), the
 * round trip of the op's own blocks, and the multiplication against
 * plain arithmetic modulo 65537. */
#include "workload.h"

#define NK 52

/* a * b modulo 2^16 + 1, where 0 stands for 2^16. */
static uint16_t mul(uint16_t a, uint16_t b)
{
	if (!a)
		return (uint16_t)(1 - b);
	if (!b)
		return (uint16_t)(1 - a);
	uint32_t p = (uint32_t)a * b, lo = p & 0xFFFF, hi = p >> 16;
	return (uint16_t)(lo - hi + (lo < hi));
}

/* x^(2^16 - 1) = x^-1 modulo the prime 2^16 + 1 (0, that is 2^16 = -1,
 * is its own inverse). */
static uint16_t inverse(uint16_t x)
{
	uint16_t r = 1, b = x;
	for (uint32_t e = 0xFFFF; e; e >>= 1, b = mul(b, b))
		if (e & 1)
			r = mul(r, b);
	return r;
}

/* The 128-bit key, rotated left by 25 bits after every eight subkeys. */
static void expand(const uint16_t key[8], uint16_t ek[NK])
{
	uint16_t k[8];
	for (int i = 0; i < 8; i++)
		k[i] = key[i];
	for (int i = 0; i < NK; i++) {
		ek[i] = k[i % 8];
		if (i % 8 == 7) {
			uint16_t t[8];
			for (int j = 0; j < 8; j++)
				t[j] = (uint16_t)(k[(j + 1) % 8] << 9 | k[(j + 2) % 8] >> 7);
			for (int j = 0; j < 8; j++)
				k[j] = t[j];
		}
	}
}

/* Decryption runs the rounds backwards with inverted subkeys; the two
 * additive keys change places in every round but the outer ones, as the
 * rounds swap the middle words. */
static void invert(const uint16_t ek[NK], uint16_t dk[NK])
{
	for (int r = 0; r <= 8; r++) {
		const uint16_t *e = ek + 48 - 6 * r;
		uint16_t *d = dk + 6 * r;
		int outer = r == 0 || r == 8;
		d[0] = inverse(e[0]);
		d[1] = (uint16_t)-e[outer ? 1 : 2];
		d[2] = (uint16_t)-e[outer ? 2 : 1];
		d[3] = inverse(e[3]);
		if (r < 8) {
			d[4] = e[-2];
			d[5] = e[-1];
		}
	}
}

static void block(const uint16_t in[4], uint16_t out[4], const uint16_t k[NK])
{
	uint16_t x1 = in[0], x2 = in[1], x3 = in[2], x4 = in[3];
	for (int r = 0; r < 8; r++, k += 6) {
		x1 = mul(x1, k[0]);
		x2 = (uint16_t)(x2 + k[1]);
		x3 = (uint16_t)(x3 + k[2]);
		x4 = mul(x4, k[3]);
		uint16_t a = mul(x1 ^ x3, k[4]);
		uint16_t b = mul((uint16_t)((x2 ^ x4) + a), k[5]);
		uint16_t c = (uint16_t)(a + b);
		uint16_t y2 = x3 ^ b, y3 = x2 ^ c; /* the middle words change places */
		x1 ^= b;
		x4 ^= c;
		x2 = y2;
		x3 = y3;
	}
	/* the last round's swap undone by the output transformation */
	out[0] = mul(x1, k[0]);
	out[1] = (uint16_t)(x3 + k[1]);
	out[2] = (uint16_t)(x2 + k[2]);
	out[3] = mul(x4, k[3]);
}

struct bufs {
	uint32_t n;
	uint16_t *plain, *cipher, *back;
};

static struct bufs layout(void *mem, uint32_t set)
{
	struct bufs b;
	b.n = set / 24;
	b.plain = mem;
	b.cipher = b.plain + 4 * b.n;
	b.back = b.cipher + 4 * b.n;
	return b;
}

static void crypt_all(const uint16_t *in, uint16_t *out, uint32_t n, const uint16_t k[NK])
{
	for (uint32_t i = 0; i < n; i++)
		block(in + 4 * i, out + 4 * i, k);
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	struct bufs b = layout(mem, set);
	uint64_t g = wl_seed(seed, 0x1DEA), r = bm_rand(&g), s = bm_rand(&g);
	uint16_t key[8], ek[NK], dk[NK];
	for (int i = 0; i < 4; i++) {
		key[i] = (uint16_t)(r >> 16 * i);
		key[4 + i] = (uint16_t)(s >> 16 * i);
	}
	for (uint32_t i = 0; i < b.n; i++) {
		r = bm_rand(&g);
		for (int w = 0; w < 4; w++)
			b.plain[4 * i + w] = (uint16_t)(r >> 16 * w);
	}
	expand(key, ek);
	invert(ek, dk);
	crypt_all(b.plain, b.cipher, b.n, ek);
	crypt_all(b.cipher, b.back, b.n, dk);
	uint32_t m = 4 * (b.n - 1);
	return wl_mix(wl_mix((uint64_t)b.cipher[0] << 16 | b.cipher[m + 3], b.back[m]), b.back[3]);
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	static const uint16_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, pt[4] = {0, 1, 2, 3},
			      ct[4] = {0x11FB, 0xED2B, 0x0198, 0x6DE5};
	uint16_t ek[NK], dk[NK], out[4], again[4];
	expand(key, ek);
	invert(ek, dk);
	block(pt, out, ek);
	block(out, again, dk);
	for (int i = 0; i < 4; i++)
		if (out[i] != ct[i] || again[i] != pt[i])
			return "IDEA differs from the published known answer";
	for (uint32_t a = 0; a < 0x10000; a += 251)
		for (uint32_t c = 0; c < 0x10000; c += 257) {
			uint64_t x = a ? a : 0x10000, y = c ? c : 0x10000, p = x * y % 0x10001;
			if (mul((uint16_t)a, (uint16_t)c) != (uint16_t)p)
				return "IDEA multiplication differs from arithmetic modulo 65537";
		}
	struct bufs b = layout(mem, SET);
	run(mem, SET, 1);
	if (broken)
		b.back[4 * (b.n / 2) + 1] ^= 0x100; /* a decrypted word a fault changed */
	for (uint32_t i = 0; i < 4 * b.n; i++)
		if (b.back[i] != b.plain[i])
			return "IDEA decryption did not give back the plaintext";
	return NULL;
}

WORKLOAD(idea, "idea", WL_INT, "IDEA key schedule, then set_bytes/24 64-bit blocks encrypted and decrypted (ECB)",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck, .check_bytes = SET);
