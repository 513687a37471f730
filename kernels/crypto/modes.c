/* The modes around the backends' primitives, written once: CTR with a
 * 128-bit counter (SP 800-38A appendix B.1), GCM (SP 800-38D section 7.1,
 * 96-bit IV), and Merkle-Damgard padding for SHA-2 (FIPS 180-4 section
 * 5.1) and SM3 (GB/T 32905 section 5.2). */
#include <string.h>

#include "crypto.h"

static const char *const alg_names[CR_NALGS] = {
	[CR_AES128_ECB] = "aes128-ecb", [CR_AES128_CTR] = "aes128-ctr", [CR_AES128_GCM] = "aes128-gcm",
	[CR_AES256_ECB] = "aes256-ecb", [CR_AES256_CTR] = "aes256-ctr", [CR_AES256_GCM] = "aes256-gcm",
	[CR_SHA256] = "sha256",         [CR_SHA512] = "sha512",         [CR_SM4_CTR] = "sm4-ctr",
	[CR_SM3] = "sm3",                [CR_GHASH] = "ghash",
};

const char *cr_alg_name(enum cr_alg a)
{
	return a < CR_NALGS ? alg_names[a] : "?";
}

bool cr_backend_has(const struct cr_backend *b, enum cr_alg a)
{
	switch (a) {
	case CR_AES128_ECB:
	case CR_AES256_ECB: return b->aes_ecb;
	case CR_AES128_CTR:
	case CR_AES256_CTR: return b->aes_ctr32;
	case CR_AES128_GCM:
	case CR_AES256_GCM: return b->aes_ecb && b->aes_ctr32 && b->ghash && b->ghash_init;
	case CR_SHA256: return b->sha256_blocks;
	case CR_SHA512: return b->sha512_blocks;
	case CR_SM4_CTR: return b->sm4_ctr32;
	case CR_SM3: return b->sm3_blocks;
	case CR_GHASH: return b->ghash && b->ghash_init;
	default: return false;
	}
}

typedef void ctr32_fn(const void *key, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n);

/* The backends count in the low 32 bits only; at a wrap, carry into the
 * upper 96 bits here. A final partial block goes through a zeroed block. */
static void ctr128(ctr32_fn *f, const void *key, const uint8_t iv[16], const uint8_t *in, uint8_t *out, size_t len)
{
	uint8_t ctr[16];
	memcpy(ctr, iv, 16);
	size_t blocks = len / 16;
	while (blocks) {
		uint32_t low = cr_load_be32(ctr + 12);
		uint64_t room = (uint64_t)UINT32_MAX - low + 1; /* blocks before the wrap */
		size_t n = blocks < room ? blocks : (size_t)room;
		f(key, ctr, in, out, n);
		in += 16 * n;
		out += 16 * n;
		blocks -= n;
		if (n == room) /* wrapped: carry into bytes 11..0 */
			for (int i = 11; i >= 0 && ++ctr[i] == 0; i--)
				;
	}
	size_t rest = len % 16;
	if (rest) {
		uint8_t a[16] = {0}, b[16];
		memcpy(a, in, rest);
		f(key, ctr, a, b, 1);
		memcpy(out, b, rest);
	}
}

struct aes_ctx {
	const struct cr_backend *b;
	const struct aes_key *k;
};

static void aes_ctr32_adapter(const void *ctx, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	const struct aes_ctx *c = ctx;
	c->b->aes_ctr32(c->k, ctr, in, out, n);
}

struct sm4_ctx {
	const struct cr_backend *b;
	const struct sm4_key *k;
};

static void sm4_ctr32_adapter(const void *ctx, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	const struct sm4_ctx *c = ctx;
	c->b->sm4_ctr32(c->k, ctr, in, out, n);
}

void cr_ctr(const struct cr_backend *b, const struct aes_key *k, const uint8_t iv[16], const uint8_t *in,
	    uint8_t *out, size_t len)
{
	struct aes_ctx c = {b, k};
	ctr128(aes_ctr32_adapter, &c, iv, in, out, len);
}

void cr_sm4_ctr(const struct cr_backend *b, const struct sm4_key *k, const uint8_t iv[16], const uint8_t *in,
		uint8_t *out, size_t len)
{
	struct sm4_ctx c = {b, k};
	ctr128(sm4_ctr32_adapter, &c, iv, in, out, len);
}

void cr_gcm_setup(const struct cr_backend *b, const struct aes_key *k, struct ghash_key *g)
{
	uint8_t zero[16] = {0}, h[16];
	aes_encrypt_block(k, zero, h);
	memset(g, 0, sizeof(*g));
	b->ghash_init(g, h);
}

/* GHASH over data zero-padded to a whole number of blocks. */
static void ghash_padded(const struct cr_backend *b, const struct ghash_key *g, uint8_t y[16], const uint8_t *p,
			 size_t len)
{
	if (len >= 16)
		b->ghash(g, y, p, len / 16);
	if (len % 16) {
		uint8_t last[16] = {0};
		memcpy(last, p + len / 16 * 16, len % 16);
		b->ghash(g, y, last, 1);
	}
}

