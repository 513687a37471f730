/* x86-64 backend: AES-NI for AES, PCLMULQDQ for GHASH, the SHA
 * extensions for SHA-256 (Intel SDM vol. 2, AESENC, PCLMULQDQ,
 * SHA256RNDS2/MSG1/MSG2), through GCC's intrinsics with per-function
 * target attributes, so the program still runs on a CPU without them
 * (the kernels then skip).
 *
 * Interleave: AESENC has a latency of about 4 cycles and a throughput of
 * one or two per cycle on current cores (Agner Fog's tables), so 8
 * independent blocks are in flight in ECB and CTR. GHASH folds 4 blocks
 * per reduction with H, H^2, H^3, H^4 (the aggregated reduction of
 * Gueron and Kounavis, "Intel Carry-Less Multiplication Instruction and
 * its Usage for Computing the GCM Mode", algorithm 5 for the reduction). */
#include <immintrin.h>
#include <string.h>

#include "crypto_kernel.h"

#define AES_TARGET __attribute__((target("aes,sse4.1")))
#define CLMUL_TARGET __attribute__((target("pclmul,ssse3")))
#define SHA_TARGET __attribute__((target("sha,sse4.1")))

#define AES_LANES 8

AES_TARGET __attribute__((always_inline)) static inline void aes_lanes(const struct aes_key *k, __m128i *b, unsigned n)
{
	__m128i rk = _mm_loadu_si128((const __m128i *)k->rk[0]);
#pragma GCC unroll 8
	for (unsigned i = 0; i < n; i++)
		b[i] = _mm_xor_si128(b[i], rk);
	for (unsigned r = 1; r < k->rounds; r++) {
		rk = _mm_loadu_si128((const __m128i *)k->rk[r]);
#pragma GCC unroll 8
		for (unsigned i = 0; i < n; i++)
			b[i] = _mm_aesenc_si128(b[i], rk);
	}
	rk = _mm_loadu_si128((const __m128i *)k->rk[k->rounds]);
#pragma GCC unroll 8
	for (unsigned i = 0; i < n; i++)
		b[i] = _mm_aesenclast_si128(b[i], rk);
}

/* AES_LANES blocks through exactly `rounds` rounds (a constant where
 * this is inlined): the rounds unrolled, so no loop branch sits between
 * them and a round key the registers cannot hold is an AESENC memory
 * operand, not a separate load. */
AES_TARGET __attribute__((always_inline)) static inline void aes_lanes_fixed(const struct aes_key *k, __m128i *b,
									       unsigned rounds)
{
#pragma GCC unroll 8
	for (unsigned i = 0; i < AES_LANES; i++)
		b[i] = _mm_xor_si128(b[i], _mm_loadu_si128((const __m128i *)k->rk[0]));
#pragma GCC unroll 14
	for (unsigned r = 1; r < rounds; r++) {
#pragma GCC unroll 8
		for (unsigned i = 0; i < AES_LANES; i++)
			b[i] = _mm_aesenc_si128(b[i], _mm_loadu_si128((const __m128i *)k->rk[r]));
	}
#pragma GCC unroll 8
	for (unsigned i = 0; i < AES_LANES; i++)
		b[i] = _mm_aesenclast_si128(b[i], _mm_loadu_si128((const __m128i *)k->rk[rounds]));
}

/* A whole batch through the key's rounds, unrolled for each key size. */
AES_TARGET __attribute__((always_inline)) static inline void aes_batch(const struct aes_key *k, __m128i *b)
{
	if (k->rounds == 14)
		aes_lanes_fixed(k, b, 14);
	else if (k->rounds == 12)
		aes_lanes_fixed(k, b, 12);
	else
		aes_lanes_fixed(k, b, 10);
}

/* ECB as CTR: whole batches through the unrolled rounds (the batch loop
 * with a run-time count had kept the blocks on the stack: AES-128-ECB
 * ran at half CTR's speed), then the last few blocks. */
AES_TARGET static void x86_ecb(const struct aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
	__m128i b[AES_LANES];
	for (; n >= AES_LANES; n -= AES_LANES, in += 16 * AES_LANES, out += 16 * AES_LANES) {
		for (unsigned i = 0; i < AES_LANES; i++)
			b[i] = _mm_loadu_si128((const __m128i *)(in + 16 * i));
		aes_batch(k, b);
		for (unsigned i = 0; i < AES_LANES; i++)
			_mm_storeu_si128((__m128i *)(out + 16 * i), b[i]);
	}
	for (; n; n--, in += 16, out += 16) {
		b[0] = _mm_loadu_si128((const __m128i *)in);
		aes_lanes(k, b, 1);
		_mm_storeu_si128((__m128i *)out, b[0]);
	}
}

