/* Host tests of the crypto kernels' code (kernels/crypto), built with
 * ASan and UBSan:
 *   - every backend this CPU can run passes every known-answer test;
 *   - a backend with one wrong bit fails them, naming the vector (so the
 *     in-image check can fail);
 *   - on random keys, IVs, AAD and lengths, every backend's output equals
 *     OpenSSL's (libcrypto's EVP interface), including CTR counters that
 *     wrap their low 32 bits and messages with partial final blocks. */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "crypto.h"
#ifdef CR_ZVK_EMULATE
#include "zvk_emu.h"
#endif

unsigned long t_pass, t_fail; /* counted by CHECK (tests/host/check.h) */

#if defined(__x86_64__)
extern const struct cr_backend cr_x86, cr_x86_vaes, cr_x86_vaes512;
static bool x86_usable(void)
{
	return __builtin_cpu_supports("aes") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sha") &&
	       __builtin_cpu_supports("sse4.1");
}
#endif

static uint64_t seed = 0x0123456789abcdefull;
static uint8_t rnd8(void)
{
	seed ^= seed >> 12;
	seed ^= seed << 25;
	seed ^= seed >> 27;
	return (uint8_t)((seed * 0x2545F4914F6CDD1Dull) >> 56);
}
static void fill(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = rnd8();
}
static size_t rnd_len(size_t max)
{
	return ((size_t)rnd8() << 8 | rnd8()) % (max + 1);
}

static void ossl_cipher(const EVP_CIPHER *c, const uint8_t *key, const uint8_t *iv, const uint8_t *in, uint8_t *out,
			size_t len)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int n1 = 0, n2 = 0;
	EVP_EncryptInit_ex(ctx, c, NULL, key, iv);
	EVP_CIPHER_CTX_set_padding(ctx, 0);
	EVP_EncryptUpdate(ctx, out, &n1, in, (int)len);
	EVP_EncryptFinal_ex(ctx, out + n1, &n2);
	EVP_CIPHER_CTX_free(ctx);
}

static void ossl_gcm(const EVP_CIPHER *c, const uint8_t *key, const uint8_t *iv, const uint8_t *aad, size_t al,
		     const uint8_t *in, uint8_t *out, size_t len, uint8_t tag[16])
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int n = 0;
	EVP_EncryptInit_ex(ctx, c, NULL, key, iv);
	if (al)
		EVP_EncryptUpdate(ctx, NULL, &n, aad, (int)al);
	EVP_EncryptUpdate(ctx, out, &n, in, (int)len);
	EVP_EncryptFinal_ex(ctx, out + n, &n);
	EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
	EVP_CIPHER_CTX_free(ctx);
}

#define MAXLEN 4096

