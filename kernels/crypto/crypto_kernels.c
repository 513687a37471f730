/* The crypto kernels as the harness sees them: one kernel per algorithm
 * and implementation ("crypto.aes128-gcm.armv8-ce"), each declared with
 * CR_KERNEL in its backend's file. Before any timing, `verify` checks
 * that the core has the instructions (else skip) and runs the published
 * known-answer vectors through this backend (else an error record and no
 * timing). Each timed operation is one whole message of `bytes` bytes,
 * as `openssl speed` times them (per-message set-up and padding
 * included); its output is compared with the scalar reference's output
 * for the same random message on every run. */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "crypto_kernel.h"

/* openssl speed's block sizes; the quick profile takes three of them. */
static const uint32_t sizes_full[] = {16, 64, 256, 1024, 8192, 16384};
static const uint32_t sizes_quick[] = {16, 1024, 16384};

/* Bytes one timed body processes, at least: enough for many messages at
 * 16 bytes and a few at 16 KiB without making QEMU runs slow. */
#define BYTES_QUICK (32u << 10)
#define BYTES_FULL (256u << 10)

bool cr_param(const struct bm_env *env, unsigned i, uint64_t *value)
{
	bool full = env->opt->profile == BM_PROFILE_FULL;
	unsigned n = full ? sizeof(sizes_full) / sizeof(sizes_full[0]) : sizeof(sizes_quick) / sizeof(sizes_quick[0]);
	if (i >= n)
		return false;
	*value = full ? sizes_full[i] : sizes_quick[i];
	return true;
}

bool cr_has_all(const char *needs, char *why, size_t cap)
{
	char word[24];
	for (const char *p = needs; *p;) {
		size_t n = strcspn(p, " ");
		if (n && n < sizeof(word)) {
			memcpy(word, p, n);
			word[n] = '\0';
			if (!arch_has_feature(word)) {
				arch_feature_missing(word, why, cap);
				return false;
			}
		}
		p += n;
		while (*p == ' ')
			p++;
	}
	return true;
}

/* baremark.selftest=break: the backend under test, with one output bit
 * flipped after each of its primitives has run, so the real instructions
 * run (under QEMU, the Zvk* ones) and the known-answer check must catch
 * the fault. */
static const struct cr_backend *real;
static void brk_ecb(const struct aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
	real->aes_ecb(k, in, out, n);
	if (n)
		out[0] ^= 1;
}
static void brk_ctr(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	real->aes_ctr32(k, ctr, in, out, n);
	if (n)
		out[0] ^= 1;
}
static void brk_ghash(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n)
{
	real->ghash(g, y, in, n);
	y[0] ^= 1;
}
static void brk_gcm(const struct aes_key *k, const struct ghash_key *g, uint8_t ctr[16], uint8_t y[16],
		    const uint8_t *in, uint8_t *out, size_t n)
{
	real->gcm_enc_blocks(k, g, ctr, y, in, out, n);
	y[0] ^= 1;
}
static void brk_sha256(uint32_t st[8], const uint8_t *in, size_t n)
{
	real->sha256_blocks(st, in, n);
	st[0] ^= 1;
}
static void brk_sha512(uint64_t st[8], const uint8_t *in, size_t n)
{
	real->sha512_blocks(st, in, n);
	st[0] ^= 1;
}
static void brk_sm4(const struct sm4_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	real->sm4_ctr32(k, ctr, in, out, n);
	if (n)
		out[0] ^= 1;
}
static void brk_sm3(uint32_t st[8], const uint8_t *in, size_t n)
{
	real->sm3_blocks(st, in, n);
	st[0] ^= 1;
}

static const struct cr_backend *broken(const struct cr_backend *b)
{
	static struct cr_backend w;
	real = b;
	w = *b;
	w.name = "broken";
#define WRAP(f, g)                                                                                                     \
	if (b->f)                                                                                                      \
		w.f = g;
	WRAP(aes_ecb, brk_ecb)
	WRAP(aes_ctr32, brk_ctr)
	WRAP(ghash, brk_ghash)
	WRAP(gcm_enc_blocks, brk_gcm)
	WRAP(sha256_blocks, brk_sha256)
	WRAP(sha512_blocks, brk_sha512)
	WRAP(sm4_ctr32, brk_sm4)
	WRAP(sm3_blocks, brk_sm3)
#undef WRAP
	return &w;
}

const char *cr_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	static char why[200];
	const struct cr_kernel_arg *a = k->arg;
	if (!cr_has_all(a->needs, why, sizeof(why))) {
		*skip = true;
		return why;
	}
	if (env->opt->selftest_break) {
		/* the check of a broken backend must fail, and so the kernel; a
		 * check that passes it is the error */
		const char *bad = cr_kat(broken(a->backend), a->alg);
		if (!bad)
			return "(selftest=break) the known-answer test PASSED a broken backend";
		snprintf(why, sizeof(why), "(selftest=break) the known-answer test failed, as it must, on a broken backend: %s",
			 bad);
		return why;
	}
	const char *bad = cr_kat(a->backend, a->alg);
	if (bad) {
		snprintf(why, sizeof(why), "known-answer test failed: %s", bad);
		return why;
	}
	return NULL;
}