void cr_ghash(const struct cr_backend *b, const struct ghash_key *g, const uint8_t *in, size_t len, uint8_t out[16])
{
	uint8_t y[16] = {0};
	ghash_padded(b, g, y, in, len);
	memcpy(out, y, 16);
}

void cr_gcm_encrypt(const struct cr_backend *b, const struct aes_key *k, const struct ghash_key *g,
		    const uint8_t iv[12], const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
		    size_t len, uint8_t tag[16])
{
	uint8_t j0[16], ctr[16], ekj0[16], y[16] = {0}, lens[16];
	memcpy(j0, iv, 12);
	cr_store_be32(j0 + 12, 1);
	b->aes_ecb(k, j0, ekj0, 1);
	/* GCTR from inc32(J0): only the low 32 bits count (section 6.2). */
	memcpy(ctr, j0, 16);
	cr_store_be32(ctr + 12, 2);
	size_t blocks = len / 16;
	ghash_padded(b, g, y, aad, aad_len);
	if (blocks && b->gcm_enc_blocks) {
		b->gcm_enc_blocks(k, g, ctr, y, in, out, blocks);
	} else if (blocks) {
		b->aes_ctr32(k, ctr, in, out, blocks);
		b->ghash(g, y, out, blocks);
	}
	if (len % 16) {
		uint8_t a[16] = {0}, c[16];
		memcpy(a, in + 16 * blocks, len % 16);
		b->aes_ctr32(k, ctr, a, c, 1);
		memcpy(out + 16 * blocks, c, len % 16);
		ghash_padded(b, g, y, out + 16 * blocks, len % 16);
	}
	cr_store_be64(lens, (uint64_t)aad_len * 8);
	cr_store_be64(lens + 8, (uint64_t)len * 8);
	b->ghash(g, y, lens, 1);
	for (int i = 0; i < 16; i++)
		tag[i] = ekj0[i] ^ y[i];
}

/* Whole blocks through `blocks`, then the tail with 0x80, zeros and the
 * big-endian bit length in the last `lenbytes` bytes of a block. */
static void md_pad(const uint8_t *in, size_t len, size_t bs, size_t lenbytes, void (*blocks)(void *, const uint8_t *, size_t),
		   void *st)
{
	size_t full = len / bs;
	if (full)
		blocks(st, in, full);
	uint8_t tail[256] = {0};
	size_t rest = len % bs;
	memcpy(tail, in + full * bs, rest);
	tail[rest] = 0x80;
	size_t total = rest + 1 + lenbytes <= bs ? bs : 2 * bs;
	cr_store_be64(tail + total - 8, (uint64_t)len * 8); /* lengths below 2^61 bytes */
	blocks(st, tail, total / bs);
}

struct hash_ctx {
	const struct cr_backend *b;
	union {
		uint32_t s32[8];
		uint64_t s64[8];
	} st;
};

static void sha256_adapter(void *ctx, const uint8_t *in, size_t n)
{
	struct hash_ctx *h = ctx;
	h->b->sha256_blocks(h->st.s32, in, n);
}

static void sha512_adapter(void *ctx, const uint8_t *in, size_t n)
{
	struct hash_ctx *h = ctx;
	h->b->sha512_blocks(h->st.s64, in, n);
}

static void sm3_adapter(void *ctx, const uint8_t *in, size_t n)
{
	struct hash_ctx *h = ctx;
	h->b->sm3_blocks(h->st.s32, in, n);
}

/* FIPS 180-4 section 5.3.5: the first 64 bits of the fractional parts of
 * the square roots of the first 8 primes; SHA-256's initial value (5.3.3)
 * is their upper 32 bits. */
static const uint64_t sha512_iv[8] = {
	0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
	0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

void cr_sha256(const struct cr_backend *b, const uint8_t *in, size_t len, uint8_t out[32])
{
	struct hash_ctx h = {.b = b};
	for (int i = 0; i < 8; i++)
		h.st.s32[i] = (uint32_t)(sha512_iv[i] >> 32);
	md_pad(in, len, 64, 8, sha256_adapter, &h);
	for (int i = 0; i < 8; i++)
		cr_store_be32(out + 4 * i, h.st.s32[i]);
}

void cr_sha512(const struct cr_backend *b, const uint8_t *in, size_t len, uint8_t out[64])
{
	struct hash_ctx h = {.b = b};
	for (int i = 0; i < 8; i++)
		h.st.s64[i] = sha512_iv[i];
	md_pad(in, len, 128, 16, sha512_adapter, &h);
	for (int i = 0; i < 8; i++)
		cr_store_be64(out + 8 * i, h.st.s64[i]);
}

void cr_sm3(const struct cr_backend *b, const uint8_t *in, size_t len, uint8_t out[32])
{
	/* GB/T 32905 section 4.1: the initial value IV. */
	static const uint32_t iv[8] = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
				       0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};
	struct hash_ctx h = {.b = b};
	for (int i = 0; i < 8; i++)
		h.st.s32[i] = iv[i];
	md_pad(in, len, 64, 8, sm3_adapter, &h);
	for (int i = 0; i < 8; i++)
		cr_store_be32(out + 4 * i, h.st.s32[i]);
}