AES_TARGET static void x86_ctr32(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	__m128i base = _mm_loadu_si128((const __m128i *)ctr), b[AES_LANES];
	uint32_t c = cr_load_be32(ctr + 12);
	/* Whole batches: the counter word kept in the CPU's order and
	 * swapped to big-endian as each block is made (one shuffle and one
	 * add a block, no scalar byte swap and insert). */
	const __m128i ctr_be = _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	__m128i cnt = _mm_shuffle_epi8(base, ctr_be);
	for (; n >= AES_LANES; n -= AES_LANES, in += 16 * AES_LANES, out += 16 * AES_LANES, c += AES_LANES) {
		for (unsigned i = 0; i < AES_LANES; i++) {
			b[i] = _mm_shuffle_epi8(cnt, ctr_be);
			cnt = _mm_add_epi32(cnt, _mm_set_epi32(1, 0, 0, 0));
		}
		aes_batch(k, b);
		for (unsigned i = 0; i < AES_LANES; i++)
			_mm_storeu_si128((__m128i *)(out + 16 * i),
					 _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16 * i)), b[i]));
	}
	while (n) {
		unsigned m = n < AES_LANES ? (unsigned)n : AES_LANES;
		for (unsigned i = 0; i < m; i++)
			b[i] = _mm_insert_epi32(base, (int)__builtin_bswap32(c + i), 3);
		aes_lanes(k, b, m);
		for (unsigned i = 0; i < m; i++) {
			__m128i x = _mm_loadu_si128((const __m128i *)(in + 16 * i));
			_mm_storeu_si128((__m128i *)(out + 16 * i), _mm_xor_si128(x, b[i]));
		}
		c += m;
		in += 16 * m;
		out += 16 * m;
		n -= m;
	}
	cr_store_be32(ctr + 12, c);
}

/* GHASH on byte-reversed blocks: reversing the bytes turns GCM's
 * bit-reflected numbering into a plain polynomial of degree < 128 with
 * every bit reversed, whose carry-less product is the reversed product
 * shifted right by one; hence the shift left before reducing. */
CLMUL_TARGET static inline __m128i bswap128(__m128i x)
{
	return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* a * b, 256 bits unreduced, accumulated into lo:hi. */
CLMUL_TARGET static inline void clmul_acc(__m128i a, __m128i b, __m128i *lo, __m128i *hi)
{
	__m128i l = _mm_clmulepi64_si128(a, b, 0x00), h = _mm_clmulepi64_si128(a, b, 0x11);
	__m128i m = _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10));
	*lo = _mm_xor_si128(*lo, _mm_xor_si128(l, _mm_slli_si128(m, 8)));
	*hi = _mm_xor_si128(*hi, _mm_xor_si128(h, _mm_srli_si128(m, 8)));
}

/* 128-bit right shift of x by s (1 <= s < 64). */
CLMUL_TARGET static inline __m128i shr128(__m128i x, int s)
{
	return _mm_xor_si128(_mm_srli_epi64(x, s), _mm_srli_si128(_mm_slli_epi64(x, 64 - s), 8));
}

/* Shift hi:lo left by one, then reduce modulo x^128 + x^7 + x^2 + x + 1
 * in the reflected representation (Gueron and Kounavis, algorithm 5). */
CLMUL_TARGET static inline __m128i reduce(__m128i lo, __m128i hi)
{
	__m128i clo = _mm_srli_epi64(lo, 63), chi = _mm_srli_epi64(hi, 63);
	lo = _mm_slli_epi64(lo, 1);
	hi = _mm_or_si128(_mm_slli_epi64(hi, 1), _mm_or_si128(_mm_slli_si128(chi, 8), _mm_srli_si128(clo, 8)));
	lo = _mm_or_si128(lo, _mm_slli_si128(clo, 8));
	/* The fold twice over: D = X1 ^ (X0 << 63) ^ (X0 << 62) ^ (X0 << 57),
	 * and the bits those shifts push out, (X0 >> 1) ^ (X0 >> 2) ^ (X0 >> 7),
	 * are the two halves of the carry-less product X0 * 0xC2000...0 (bits
	 * 63, 62, 57); the same again for D. Two multiplies in place of
	 * fifteen shifts and XORs, most of them on the chain from one batch's
	 * sum to the next (Gueron and Kounavis, the reduction by multiplication). */
	const __m128i poly = _mm_set_epi64x((long long)0xC200000000000000ull, 0);
	lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), _mm_clmulepi64_si128(lo, poly, 0x10));
	lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4E), _mm_clmulepi64_si128(lo, poly, 0x10));
	return _mm_xor_si128(hi, lo);
}

CLMUL_TARGET static __m128i gf_mul(__m128i a, __m128i b)
{
	__m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
	clmul_acc(a, b, &lo, &hi);
	return reduce(lo, hi);
}

/* tab holds H, H^2, ... H^32, byte-reversed, 16 bytes each: x86_ghash
 * folds 8 blocks with the first 8, the stitched loops one batch with the
 * first 8 (128-bit lanes), 16 (256-bit) or 32 (512-bit). After them,
 * for Karatsuba's middle product, each power's two halves XORed (in the
 * low 64 bits). */
#define GHASH_POWERS 32 /* the 512-bit loop's batch of 32 blocks */
CLMUL_TARGET static void x86_ghash_init(struct ghash_key *g, const uint8_t h[16])
{
	memcpy(g->h, h, 16);
	__m128i hp[2 * GHASH_POWERS];
	hp[0] = bswap128(_mm_loadu_si128((const __m128i *)h));
	for (int i = 1; i < GHASH_POWERS; i++)
		hp[i] = gf_mul(hp[i - 1], hp[0]);
	for (int i = 0; i < GHASH_POWERS; i++)
		hp[GHASH_POWERS + i] = _mm_xor_si128(hp[i], _mm_srli_si128(hp[i], 8));
	_Static_assert(sizeof(hp) <= sizeof(g->tab), "ghash_key.tab holds the powers and their Karatsuba halves");
	memcpy(g->tab, hp, sizeof(hp));
}