struct cr_state {
	const struct cr_kernel_arg *a;
	size_t len;
	uint8_t *in, *out;
	uint8_t tag[64]; /* GCM's tag or the digest */
	struct aes_key aes;
	struct sm4_key sm4;
	struct ghash_key *gh;
	uint64_t expect; /* the scalar reference's checksum for this message */
};

static const uint8_t cr_iv[16] = {0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
				  0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff};

/* One message through backend b, into s->out (ECB, CTR) or s->tag. */
static void one_message(struct cr_state *s, const struct cr_backend *b, const struct ghash_key *gh)
{
	switch (s->a->alg) {
	case CR_AES128_ECB:
	case CR_AES256_ECB: b->aes_ecb(&s->aes, s->in, s->out, s->len / 16); break;
	case CR_AES128_CTR:
	case CR_AES256_CTR: cr_ctr(b, &s->aes, cr_iv, s->in, s->out, s->len); break;
	case CR_AES128_GCM:
	case CR_AES256_GCM: cr_gcm_encrypt(b, &s->aes, gh, cr_iv, NULL, 0, s->in, s->out, s->len, s->tag); break;
	case CR_SHA256: cr_sha256(b, s->in, s->len, s->tag); break;
	case CR_SHA512: cr_sha512(b, s->in, s->len, s->tag); break;
	case CR_SM3: cr_sm3(b, s->in, s->len, s->tag); break;
	case CR_SM4_CTR: cr_sm4_ctr(b, &s->sm4, cr_iv, s->in, s->out, s->len); break;
	case CR_GHASH: cr_ghash(b, gh, s->in, s->len, s->tag); break;
	default: break;
	}
}

/* A checksum (FNV-1a) of what the last message produced: the whole
 * output where it is as long as the message, else the tag or digest
 * (which depends on every byte). Computed outside the timed region. */
static uint64_t output_sum(const struct cr_state *s)
{
	bool whole = s->a->alg == CR_AES128_ECB || s->a->alg == CR_AES256_ECB || s->a->alg == CR_AES128_CTR ||
		     s->a->alg == CR_AES256_CTR || s->a->alg == CR_SM4_CTR;
	const uint8_t *o = whole ? s->out : s->tag;
	size_t n = whole ? s->len : sizeof(s->tag);
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ o[i]) * 0x100000001b3ull;
	return h;
}

void *cr_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t bytes, uint64_t *iters,
			const char **why)
{
	const struct cr_kernel_arg *a = k->arg;
	struct cr_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *in = arena_alloc(bytes, 64), *out = arena_alloc(bytes, 64);
	bool gcm = a->alg == CR_AES128_GCM || a->alg == CR_AES256_GCM || a->alg == CR_GHASH;
	/* GCM's per-key tables: the backend's, and the reference's for the
	 * expected output. */
	struct ghash_key *gh = gcm ? arena_alloc(sizeof(*gh), 64) : NULL;
	struct ghash_key *gref = gcm ? arena_alloc(sizeof(*gref), 64) : NULL;
	if (!s || !in || !out || (gcm && (!gh || !gref))) {
		*why = "not enough free memory for the message buffers";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	s->a = a;
	s->len = bytes;
	s->in = in;
	s->out = out;
	s->gh = gh;
	uint64_t seed = 0x243F6A8885A308D3ull ^ bytes;
	uint8_t key[32];
	for (size_t i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)bm_rand(&seed);
	for (size_t i = 0; i < bytes; i++)
		in[i] = (uint8_t)bm_rand(&seed);
	bool aes256 = a->alg == CR_AES256_ECB || a->alg == CR_AES256_CTR || a->alg == CR_AES256_GCM;
	aes_expand_key(&s->aes, key, aes256 ? 256 : 128);
	sm4_expand_key(&s->sm4, key);
	if (gcm) {
		cr_gcm_setup(a->backend, &s->aes, gh);
		cr_gcm_setup(&cr_scalar, &s->aes, gref);
	}
	one_message(s, &cr_scalar, gref);
	s->expect = output_sum(s);
	uint64_t budget = env->opt->profile == BM_PROFILE_FULL ? BYTES_FULL : BYTES_QUICK;
	*iters = budget / bytes ? budget / bytes : 1;
	return s;
}

/* The bodies return nothing to check: cr_check reads the output. */
uint64_t cr_body_x1(void *state, uint64_t iters)
{
	struct cr_state *s = state;
	for (uint64_t i = 0; i < iters; i++)
		one_message(s, s->a->backend, s->gh);
	return 0;
}

uint64_t cr_body_x2(void *state, uint64_t iters)
{
	struct cr_state *s = state;
	for (uint64_t i = 0; i < iters; i++) {
		one_message(s, s->a->backend, s->gh);
		one_message(s, s->a->backend, s->gh);
	}
	return 0;
}

bool cr_check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct cr_state *s = state;
	(void)variant;
	(void)iters;
	(void)result;
	return output_sum(s) == s->expect;
}
