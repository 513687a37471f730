/* The Armv8.2 cryptographic instructions beyond Armv8.0's AES and
 * SHA-256: SHA512H/H2/SU0/SU1 (FEAT_SHA512), SM3SS1, SM3TT1A/B, SM3TT2A/B and
 * SM3PARTW1/2 (FEAT_SM3) and SM4E (FEAT_SM4), as the Arm ARM (DDI 0487, "Advanced
 * SIMD cryptographic instructions", and each instruction's pseudocode)
 * defines them. They are optional from Armv8.2 and present on few cores:
 * ID_AA64ISAR0_EL1.SHA2 = 2, .SM3 = 1, .SM4 = 1 (or AT_HWCAP's SHA512,
 * SM3, SM4 under Linux) decide, and QEMU's `-cpu max` has all three.
 * They belong to the armv8-ce backend (backend_aarch64.c); the image is
 * built for Armv8.0-A, so each function asks for Armv8.2 itself. */
#include <arm_neon.h>

#include "crypto_kernel.h"

/* GCC 12's arm_neon.h declares these intrinsics under armv8.2-a+sha3 and
 * armv8.2-a+sm4. */
#define SHA512_TARGET __attribute__((target("arch=armv8.2-a+sha3")))
#define SM_TARGET __attribute__((target("arch=armv8.2-a+sm4")))

extern const uint64_t cr_sha512_k[80];

/* SHA-512, two rounds per SHA512H + SHA512H2. The state is held in four
 * pairs ab, cd, ef, gh (word a in lane 0). From the pseudocode:
 * SHA512H(d, n, m) with n = {f, g}, m = {d, e} and d = {g + K[t+1] +
 * W[t+1], h + K[t] + W[t]} leaves {T1 of round t+1, T1 of round t}
 * (FIPS 180-4 6.4.2's T1, without the d added for the second round);
 * the new ef is cd plus that, and SHA512H2(that, cd, ab) is the new ab.
 * The old ab becomes cd and the old ef gh. SHA512SU0/SU1 extend the
 * schedule two words at a time: W[t+16..t+17] from W[t..t+1], W[t+1..t+2]
 * (sigma0), W[t+9..t+10] and W[t+14..t+15] (sigma1). */
SHA512_TARGET void ce_sha512(uint64_t st[8], const uint8_t *in, size_t n)
{
	uint64x2_t ab = vld1q_u64(st), cd = vld1q_u64(st + 2), ef = vld1q_u64(st + 4), gh = vld1q_u64(st + 6);
	for (; n; n--, in += 128) {
		uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh, w[8];
		for (int i = 0; i < 8; i++)
			w[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(in + 16 * i)));
#pragma GCC unroll 40
		for (int i = 0; i < 40; i++) { /* rounds 2i and 2i + 1 */
			uint64x2_t kw = vaddq_u64(w[i % 8], vld1q_u64(&cr_sha512_k[2 * i]));
			uint64x2_t t = vaddq_u64(vextq_u64(kw, kw, 1), gh);
			t = vsha512hq_u64(t, vextq_u64(ef, gh, 1), vextq_u64(cd, ef, 1));
			uint64x2_t ab2 = vsha512h2q_u64(t, cd, ab);
			gh = ef;
			ef = vaddq_u64(cd, t);
			cd = ab;
			ab = ab2;
			if (i < 32) /* w[i % 8] becomes W[2i+16..2i+17] */
				w[i % 8] = vsha512su1q_u64(vsha512su0q_u64(w[i % 8], w[(i + 1) % 8]), w[(i + 7) % 8],
							   vextq_u64(w[(i + 4) % 8], w[(i + 5) % 8], 1));
		}
		ab = vaddq_u64(ab, ab0);
		cd = vaddq_u64(cd, cd0);
		ef = vaddq_u64(ef, ef0);
		gh = vaddq_u64(gh, gh0);
	}
	vst1q_u64(st, ab);
	vst1q_u64(st + 2, cd);
	vst1q_u64(st + 4, ef);
	vst1q_u64(st + 6, gh);
}

/* Lanes in reverse order: {x0, x1, x2, x3} -> {x3, x2, x1, x0}. */
static inline uint32x4_t rev_lanes(uint32x4_t x)
{
	uint32x4_t r = vrev64q_u32(x);
	return vextq_u32(r, r, 2);
}

/* SM3 (GB/T 32905), one round per SM3SS1 + SM3TT1 + SM3TT2. The
 * instructions hold A..D as {D, C, B, A} and E..H as {H, G, F, E} (A and
 * E in lane 3): SM3SS1 gives SS1 in lane 3 from A, E and T_j <<< j;
 * SM3TT1A/B (rounds 0-15 / 16-63: the two boolean functions) take W'[j]
 * = W[j] ^ W[j+4] by lane and give the new A..D, SM3TT2A/B W[j] and the
 * new E..H. SM3PARTW1 + SM3PARTW2 give four expanded words; W[0..67]
 * (17 groups of four) are all made before the rounds, which the compiler
 * keeps in registers and an out-of-order core overlaps with them. */
SM_TARGET static inline uint32x4_t sm3_t(int j)
{
	uint32_t t = j < 16 ? 0x79cc4519u : 0x7a879d8au;
	unsigned s = (unsigned)j % 32;
	return vsetq_lane_u32(s ? t << s | t >> (32 - s) : t, vdupq_n_u32(0), 3);
}