/* x * H^(i+1) by Karatsuba, three carry-less multiplies: lo and hi as
 * usual, and (x.lo ^ x.hi)(h.lo ^ h.hi) into kmid, which XORed with the
 * lo and hi sums gives the middle term once per batch. */
CLMUL_TARGET static inline void clmul_kara(__m128i x, const __m128i *hp, int i, __m128i *lo, __m128i *hi,
					   __m128i *kmid)
{
	*lo = _mm_xor_si128(*lo, _mm_clmulepi64_si128(x, hp[i], 0x00));
	*hi = _mm_xor_si128(*hi, _mm_clmulepi64_si128(x, hp[i], 0x11));
	*kmid = _mm_xor_si128(*kmid, _mm_clmulepi64_si128(_mm_xor_si128(x, _mm_srli_si128(x, 8)),
							  hp[GHASH_POWERS + i], 0x00));
}

/* The sums of a batch of Karatsuba products, reduced. */
CLMUL_TARGET static inline __m128i kara_reduce(__m128i lo, __m128i hi, __m128i kmid)
{
	__m128i mid = _mm_xor_si128(kmid, _mm_xor_si128(lo, hi));
	return reduce(_mm_xor_si128(lo, _mm_slli_si128(mid, 8)), _mm_xor_si128(hi, _mm_srli_si128(mid, 8)));
}

/* GHASH alone: 8 blocks a reduction, by Karatsuba (three multiplies a
 * block, the middle terms summed and fixed up once): on Zen 5, 0.85 to
 * 0.53 cycles a byte against 4 blocks by schoolbook (four a block), and
 * 0.48 with the reduction by multiplication. */
#define GHASH_BATCH 8
CLMUL_TARGET static void x86_ghash(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n)
{
	const __m128i *hp = (const __m128i *)g->tab;
	__m128i acc = bswap128(_mm_loadu_si128((const __m128i *)y));
	for (; n >= GHASH_BATCH; n -= GHASH_BATCH, in += 16 * GHASH_BATCH) {
		__m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128(), kmid = _mm_setzero_si128();
#pragma GCC unroll 8
		for (int i = 0; i < GHASH_BATCH; i++) {
			__m128i x = bswap128(_mm_loadu_si128((const __m128i *)(in + 16 * i)));
			clmul_kara(i == 0 ? _mm_xor_si128(x, acc) : x, hp, GHASH_BATCH - 1 - i, &lo, &hi, &kmid);
		}
		acc = kara_reduce(lo, hi, kmid);
	}
	for (; n; n--, in += 16)
		acc = gf_mul(_mm_xor_si128(acc, bswap128(_mm_loadu_si128((const __m128i *)in))), hp[0]);
	_mm_storeu_si128((__m128i *)y, bswap128(acc));
}

/* AES-GCM stitched on AES-NI and PCLMULQDQ (128-bit registers): a batch
 * of AES_LANES blocks, and in its AES rounds the GHASH of the previous
 * batch, one block per round, times H^8..H^1, reduced once (the same
 * schedule as the 256-bit loop below, on half the width: OpenSSL's
 * aesni-gcm-x86_64 interleaves the same two units). */
CLMUL_TARGET __attribute__((target("aes,sse4.1"))) static void x86_gcm_enc(const struct aes_key *k,
									     const struct ghash_key *g,
									     uint8_t ctr[16], uint8_t y[16],
									     const uint8_t *in, uint8_t *out,
									     size_t n)
{
	const __m128i *hp = (const __m128i *)g->tab;
	const __m128i ctr_be = _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	const __m128i one = _mm_set_epi32(1, 0, 0, 0);
	__m128i acc = bswap128(_mm_loadu_si128((const __m128i *)y));
	uint32_t c = cr_load_be32(ctr + 12);
	__m128i cnt = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr), ctr_be);
	const uint8_t *prev = NULL; /* the last batch's ciphertext, not yet hashed */
	for (; n >= AES_LANES; n -= AES_LANES, in += 16 * AES_LANES, out += 16 * AES_LANES, c += AES_LANES) {
		/* the loops over the blocks unrolled, so the blocks stay in
		 * registers: left as loops, GCC kept b[] on the stack and
		 * stored and reloaded every block once a batch (Zen 5, AES-128:
		 * 0.78 -> 0.67 cycles a byte) */
		__m128i b[AES_LANES], rk = _mm_loadu_si128((const __m128i *)k->rk[0]);
#pragma GCC unroll 8
		for (int i = 0; i < AES_LANES; i++) {
			b[i] = _mm_xor_si128(_mm_shuffle_epi8(cnt, ctr_be), rk);
			cnt = _mm_add_epi32(cnt, one);
		}
		__m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128(), kmid = _mm_setzero_si128();
		for (unsigned r = 1; r < k->rounds; r++) {
			rk = _mm_loadu_si128((const __m128i *)k->rk[r]);
#pragma GCC unroll 8
			for (int i = 0; i < AES_LANES; i++)
				b[i] = _mm_aesenc_si128(b[i], rk);
			if (prev && r <= AES_LANES) {
				__m128i x = bswap128(_mm_loadu_si128((const __m128i *)(prev + 16 * (r - 1))));
				clmul_kara(r == 1 ? _mm_xor_si128(x, acc) : x, hp, AES_LANES - (int)r, &lo, &hi, &kmid);
			}
		}
		rk = _mm_loadu_si128((const __m128i *)k->rk[k->rounds]);
#pragma GCC unroll 8
		for (int i = 0; i < AES_LANES; i++) {
			__m128i x = _mm_loadu_si128((const __m128i *)(in + 16 * i));
			_mm_storeu_si128((__m128i *)(out + 16 * i), _mm_xor_si128(x, _mm_aesenclast_si128(b[i], rk)));
		}
		if (prev)
			acc = kara_reduce(lo, hi, kmid);
		prev = out;
	}
	_mm_storeu_si128((__m128i *)y, bswap128(acc));
	cr_store_be32(ctr + 12, c);
	if (prev) /* the last batch */
		x86_ghash(g, y, prev, AES_LANES);
	if (n) { /* the last whole blocks, fewer than a batch */
		x86_ctr32(k, ctr, in, out, n);
		x86_ghash(g, y, out, n);
	}
}

