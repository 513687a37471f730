/* The crypto kernels' shared vocabulary.
 *
 * An implementation ("backend": portable scalar C, x86 AES-NI, Armv8
 * Crypto Extension, RISC-V Zvk*) supplies only the primitives: AES blocks
 * in ECB and in counter mode, GHASH over whole blocks, and the SHA-2 /
 * SM3 compression functions over whole blocks. The modes around them
 * (the 128-bit counter, GCM, Merkle-Damgard padding) are written once in
 * modes.c, so every backend is checked and timed through the same code.
 *
 * Byte order: the expanded AES key is the FIPS-197 key schedule as bytes
 * (round key r is bytes 16r..16r+15), which is the order AES-NI, Armv8
 * AESE and RISC-V vaesem all load, so one key schedule serves every
 * backend. */
#ifndef BM_CRYPTO_H
#define BM_CRYPTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct aes_key {
	uint8_t rk[15][16]; /* round keys 0..rounds */
	unsigned rounds;    /* 10 (AES-128) or 14 (AES-256) */
};

struct ghash_key {
	uint8_t h[16]; /* H = E_K(0^128), as bytes */
	/* Backend-private precomputation (tables, powers of H), 16-aligned. */
	uint64_t tab[128] __attribute__((aligned(16)));
};

struct sm4_key {
	uint32_t rk[32];
};

struct cr_backend {
	const char *name; /* "scalar", "aesni", "armv8-ce", ... */
	/* ECB: n independent blocks. */
	void (*aes_ecb)(const struct aes_key *k, const uint8_t *in, uint8_t *out, size_t n);
	/* Counter mode with a 32-bit big-endian counter in ctr[12..15], which
	 * is advanced by n (mod 2^32); the caller handles carries (modes.c). */
	void (*aes_ctr32)(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n);
	void (*ghash_init)(struct ghash_key *g, const uint8_t h[16]);
	/* y = (...((y ^ x1) H ^ x2) H ...) H over n 16-byte blocks. */
	void (*ghash)(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n);
	/* Optional, GCM stitched: counter mode over n whole blocks (as
	 * aes_ctr32) and GHASH of the ciphertext into y (as ghash), in one
	 * pass; without it GCM runs aes_ctr32, then ghash. */
	void (*gcm_enc_blocks)(const struct aes_key *k, const struct ghash_key *g, uint8_t ctr[16], uint8_t y[16],
			       const uint8_t *in, uint8_t *out, size_t n);
	void (*sha256_blocks)(uint32_t st[8], const uint8_t *in, size_t n);
	void (*sha512_blocks)(uint64_t st[8], const uint8_t *in, size_t n);
	void (*sm4_ctr32)(const struct sm4_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n);
	void (*sm3_blocks)(uint32_t st[8], const uint8_t *in, size_t n);
};

/* Algorithms as the kernels name them ("crypto.<alg>.<backend>"). */
enum cr_alg {
	CR_AES128_ECB,
	CR_AES128_CTR,
	CR_AES128_GCM,
	CR_AES256_ECB,
	CR_AES256_CTR,
	CR_AES256_GCM,
	CR_SHA256,
	CR_SHA512,
	CR_SM4_CTR,
	CR_SM3,
	CR_GHASH, /* GHASH alone over the message: the half of GCM beside CTR */
	CR_NALGS
};

const char *cr_alg_name(enum cr_alg a);
/* Does backend b have every primitive algorithm a needs? */
bool cr_backend_has(const struct cr_backend *b, enum cr_alg a);

/* Portable references (the "scalar" backend), also the host tests' subject. */
extern const struct cr_backend cr_scalar;
void aes_expand_key(struct aes_key *k, const uint8_t *key, unsigned bits);
void sm4_expand_key(struct sm4_key *k, const uint8_t key[16]);
/* One AES block, scalar; GCM's H and E(J0) come from here on every backend. */
void aes_encrypt_block(const struct aes_key *k, const uint8_t in[16], uint8_t out[16]);

/* Modes, over any backend (modes.c). */
void cr_ctr(const struct cr_backend *b, const struct aes_key *k, const uint8_t iv[16], const uint8_t *in,
	    uint8_t *out, size_t len);
void cr_sm4_ctr(const struct cr_backend *b, const struct sm4_key *k, const uint8_t iv[16], const uint8_t *in,
		uint8_t *out, size_t len);
/* GCM with a 96-bit IV; `g` must come from b->ghash_init for this key. */
void cr_gcm_encrypt(const struct cr_backend *b, const struct aes_key *k, const struct ghash_key *g,
		    const uint8_t iv[12], const uint8_t *aad, size_t aad_len, const uint8_t *in, uint8_t *out,
		    size_t len, uint8_t tag[16]);
void cr_gcm_setup(const struct cr_backend *b, const struct aes_key *k, struct ghash_key *g);
void cr_sha256(const struct cr_backend *b, const uint8_t *in, size_t len, uint8_t out[32]);
void cr_sha512(const struct cr_backend *b, const uint8_t *in, size_t len, uint8_t out[64]);
void cr_sm3(const struct cr_backend *b, const uint8_t *in, size_t len, uint8_t out[32]);
/* GHASH from zero over the message zero-padded to whole blocks (as GCM
 * hashes its AAD), no length block; `g` from b->ghash_init. */
void cr_ghash(const struct cr_backend *b, const struct ghash_key *g, const uint8_t *in, size_t len, uint8_t out[16]);

/* Known-answer tests (kat.c): NULL when every published vector for `a`
 * matches on backend b, else which vector failed. */
const char *cr_kat(const struct cr_backend *b, enum cr_alg a);

static inline uint32_t cr_load_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void cr_store_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static inline uint64_t cr_load_be64(const uint8_t *p)
{
	return (uint64_t)cr_load_be32(p) << 32 | cr_load_be32(p + 4);
}

static inline void cr_store_be64(uint8_t *p, uint64_t v)
{
	cr_store_be32(p, (uint32_t)(v >> 32));
	cr_store_be32(p + 4, (uint32_t)v);
}

#endif