static void oracle(const struct cr_backend *b, int rounds)
{
	static uint8_t in[MAXLEN], mine[MAXLEN + 16], ref[MAXLEN + 16];
	static struct ghash_key g;
	uint8_t key[32], iv[16], aad[64], t1[64], t2[64];
	unsigned bad[CR_NALGS] = {0}, tried[CR_NALGS] = {0};
	for (int r = 0; r < rounds; r++) {
		size_t len = rnd_len(MAXLEN);
		fill(in, len);
		fill(key, sizeof(key));
		fill(iv, sizeof(iv));
		/* Now and then a counter about to wrap its low 32 bits, or all
		 * 128 (the carry the backends leave to modes.c). */
		if (r % 5 == 1)
			memset(iv + 12, 0xff, 3), iv[15] = (uint8_t)(0xff - rnd8() % 4);
		if (r % 7 == 3)
			memset(iv, 0xff, 16);
		for (unsigned bits = 128; bits <= 256; bits += 128) {
			struct aes_key k;
			aes_expand_key(&k, key, bits);
			const EVP_CIPHER *ecb = bits == 128 ? EVP_aes_128_ecb() : EVP_aes_256_ecb();
			const EVP_CIPHER *ctr = bits == 128 ? EVP_aes_128_ctr() : EVP_aes_256_ctr();
			const EVP_CIPHER *gcm = bits == 128 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
			enum cr_alg aecb = bits == 128 ? CR_AES128_ECB : CR_AES256_ECB;
			enum cr_alg actr = bits == 128 ? CR_AES128_CTR : CR_AES256_CTR;
			enum cr_alg agcm = bits == 128 ? CR_AES128_GCM : CR_AES256_GCM;
			if (cr_backend_has(b, aecb)) {
				size_t n = len / 16;
				b->aes_ecb(&k, in, mine, n);
				ossl_cipher(ecb, key, NULL, in, ref, 16 * n);
				tried[aecb]++;
				bad[aecb] += memcmp(mine, ref, 16 * n) != 0;
			}
			if (cr_backend_has(b, actr)) {
				cr_ctr(b, &k, iv, in, mine, len);
				ossl_cipher(ctr, key, iv, in, ref, len);
				tried[actr]++;
				bad[actr] += memcmp(mine, ref, len) != 0;
			}
			if (cr_backend_has(b, agcm)) {
				size_t al = rnd_len(sizeof(aad));
				fill(aad, al);
				cr_gcm_setup(b, &k, &g);
				cr_gcm_encrypt(b, &k, &g, iv, aad, al, in, mine, len, t1);
				ossl_gcm(gcm, key, iv, aad, al, in, ref, len, t2);
				tried[agcm]++;
				bad[agcm] += memcmp(mine, ref, len) != 0 || memcmp(t1, t2, 16) != 0;
			}
		}
		if (cr_backend_has(b, CR_SHA256)) {
			cr_sha256(b, in, len, t1);
			EVP_Digest(in, len, t2, NULL, EVP_sha256(), NULL);
			tried[CR_SHA256]++;
			bad[CR_SHA256] += memcmp(t1, t2, 32) != 0;
		}
		if (cr_backend_has(b, CR_SHA512)) {
			cr_sha512(b, in, len, t1);
			EVP_Digest(in, len, t2, NULL, EVP_sha512(), NULL);
			tried[CR_SHA512]++;
			bad[CR_SHA512] += memcmp(t1, t2, 64) != 0;
		}
		if (cr_backend_has(b, CR_SM3)) {
			cr_sm3(b, in, len, t1);
			EVP_Digest(in, len, t2, NULL, EVP_sm3(), NULL);
			tried[CR_SM3]++;
			bad[CR_SM3] += memcmp(t1, t2, 32) != 0;
		}
		/* GHASH alone, from OpenSSL's GCM: with the message as AAD and
		 * nothing to encrypt, the tag is E_K(J0) ^ GHASH(message, length
		 * block); the length block and E_K(J0) come off it. */
		if (cr_backend_has(b, CR_GHASH)) {
			struct aes_key k;
			uint8_t j0[16] = {0}, ek[16], lens[16] = {0}, y[16];
			aes_expand_key(&k, key, 128);
			cr_gcm_setup(b, &k, &g);
			size_t al = len;
			cr_ghash(b, &g, in, al, y);
			cr_store_be64(lens, (uint64_t)al * 8);
			b->ghash(&g, y, lens, 1);
			memcpy(j0, iv, 12);
			j0[15] = 1;
			aes_encrypt_block(&k, j0, ek);
			ossl_gcm(EVP_aes_128_gcm(), key, iv, in, al, in, ref, 0, t2);
			for (int i = 0; i < 16; i++)
				y[i] ^= ek[i];
			tried[CR_GHASH]++;
			bad[CR_GHASH] += memcmp(y, t2, 16) != 0;
		}
		if (cr_backend_has(b, CR_SM4_CTR)) {
			struct sm4_key k;
			sm4_expand_key(&k, key);
			cr_sm4_ctr(b, &k, iv, in, mine, len);
			ossl_cipher(EVP_sm4_ctr(), key, iv, in, ref, len);
			tried[CR_SM4_CTR]++;
			bad[CR_SM4_CTR] += memcmp(mine, ref, len) != 0;
		}
	}
	for (int a = 0; a < CR_NALGS; a++)
		if (cr_backend_has(b, (enum cr_alg)a))
			CHECK(tried[a] == (unsigned)rounds && bad[a] == 0, "%s on %s: %u of %u random messages differ from OpenSSL",
			      cr_alg_name((enum cr_alg)a), b->name, bad[a], tried[a]);
}

static void kats(const struct cr_backend *b)
{
	for (int a = 0; a < CR_NALGS; a++) {
		if (!cr_backend_has(b, (enum cr_alg)a))
			continue;
		const char *bad = cr_kat(b, (enum cr_alg)a);
		CHECK(bad == NULL, "%s on %s: %s", cr_alg_name((enum cr_alg)a), b->name, bad);
	}
}

/* The scalar backend with one output bit flipped in each primitive. */
static void bad_ecb(const struct aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
	cr_scalar.aes_ecb(k, in, out, n);
	out[n * 16 - 1] ^= 1;
}
static void bad_ctr(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	cr_scalar.aes_ctr32(k, ctr, in, out, n);
	out[0] ^= 0x80;
}
static void bad_ghash(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n)
{
	cr_scalar.ghash(g, y, in, n);
	y[5] ^= 4;
}
static void bad_sha256(uint32_t st[8], const uint8_t *in, size_t n)
{
	cr_scalar.sha256_blocks(st, in, n);
	st[7] ^= 1;
}
static void bad_sha512(uint64_t st[8], const uint8_t *in, size_t n)
{
	cr_scalar.sha512_blocks(st, in, n);
	st[0] ^= 1ull << 63;
}
static void bad_sm4(const struct sm4_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	cr_scalar.sm4_ctr32(k, ctr, in, out, n);
	out[3] ^= 2;
}
static void bad_sm3(uint32_t st[8], const uint8_t *in, size_t n)
{
	cr_scalar.sm3_blocks(st, in, n);
	st[2] ^= 8;
}