/* VAES: the same rounds on two blocks per 256-bit register; 8 registers
 * (16 blocks) in flight. Counter blocks are built 16 at a time. */
#define VAES_TARGET __attribute__((target("vaes,avx2,aes,sse4.1")))

VAES_TARGET static void vaes_ctr32(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
				   size_t n)
{
	uint32_t c = cr_load_be32(ctr + 12);
	__m128i base = _mm_loadu_si128((const __m128i *)ctr);
	while (n >= 16) {
		__m256i b[8];
		for (int i = 0; i < 8; i++) {
			__m128i lo = _mm_insert_epi32(base, (int)__builtin_bswap32(c + 2 * (uint32_t)i), 3);
			__m128i hi = _mm_insert_epi32(base, (int)__builtin_bswap32(c + 2 * (uint32_t)i + 1), 3);
			b[i] = _mm256_xor_si256(_mm256_set_m128i(hi, lo),
						_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k->rk[0])));
		}
		for (unsigned r = 1; r < k->rounds; r++) {
			__m256i rk = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k->rk[r]));
#pragma GCC unroll 8
			for (int i = 0; i < 8; i++)
				b[i] = _mm256_aesenc_epi128(b[i], rk);
		}
		__m256i rk = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k->rk[k->rounds]));
		for (int i = 0; i < 8; i++) {
			b[i] = _mm256_aesenclast_epi128(b[i], rk);
			__m256i x = _mm256_loadu_si256((const __m256i *)(in + 32 * i));
			_mm256_storeu_si256((__m256i *)(out + 32 * i), _mm256_xor_si256(x, b[i]));
		}
		c += 16;
		in += 256;
		out += 256;
		n -= 16;
	}
	cr_store_be32(ctr + 12, c);
	if (n)
		x86_ctr32(k, ctr, in, out, n); /* the tail, 128 bits at a time */
}

/* VAES on 512-bit registers (AVX-512): four blocks per register, 8
 * registers (32 blocks) in flight, the round keys broadcast once into
 * zmm registers (AVX-512 has 32), counters made four at a time by a
 * shuffle and an add as in the GCM loops. Zen 5 executes 512-bit
 * operations at full width (Zen 4 split them in two): this kernel beside
 * the 256-bit one shows which a core does. */
#define VAES512_TARGET __attribute__((target("vaes,avx512f,avx512bw,aes,sse4.1")))

VAES512_TARGET static void vaes512_ctr32(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out,
					 size_t n)
{
	const __m128i ctr_be128 = _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	const __m512i ctr_be = _mm512_broadcast_i32x4(ctr_be128);
	const __m512i four = _mm512_set_epi32(4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0);
	__m512i rk[15];
	for (unsigned r = 0; r <= k->rounds; r++)
		rk[r] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)k->rk[r]));
	/* the counter word in the CPU's order, lanes c, c+1, c+2, c+3 */
	__m128i base = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr), ctr_be128);
	__m512i cnt = _mm512_add_epi32(_mm512_broadcast_i32x4(base),
				       _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
	uint32_t c = cr_load_be32(ctr + 12);
	for (; n >= 32; n -= 32, in += 512, out += 512, c += 32) {
		__m512i b[8];
		for (int i = 0; i < 8; i++) {
			b[i] = _mm512_xor_si512(_mm512_shuffle_epi8(cnt, ctr_be), rk[0]);
			cnt = _mm512_add_epi32(cnt, four);
		}
		for (unsigned r = 1; r < k->rounds; r++) {
#pragma GCC unroll 8
			for (int i = 0; i < 8; i++)
				b[i] = _mm512_aesenc_epi128(b[i], rk[r]);
		}
		for (int i = 0; i < 8; i++) {
			__m512i x = _mm512_loadu_si512((const void *)(in + 64 * i));
			_mm512_storeu_si512((void *)(out + 64 * i),
					    _mm512_xor_si512(x, _mm512_aesenclast_epi128(b[i], rk[k->rounds])));
		}
	}
	cr_store_be32(ctr + 12, c);
	if (n)
		x86_ctr32(k, ctr, in, out, n); /* the tail, 128 bits at a time */
}

/* AES-GCM stitched, VAES and VPCLMULQDQ on 256-bit registers: 16 blocks
 * a batch (8 registers of 2, so VAES's latency of about 4 cycles is
 * covered at two per cycle), and in the same loop the GHASH of the
 * previous batch's 16 ciphertext blocks, one pair of blocks per AES
 * round, multiplied by H^16..H^1 and reduced once (aggregated reduction,
 * Gueron and Kounavis): the AES and the carry-less multiplier work at
 * once, as in production code (OpenSSL's aesni-gcm and vaes-avx512
 * stitched loops; Gueron, "AES-GCM software performance on the current
 * high end CPUs as a performance baseline for CAESAR", 2013). */
