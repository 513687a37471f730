/* AES (FIPS-197) in portable C: the key schedule every backend uses, and
 * the scalar backend's block function. The scalar version uses the usual
 * four 1 KiB "T-tables" (SubBytes, ShiftRows and MixColumns folded into
 * one look-up per byte), the way production scalar AES is written, so
 * an accelerated version's speedup is measured against a fair baseline.
 * The tables are computed from the field arithmetic on first use (the
 * S-box is the inverse in GF(2^8) followed by the affine map of FIPS-197
 * section 5.1.1), not typed in. */
#include <string.h>

#include "crypto.h"
#include "noinit.h"

/* make_tables writes every entry before tables_ready says so */
static uint8_t sbox[256] BM_NOINIT;
static uint32_t te[4][256] BM_NOINIT;
static bool tables_ready;

/* a * b in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (0x11b). */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;
	for (; b; b >>= 1) {
		if (b & 1)
			p ^= a;
		a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
	}
	return p;
}

static uint8_t rotl8(uint8_t x, unsigned n)
{
	return (uint8_t)((x << n) | (x >> (8 - n)));
}

static void make_tables(void)
{
	for (unsigned x = 0; x < 256; x++) {
		/* x^254 is the inverse of x (and maps 0 to 0). */
		uint8_t inv = 1, sq = (uint8_t)x;
		for (unsigned e = 254; e; e >>= 1, sq = gf_mul(sq, sq))
			if (e & 1)
				inv = gf_mul(inv, sq);
		uint8_t s = inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63;
		sbox[x] = s;
		/* MixColumns column (2s, s, s, 3s), big-endian in the word. */
		uint32_t w = (uint32_t)gf_mul(s, 2) << 24 | (uint32_t)s << 16 | (uint32_t)s << 8 | gf_mul(s, 3);
		for (int t = 0; t < 4; t++)
			te[t][x] = t ? (w >> (8 * t)) | (w << (32 - 8 * t)) : w;
	}
	tables_ready = true;
}

static uint32_t sub_word(uint32_t w)
{
	return (uint32_t)sbox[w >> 24] << 24 | (uint32_t)sbox[(w >> 16) & 0xff] << 16 |
	       (uint32_t)sbox[(w >> 8) & 0xff] << 8 | sbox[w & 0xff];
}

/* FIPS-197 section 5.2, KeyExpansion, for Nk = 4 or 8. */
void aes_expand_key(struct aes_key *k, const uint8_t *key, unsigned bits)
{
	if (!tables_ready)
		make_tables();
	unsigned nk = bits / 32, nr = nk + 6, total = 4 * (nr + 1);
	uint32_t w[60];
	uint8_t rcon = 1;
	for (unsigned i = 0; i < nk; i++)
		w[i] = cr_load_be32(key + 4 * i);
	for (unsigned i = nk; i < total; i++) {
		uint32_t t = w[i - 1];
		if (i % nk == 0) {
			t = sub_word(t << 8 | t >> 24) ^ (uint32_t)rcon << 24;
			rcon = gf_mul(rcon, 2);
		} else if (nk > 6 && i % nk == 4) {
			t = sub_word(t);
		}
		w[i] = w[i - nk] ^ t;
	}
	memset(k, 0, sizeof(*k));
	k->rounds = nr;
	for (unsigned i = 0; i < total; i++)
		cr_store_be32(&k->rk[i / 4][4 * (i % 4)], w[i]);
}

/* One column of a middle round: row i comes from column c + i (ShiftRows). */
#define TE_COL(s0, s1, s2, s3, rk) \
	(te[0][(s0) >> 24] ^ te[1][((s1) >> 16) & 0xff] ^ te[2][((s2) >> 8) & 0xff] ^ te[3][(s3) & 0xff] ^ (rk))
#define SB_COL(s0, s1, s2, s3, rk)                                                                  \
	(((uint32_t)sbox[(s0) >> 24] << 24 | (uint32_t)sbox[((s1) >> 16) & 0xff] << 16 |           \
	  (uint32_t)sbox[((s2) >> 8) & 0xff] << 8 | sbox[(s3) & 0xff]) ^                         \
	 (rk))

void aes_encrypt_block(const struct aes_key *k, const uint8_t in[16], uint8_t out[16])
{
	const uint8_t *rk = k->rk[0];
	uint32_t s0 = cr_load_be32(in) ^ cr_load_be32(rk), s1 = cr_load_be32(in + 4) ^ cr_load_be32(rk + 4);
	uint32_t s2 = cr_load_be32(in + 8) ^ cr_load_be32(rk + 8), s3 = cr_load_be32(in + 12) ^ cr_load_be32(rk + 12);
	for (unsigned r = 1; r < k->rounds; r++) {
		rk += 16;
		uint32_t t0 = TE_COL(s0, s1, s2, s3, cr_load_be32(rk));
		uint32_t t1 = TE_COL(s1, s2, s3, s0, cr_load_be32(rk + 4));
		uint32_t t2 = TE_COL(s2, s3, s0, s1, cr_load_be32(rk + 8));
		uint32_t t3 = TE_COL(s3, s0, s1, s2, cr_load_be32(rk + 12));
		s0 = t0, s1 = t1, s2 = t2, s3 = t3;
	}
	rk += 16;
	cr_store_be32(out, SB_COL(s0, s1, s2, s3, cr_load_be32(rk)));
	cr_store_be32(out + 4, SB_COL(s1, s2, s3, s0, cr_load_be32(rk + 4)));
	cr_store_be32(out + 8, SB_COL(s2, s3, s0, s1, cr_load_be32(rk + 8)));
	cr_store_be32(out + 12, SB_COL(s3, s0, s1, s2, cr_load_be32(rk + 12)));
}

static void scalar_ecb(const struct aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
		aes_encrypt_block(k, in + 16 * i, out + 16 * i);
}

static void scalar_ctr32(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	uint8_t ks[16];
	uint32_t c = cr_load_be32(ctr + 12);
	for (size_t i = 0; i < n; i++, c++) {
		cr_store_be32(ctr + 12, c);
		aes_encrypt_block(k, ctr, ks);
		for (int b = 0; b < 16; b++)
			out[16 * i + b] = in[16 * i + b] ^ ks[b];
	}
	cr_store_be32(ctr + 12, c);
}

/* The scalar backend's other primitives live beside their algorithms. */
void ghash_ref_init(struct ghash_key *g, const uint8_t h[16]);
void ghash_ref(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n);
void sha256_ref_blocks(uint32_t st[8], const uint8_t *in, size_t n);
void sha512_ref_blocks(uint64_t st[8], const uint8_t *in, size_t n);
void sm4_ref_ctr32(const struct sm4_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n);
void sm3_ref_blocks(uint32_t st[8], const uint8_t *in, size_t n);

const struct cr_backend cr_scalar = {
	.name = "scalar",
	.aes_ecb = scalar_ecb,
	.aes_ctr32 = scalar_ctr32,
	.ghash_init = ghash_ref_init,
	.ghash = ghash_ref,
	.sha256_blocks = sha256_ref_blocks,
	.sha512_blocks = sha512_ref_blocks,
	.sm4_ctr32 = sm4_ref_ctr32,
	.sm3_blocks = sm3_ref_blocks,
};