static void broken_backend_fails(void)
{
	struct cr_backend broken = cr_scalar;
	broken.name = "broken";
	broken.aes_ecb = bad_ecb;
	broken.aes_ctr32 = bad_ctr;
	broken.ghash = bad_ghash;
	broken.sha256_blocks = bad_sha256;
	broken.sha512_blocks = bad_sha512;
	broken.sm4_ctr32 = bad_sm4;
	broken.sm3_blocks = bad_sm3;
	static const char *const expect[CR_NALGS] = {
		[CR_AES128_ECB] = "FIPS-197 C.1 (AES-128 block)", [CR_AES128_CTR] = "SP 800-38A F.5.1 (CTR-AES128)",
		[CR_AES128_GCM] = "GCM test case 2", [CR_AES256_ECB] = "FIPS-197 C.3 (AES-256 block)",
		[CR_AES256_CTR] = "SP 800-38A F.5.5 (CTR-AES256)", [CR_AES256_GCM] = "GCM test case 14",
		[CR_SHA256] = "FIPS 180 SHA-256 \"abc\"", [CR_SHA512] = "FIPS 180 SHA-512 \"abc\"",
		[CR_SM4_CTR] = "GB/T 32907 A.1 (SM4 block)", [CR_SM3] = "GB/T 32905 A.1 (SM3 \"abc\")",
		[CR_GHASH] = "GCM test case 2 (GHASH)",
	};
	for (int a = 0; a < CR_NALGS; a++) {
		const char *got = cr_kat(&broken, (enum cr_alg)a);
		CHECK(got && strcmp(got, expect[a]) == 0, "broken %s: got \"%s\", want \"%s\"", cr_alg_name((enum cr_alg)a),
		      got ? got : "(passed)", expect[a]);
	}
	/* Only the GHASH wrong: GCM's known answers still catch it. */
	struct cr_backend ghash_only = cr_scalar;
	ghash_only.ghash = bad_ghash;
	CHECK(cr_kat(&ghash_only, CR_AES128_GCM) != NULL, "a wrong GHASH passed the GCM vectors");
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 300;
	kats(&cr_scalar);
	oracle(&cr_scalar, rounds);
	broken_backend_fails();
#if defined(__x86_64__)
	if (x86_usable()) {
		kats(&cr_x86);
		oracle(&cr_x86, rounds);
		if (__builtin_cpu_supports("vaes") && __builtin_cpu_supports("avx2") &&
		    __builtin_cpu_supports("vpclmulqdq")) {
			kats(&cr_x86_vaes);
			oracle(&cr_x86_vaes, rounds);
		}
		if (__builtin_cpu_supports("vaes") && __builtin_cpu_supports("avx512f") &&
		    __builtin_cpu_supports("avx512bw")) {
			kats(&cr_x86_vaes512);
			oracle(&cr_x86_vaes512, rounds);
		} else {
			printf("note: this CPU lacks VAES with AVX-512F/BW; the 512-bit kernels are not tested here\n");
		}
	} else {
		printf("note: this CPU lacks AES-NI/PCLMULQDQ/SHA-NI; the x86 backend is not tested here\n");
	}
#endif
#ifdef CR_ZVK_EMULATE
	/* The RISC-V vector crypto backend runs on its real instructions in
	 * the image under QEMU 10 at VLEN 128, 256 and 1024 (make check,
	 * tests/qemu/test_rv64.sh: known answers, every output checked, and
	 * the instruction counts per byte). QEMU takes VLEN 128 to 1024 only;
	 * the specification allows up to 65536, and a longer vector changes
	 * the blocks per instruction and so the loop tails (GHASH aggregates
	 * 16 blocks from VLEN 2048 on). That one case runs here, on the
	 * instruction model written for it (tests/crypto/zvk_emu.c), at VLEN
	 * 4096, against the known answers and OpenSSL. */
	extern const struct cr_backend cr_zvk;
	const unsigned vlenb = 512;
	zemu_reset(vlenb);
	kats(&cr_zvk);
	oracle(&cr_zvk, rounds / 3);
	CHECK(zemu_unknown() == 0, "VLEN %u: %lu instructions the model does not know", vlenb * 8, zemu_unknown());
	{
		static uint8_t msg[1024], out[1024];
		static struct ghash_key g;
		struct aes_key k;
		uint8_t key[16] = {1}, iv[12] = {2}, tag[16];
		aes_expand_key(&k, key, 128);
		cr_gcm_setup(&cr_zvk, &k, &g);
		unsigned long before = zemu_executed();
		cr_ghash(&cr_zvk, &g, msg, sizeof(msg), tag);
		unsigned long gh = zemu_executed() - before;
		before = zemu_executed();
		cr_gcm_encrypt(&cr_zvk, &k, &g, iv, NULL, 0, msg, out, sizeof(msg), tag);
		unsigned long gcm = zemu_executed() - before;
		printf("note: VLEN %u: 1 KiB costs %lu vector instructions in GHASH, %lu in AES-128-GCM\n", vlenb * 8, gh,
		       gcm);
		CHECK(gh > 0 && gcm > gh, "VLEN 4096: GHASH and GCM of 1 KiB execute vector instructions (%lu, %lu)", gh, gcm);
	}
#endif
	printf("crypto: %lu passed, %lu failed\n", t_pass, t_fail);
	return t_fail ? 1 : 0;
}