#define VPCLMUL_TARGET __attribute__((target("vaes,vpclmulqdq,avx2,aes,pclmul,sse4.1")))

struct ghash16 {
	__m256i lo, hi, mid; /* unreduced, two lanes each */
};

/* One pair of a batch: blocks 2p and 2p+1 (bytes at c, byte-reversed
 * into x) times H^(16-2p) and H^(15-2p). */
VPCLMUL_TARGET static inline void ghash_pair(struct ghash16 *a, __m256i x, __m256i h)
{
	a->lo = _mm256_xor_si256(a->lo, _mm256_clmulepi64_epi128(x, h, 0x00));
	a->hi = _mm256_xor_si256(a->hi, _mm256_clmulepi64_epi128(x, h, 0x11));
	a->mid = _mm256_xor_si256(a->mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(x, h, 0x01),
							    _mm256_clmulepi64_epi128(x, h, 0x10)));
}

/* The two lanes folded, the middle terms split, one reduction. */
VPCLMUL_TARGET static inline __m128i ghash_fold(const struct ghash16 *a)
{
	__m128i lo = _mm_xor_si128(_mm256_castsi256_si128(a->lo), _mm256_extracti128_si256(a->lo, 1));
	__m128i hi = _mm_xor_si128(_mm256_castsi256_si128(a->hi), _mm256_extracti128_si256(a->hi, 1));
	__m128i mid = _mm_xor_si128(_mm256_castsi256_si128(a->mid), _mm256_extracti128_si256(a->mid, 1));
	return reduce(_mm_xor_si128(lo, _mm_slli_si128(mid, 8)), _mm_xor_si128(hi, _mm_srli_si128(mid, 8)));
}

/* Pair p of the batch at c, byte-reversed, with acc folded into block 0. */
VPCLMUL_TARGET static inline __m256i batch_pair(const uint8_t *c, int p, __m128i acc, __m256i rev)
{
	__m256i x = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(c + 32 * p)), rev);
	return p ? x : _mm256_xor_si256(x, _mm256_zextsi128_si256(acc));
}

/* One batch of the 256-bit loop: 16 counter blocks through `rounds`
 * rounds (a constant where this is inlined, so the rounds unroll and the
 * GHASH of the previous batch sits at fixed rounds with no branch), and,
 * when `hash`, that batch's pairs one per round. The round keys come
 * from memory, one broadcast per round: held in registers, the 15 of
 * them, 8 blocks and the accumulators did not fit in 16 and the loop
 * spilled every round (0.66 c/B, 38% of the bound). */
VPCLMUL_TARGET __attribute__((always_inline)) static inline void
gcm256_batch(const struct aes_key *k, unsigned rounds, bool hash, __m256i b[8], const uint8_t *prev, __m128i *acc,
	     __m256i rev, const __m256i hpair[8], const uint8_t *in, uint8_t *out)
{
	struct ghash16 a = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
#pragma GCC unroll 14
	for (unsigned r = 1; r < rounds; r++) {
		__m256i rk = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k->rk[r]));
#pragma GCC unroll 8
		for (int i = 0; i < 8; i++)
			b[i] = _mm256_aesenc_epi128(b[i], rk);
		if (hash && r <= 8)
			ghash_pair(&a, batch_pair(prev, (int)r - 1, *acc, rev), hpair[r - 1]);
	}
	__m256i last = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k->rk[rounds]));
	for (int i = 0; i < 8; i++) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(in + 32 * i));
		_mm256_storeu_si256((__m256i *)(out + 32 * i), _mm256_xor_si256(x, _mm256_aesenclast_epi128(b[i], last)));
	}
	if (hash)
		*acc = ghash_fold(&a);
}

VPCLMUL_TARGET __attribute__((always_inline)) static inline void
gcm256_batch_any(const struct aes_key *k, bool hash, __m256i b[8], const uint8_t *prev, __m128i *acc, __m256i rev,
		 const __m256i hpair[8], const uint8_t *in, uint8_t *out)
{
	if (k->rounds == 14)
		gcm256_batch(k, 14, hash, b, prev, acc, rev, hpair, in, out);
	else if (k->rounds == 12)
		gcm256_batch(k, 12, hash, b, prev, acc, rev, hpair, in, out);
	else
		gcm256_batch(k, 10, hash, b, prev, acc, rev, hpair, in, out);
}