SM_TARGET void ce_sm3(uint32_t st[8], const uint8_t *in, size_t n)
{
	uint32x4_t abcd = rev_lanes(vld1q_u32(st)), efgh = rev_lanes(vld1q_u32(st + 4));
	for (; n; n--, in += 64) {
		uint32x4_t abcd0 = abcd, efgh0 = efgh, w[17];
		for (int i = 0; i < 4; i++)
			w[i] = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(in + 16 * i)));
#pragma GCC unroll 13
		for (int k = 4; k < 17; k++) { /* W[4k..4k+3] */
			uint32x4_t t = vsm3partw1q_u32(w[k - 4], vextq_u32(w[k - 3], w[k - 2], 3), w[k - 1]);
			w[k] = vsm3partw2q_u32(t, vextq_u32(w[k - 2], w[k - 1], 2), vextq_u32(w[k - 4], w[k - 3], 3));
		}
#pragma GCC unroll 16
		for (int k = 0; k < 16; k++) {
			uint32x4_t wp = veorq_u32(w[k], w[k + 1]), ss1, a;
			/* The lane index must be a constant: four rounds spelled out. */
#define SM3_ROUND(lane, TT1, TT2)                                            \
	ss1 = vsm3ss1q_u32(abcd, efgh, sm3_t(4 * k + (lane)));               \
	a = TT1(abcd, ss1, wp, lane);                                        \
	efgh = TT2(efgh, ss1, w[k], lane);                                   \
	abcd = a
			if (k < 4) {
				SM3_ROUND(0, vsm3tt1aq_u32, vsm3tt2aq_u32);
				SM3_ROUND(1, vsm3tt1aq_u32, vsm3tt2aq_u32);
				SM3_ROUND(2, vsm3tt1aq_u32, vsm3tt2aq_u32);
				SM3_ROUND(3, vsm3tt1aq_u32, vsm3tt2aq_u32);
			} else {
				SM3_ROUND(0, vsm3tt1bq_u32, vsm3tt2bq_u32);
				SM3_ROUND(1, vsm3tt1bq_u32, vsm3tt2bq_u32);
				SM3_ROUND(2, vsm3tt1bq_u32, vsm3tt2bq_u32);
				SM3_ROUND(3, vsm3tt1bq_u32, vsm3tt2bq_u32);
			}
#undef SM3_ROUND
		}
		abcd = veorq_u32(abcd, abcd0); /* GB/T 32905 5.3.2: V(i+1) = ABCDEFGH ^ V(i) */
		efgh = veorq_u32(efgh, efgh0);
	}
	vst1q_u32(st, rev_lanes(abcd));
	vst1q_u32(st + 4, rev_lanes(efgh));
}

/* SM4 (GB/T 32907) in counter mode. SM4E does four rounds on a block
 * held as {X0, X1, X2, X3} with four round keys by lane, leaving
 * {X4, X5, X6, X7}; eight give X32..X35, and the output is those words
 * in reverse order. SM4_LANES blocks go through each round key in
 * turn, as the AES kernels keep eight blocks in flight. */
#define SM4_LANES 8

SM_TARGET __attribute__((always_inline)) static inline void sm4_lanes(const uint32x4_t rk[8], uint32x4_t *x,
								      unsigned n)
{
	for (unsigned r = 0; r < 8; r++) {
#pragma GCC unroll 8
		for (unsigned i = 0; i < n; i++)
			x[i] = vsm4eq_u32(x[i], rk[r]);
	}
}

/* The keystream block of x (X32..X35): those words reversed, big-endian. */
static inline uint8x16_t sm4_out(uint32x4_t x)
{
	return vrev32q_u8(vreinterpretq_u8_u32(rev_lanes(x)));
}

/* Whole batches with constant counts (the blocks stay in registers),
 * then the last few blocks one at a time. */
SM_TARGET void ce_sm4_ctr32(const struct sm4_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	uint32x4_t rk[8];
	for (int i = 0; i < 8; i++)
		rk[i] = vld1q_u32(&k->rk[4 * i]);
	/* The counter block as SM4 reads it: four big-endian words. */
	uint32x4_t base = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(ctr)));
	uint32_t c = vgetq_lane_u32(base, 3);
	for (; n >= SM4_LANES; n -= SM4_LANES, in += 16 * SM4_LANES, out += 16 * SM4_LANES, c += SM4_LANES) {
		uint32x4_t x[SM4_LANES];
#pragma GCC unroll 8
		for (unsigned i = 0; i < SM4_LANES; i++)
			x[i] = vsetq_lane_u32(c + i, base, 3);
		sm4_lanes(rk, x, SM4_LANES);
#pragma GCC unroll 8
		for (unsigned i = 0; i < SM4_LANES; i++)
			vst1q_u8(out + 16 * i, veorq_u8(vld1q_u8(in + 16 * i), sm4_out(x[i])));
	}
	for (; n; n--, in += 16, out += 16, c++) {
		uint32x4_t x = vsetq_lane_u32(c, base, 3);
		sm4_lanes(rk, &x, 1);
		vst1q_u8(out, veorq_u8(vld1q_u8(in), sm4_out(x)));
	}
	cr_store_be32(ctr + 12, c);
}