VPCLMUL_TARGET static void vaes_gcm_enc(const struct aes_key *k, const struct ghash_key *g, uint8_t ctr[16],
					uint8_t y[16], const uint8_t *in, uint8_t *out, size_t n)
{
	const __m128i *hp = (const __m128i *)g->tab;
	const __m256i rev = _mm256_broadcastsi128_si256(
		_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	/* the counter word is kept in the CPU's order and swapped to
	 * big-endian as each block is made: bytes 0-11 as they are */
	const __m256i ctr_be = _mm256_broadcastsi128_si256(
		_mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
	const __m256i two = _mm256_set_epi32(2, 0, 0, 0, 2, 0, 0, 0);
	__m256i hpair[8];
	for (int p = 0; p < 8; p++)
		hpair[p] = _mm256_set_m128i(hp[14 - 2 * p], hp[15 - 2 * p]);
	const __m256i rk0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k->rk[0]));
	__m128i acc = bswap128(_mm_loadu_si128((const __m128i *)y));
	uint32_t c = cr_load_be32(ctr + 12);
	__m128i base = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr), _mm256_castsi256_si128(ctr_be));
	__m256i cnt = _mm256_add_epi32(_mm256_broadcastsi128_si256(base), _mm256_set_epi32(1, 0, 0, 0, 0, 0, 0, 0));
	const uint8_t *prev = NULL; /* the last batch's ciphertext, not yet hashed */
	for (; n >= 16; n -= 16, in += 256, out += 256, c += 16) {
		__m256i b[8];
		for (int i = 0; i < 8; i++) {
			b[i] = _mm256_xor_si256(_mm256_shuffle_epi8(cnt, ctr_be), rk0);
			cnt = _mm256_add_epi32(cnt, two);
		}
		if (prev)
			gcm256_batch_any(k, true, b, prev, &acc, rev, hpair, in, out);
		else
			gcm256_batch_any(k, false, b, NULL, &acc, rev, hpair, in, out);
		prev = out;
	}
	if (prev) {
		struct ghash16 a = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
		for (int p = 0; p < 8; p++)
			ghash_pair(&a, batch_pair(prev, p, acc, rev), hpair[p]);
		acc = ghash_fold(&a);
	}
	_mm_storeu_si128((__m128i *)y, bswap128(acc));
	cr_store_be32(ctr + 12, c);
	if (n) { /* the last whole blocks, fewer than 16 */
		x86_ctr32(k, ctr, in, out, n);
		x86_ghash(g, y, out, n);
	}
}

/* AES-GCM stitched on 512-bit registers: 32 blocks a batch (8 registers
 * of 4), and in its AES rounds the GHASH of the previous batch, four
 * blocks (one register) per round, times H^32..H^1 (lane j of quad q
 * takes H^(32-4q-j)), reduced once per batch: the 256-bit loop on twice
 * the width. */
#define VPCLMUL512_TARGET __attribute__((target("vaes,vpclmulqdq,avx512f,avx512bw,avx2,aes,pclmul,sse4.1")))

struct ghash32 {
	__m512i lo, hi, mid; /* unreduced, four lanes each */
};

VPCLMUL512_TARGET static inline void ghash_quad(struct ghash32 *a, __m512i x, __m512i h)
{
	a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
	a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
	a->mid = _mm512_xor_si512(a->mid, _mm512_xor_si512(_mm512_clmulepi64_epi128(x, h, 0x01),
							    _mm512_clmulepi64_epi128(x, h, 0x10)));
}

/* The four 128-bit lanes XORed into one. */
VPCLMUL512_TARGET static inline __m128i fold4(__m512i v)
{
	__m256i a = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
	return _mm_xor_si128(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
}

VPCLMUL512_TARGET static inline __m128i ghash_fold32(const struct ghash32 *a)
{
	__m128i lo = fold4(a->lo), hi = fold4(a->hi), mid = fold4(a->mid);
	return reduce(_mm_xor_si128(lo, _mm_slli_si128(mid, 8)), _mm_xor_si128(hi, _mm_srli_si128(mid, 8)));
}

/* Quad q of the batch at c, byte-reversed, with acc folded into block 0. */
VPCLMUL512_TARGET static inline __m512i batch_quad(const uint8_t *c, int q, __m128i acc, __m512i rev)
{
	__m512i x = _mm512_shuffle_epi8(_mm512_loadu_si512((const void *)(c + 64 * q)), rev);
	return q ? x : _mm512_xor_si512(x, _mm512_inserti32x4(_mm512_setzero_si512(), acc, 0));
}

/* One batch of the 512-bit loop, the rounds unrolled as in the 256-bit
 * one (gcm256_batch). */
VPCLMUL512_TARGET __attribute__((always_inline)) static inline void
gcm512_batch(unsigned rounds, bool hash, __m512i b[8], const __m512i *rk, const uint8_t *prev, __m128i *acc,
	     __m512i rev, const __m512i hquad[8], const uint8_t *in, uint8_t *out)
{
	struct ghash32 a = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
#pragma GCC unroll 14
	for (unsigned r = 1; r < rounds; r++) {
#pragma GCC unroll 8
		for (int i = 0; i < 8; i++)
			b[i] = _mm512_aesenc_epi128(b[i], rk[r]);
		if (hash && r <= 8)
			ghash_quad(&a, batch_quad(prev, (int)r - 1, *acc, rev), hquad[r - 1]);
	}
	for (int i = 0; i < 8; i++) {
		__m512i x = _mm512_loadu_si512((const void *)(in + 64 * i));
		_mm512_storeu_si512((void *)(out + 64 * i), _mm512_xor_si512(x, _mm512_aesenclast_epi128(b[i], rk[rounds])));
	}
	if (hash)
		*acc = ghash_fold32(&a);
}

VPCLMUL512_TARGET __attribute__((always_inline)) static inline void
gcm512_batch_any(unsigned rounds, bool hash, __m512i b[8], const __m512i *rk, const uint8_t *prev, __m128i *acc,
		 __m512i rev, const __m512i hquad[8], const uint8_t *in, uint8_t *out)
{
	if (rounds == 14)
		gcm512_batch(14, hash, b, rk, prev, acc, rev, hquad, in, out);
	else if (rounds == 12)
		gcm512_batch(12, hash, b, rk, prev, acc, rev, hquad, in, out);
	else
		gcm512_batch(10, hash, b, rk, prev, acc, rev, hquad, in, out);
}

VPCLMUL512_TARGET static void vaes512_gcm_enc(const struct aes_key *k, const struct ghash_key *g, uint8_t ctr[16],
					      uint8_t y[16], const uint8_t *in, uint8_t *out, size_t n)
{
	const __m128i *hp = (const __m128i *)g->tab;
	const __m512i rev = _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
	const __m128i ctr_be128 = _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	const __m512i ctr_be = _mm512_broadcast_i32x4(ctr_be128);
	const __m512i four = _mm512_set_epi32(4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0);
	__m512i hquad[8], rk[15];
	for (int q = 0; q < 8; q++) {
		__m512i h = _mm512_castsi128_si512(hp[31 - 4 * q]);
		h = _mm512_inserti32x4(h, hp[30 - 4 * q], 1);
		h = _mm512_inserti32x4(h, hp[29 - 4 * q], 2);
		hquad[q] = _mm512_inserti32x4(h, hp[28 - 4 * q], 3);
	}
	for (unsigned r = 0; r <= k->rounds; r++)
		rk[r] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)k->rk[r]));
	__m128i acc = bswap128(_mm_loadu_si128((const __m128i *)y));
	uint32_t c = cr_load_be32(ctr + 12);
	__m128i base = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr), ctr_be128);
	__m512i cnt = _mm512_add_epi32(_mm512_broadcast_i32x4(base),
				       _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0));
	const uint8_t *prev = NULL; /* the last batch's ciphertext, not yet hashed */
	for (; n >= 32; n -= 32, in += 512, out += 512, c += 32) {
		__m512i b[8];
		for (int i = 0; i < 8; i++) {
			b[i] = _mm512_xor_si512(_mm512_shuffle_epi8(cnt, ctr_be), rk[0]);
			cnt = _mm512_add_epi32(cnt, four);
		}
		if (prev)
			gcm512_batch_any(k->rounds, true, b, rk, prev, &acc, rev, hquad, in, out);
		else
			gcm512_batch_any(k->rounds, false, b, rk, NULL, &acc, rev, hquad, in, out);
		prev = out;
	}
	if (prev) {
		struct ghash32 a = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
		for (int q = 0; q < 8; q++)
			ghash_quad(&a, batch_quad(prev, q, acc, rev), hquad[q]);
		acc = ghash_fold32(&a);
	}
	_mm_storeu_si128((__m128i *)y, bswap128(acc));
	cr_store_be32(ctr + 12, c);
	if (n) { /* the last whole blocks, fewer than 32 */
		x86_ctr32(k, ctr, in, out, n);
		x86_ghash(g, y, out, n);
	}
}

extern const uint64_t cr_sha512_k[80];

/* SHA-256 with SHA256RNDS2 (two rounds each) on the state split as
 * ABEF / CDGH, the layout the instruction wants; the message schedule
 * with SHA256MSG1 / SHA256MSG2, four words at a time.
 *
 * The rounds are one dependent chain of 32 SHA256RNDS2 per block, and
 * nothing else may lengthen it: the schedule runs in four rolling
 * registers, three quads ahead of the rounds that use them, so its own
 * chain (ALIGNR, add, SHA256MSG2 on the newest quad) hides under the
 * rounds', and the loop is unrolled so no quad goes through memory (a
 * first version indexed w[16] on the stack: each quad then waited on a
 * store-to-load forward, and the schedule, not the rounds, set the pace:
 * 0.73 of OpenSSL's speed on Zen 5). Intel's SHA extensions paper (2013)
 * and OpenSSL's sha256-x86_64 order the work the same way. */
SHA_TARGET static inline __m128i sha256_next_quad(__m128i a, __m128i b, __m128i c, __m128i d)
{
	/* words 4i+16..4i+19 from the quads at 4i (a), 4i+4 (b), 4i+8 (c), 4i+12 (d) */
	return _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(a, b), _mm_alignr_epi8(d, c, 4)), d);
}

#define SHA256_QUAD(q, w)                                                       \
	do {                                                                    \
		__m128i m_ = _mm_add_epi32(w, k[q]);                           \
		s1 = _mm_sha256rnds2_epu32(s1, s0, m_);                        \
		s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(m_, 0x0E)); \
	} while (0)

SHA_TARGET static void x86_sha256(uint32_t st[8], const uint8_t *in, size_t n)
{
	const __m128i bswap32 = _mm_set_epi64x(0x0c0d0e0f08090a0bll, 0x0405060700010203ll);
	__m128i k[16];
	for (int i = 0; i < 16; i++)
		k[i] = _mm_set_epi32((int)(cr_sha512_k[4 * i + 3] >> 32), (int)(cr_sha512_k[4 * i + 2] >> 32),
				     (int)(cr_sha512_k[4 * i + 1] >> 32), (int)(cr_sha512_k[4 * i] >> 32));
	__m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)st), 0xB1);        /* CDAB */
	__m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(st + 4)), 0x1B); /* EFGH */
	__m128i s0 = _mm_alignr_epi8(t, s1, 8);                                            /* ABEF */
	s1 = _mm_blend_epi16(s1, t, 0xF0);                                                 /* CDGH */
	for (; n; n--, in += 64) {
		__m128i save0 = s0, save1 = s1;
		__m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)in), bswap32);
		__m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 16)), bswap32);
		__m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 32)), bswap32);
		__m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(in + 48)), bswap32);
#pragma GCC unroll 4
		for (int q = 0; q < 16; q += 4) {
			SHA256_QUAD(q, w0);
			if (q < 12)
				w0 = sha256_next_quad(w0, w1, w2, w3);
			SHA256_QUAD(q + 1, w1);
			if (q < 12)
				w1 = sha256_next_quad(w1, w2, w3, w0);
			SHA256_QUAD(q + 2, w2);
			if (q < 12)
				w2 = sha256_next_quad(w2, w3, w0, w1);
			SHA256_QUAD(q + 3, w3);
			if (q < 12)
				w3 = sha256_next_quad(w3, w0, w1, w2);
		}
		s0 = _mm_add_epi32(s0, save0);
		s1 = _mm_add_epi32(s1, save1);
	}
	t = _mm_shuffle_epi32(s0, 0x1B);   /* FEBA */
	s1 = _mm_shuffle_epi32(s1, 0xB1);  /* DCHG */
	s0 = _mm_blend_epi16(t, s1, 0xF0); /* DCBA */
	s1 = _mm_alignr_epi8(s1, t, 8);    /* HGFE */
	_mm_storeu_si128((__m128i *)st, s0);
	_mm_storeu_si128((__m128i *)(st + 4), s1);
}

const struct cr_backend cr_x86 = {
	.name = "x86",
	.aes_ecb = x86_ecb,
	.aes_ctr32 = x86_ctr32,
	.ghash_init = x86_ghash_init,
	.ghash = x86_ghash,
	.gcm_enc_blocks = x86_gcm_enc,
	.sha256_blocks = x86_sha256,
};

/* VAES on 512-bit registers: counter mode, and with VPCLMULQDQ GCM
 * stitched. */
const struct cr_backend cr_x86_vaes512 = {
	.name = "x86-vaes512",
	.aes_ecb = x86_ecb,
	.aes_ctr32 = vaes512_ctr32,
	.ghash_init = x86_ghash_init,
	.ghash = x86_ghash,
	.gcm_enc_blocks = vaes512_gcm_enc,
};

/* VAES for counter mode, and with VPCLMULQDQ for GCM stitched: the modes
 * openssl speed's AES figures use. */
const struct cr_backend cr_x86_vaes = {
	.name = "x86-vaes",
	.aes_ecb = x86_ecb,
	.aes_ctr32 = vaes_ctr32,
	.ghash_init = x86_ghash_init,
	.ghash = x86_ghash,
	.gcm_enc_blocks = vaes_gcm_enc,
};

CR_KERNEL(cr_aes128_ctr_vaes, cr_x86_vaes, CR_AES128_CTR, "aes128-ctr", "vaes", "vaes avx2 aes");
CR_KERNEL(cr_aes256_ctr_vaes, cr_x86_vaes, CR_AES256_CTR, "aes256-ctr", "vaes", "vaes avx2 aes");
CR_KERNEL(cr_aes128_ctr_vaes512, cr_x86_vaes512, CR_AES128_CTR, "aes128-ctr", "vaes512", "vaes avx512f avx512bw aes");
CR_KERNEL(cr_aes256_ctr_vaes512, cr_x86_vaes512, CR_AES256_CTR, "aes256-ctr", "vaes512", "vaes avx512f avx512bw aes");
CR_KERNEL(cr_aes128_gcm_vaes512, cr_x86_vaes512, CR_AES128_GCM, "aes128-gcm", "vaes512-vpclmul",
	  "vaes vpclmulqdq avx512f avx512bw aes pclmul");
CR_KERNEL(cr_aes256_gcm_vaes512, cr_x86_vaes512, CR_AES256_GCM, "aes256-gcm", "vaes512-vpclmul",
	  "vaes vpclmulqdq avx512f avx512bw aes pclmul");
CR_KERNEL(cr_aes128_gcm_vaes, cr_x86_vaes, CR_AES128_GCM, "aes128-gcm", "vaes-vpclmul",
	  "vaes vpclmulqdq avx2 aes pclmul");
CR_KERNEL(cr_aes256_gcm_vaes, cr_x86_vaes, CR_AES256_GCM, "aes256-gcm", "vaes-vpclmul",
	  "vaes vpclmulqdq avx2 aes pclmul");
CR_KERNEL(cr_aes128_ecb_aesni, cr_x86, CR_AES128_ECB, "aes128-ecb", "aesni", "aes");
CR_KERNEL(cr_aes128_ctr_aesni, cr_x86, CR_AES128_CTR, "aes128-ctr", "aesni", "aes");
CR_KERNEL(cr_aes128_gcm_aesni, cr_x86, CR_AES128_GCM, "aes128-gcm", "aesni-pclmul", "aes pclmul");
CR_KERNEL(cr_aes256_ecb_aesni, cr_x86, CR_AES256_ECB, "aes256-ecb", "aesni", "aes");
CR_KERNEL(cr_aes256_ctr_aesni, cr_x86, CR_AES256_CTR, "aes256-ctr", "aesni", "aes");
CR_KERNEL(cr_aes256_gcm_aesni, cr_x86, CR_AES256_GCM, "aes256-gcm", "aesni-pclmul", "aes pclmul");
CR_KERNEL(cr_sha256_shani, cr_x86, CR_SHA256, "sha256", "sha-ni", "sha");
CR_KERNEL(cr_ghash_pclmul, cr_x86, CR_GHASH, "ghash", "pclmul", "pclmul");
