/* RISC-V vector crypto backend: Zvkned (AES), Zvkg (GHASH), Zvknha /
 * Zvknhb (SHA-256 / SHA-512), Zvksed (SM4), Zvksh (SM3), with Zvkb's
 * vrev8 for the big-endian words and counters. The instruction sequence
 * is in zvk_ops.h macros: real instructions in the image, the model of
 * tests/crypto/zvk_emu.c in the host tests (QEMU 7.2 has none of these
 * extensions, and there is no board here, so the model is what has run
 * this code; the in-image known-answer check guards a real core, and its
 * long GCM and GHASH vectors reach the aggregated GHASH and its tail).
 *
 * Register use, all at SEW=32 unless said: v0 mask; AES round keys in
 * v1..v15 (one element group each, used with the .vs forms, which
 * broadcast a key to every block); data in v16.. .
 *
 * Interleave: every block of a register group is one element group, so
 * ECB runs VLEN x 8 / 128 blocks per instruction (LMUL=8: 16 blocks at
 * VLEN 256, 64 at VLEN 1024) and counter mode VLEN x 4 / 128 (LMUL=4,
 * leaving room for the counter vectors). GHASH runs one chain per element
 * group of an LMUL 4 group, aggregated over powers of H (zvk_ghash), so
 * up to 16 vghsh chains are in flight. SHA-2 and SM3 are chains by
 * nature: one message block at a time. */
#include <string.h>

#include "crypto_kernel.h"
#include "zvk_ops.h"

extern const uint64_t cr_sha512_k[80];

/* Loads the round keys into v1..v(rounds+1), one element group each. */
static void load_round_keys(const struct aes_key *k)
{
	ZV_VSETVLI(4, e32, m1);
	ZV_VLE(32, 1, k->rk[0]);
	ZV_VLE(32, 2, k->rk[1]);
	ZV_VLE(32, 3, k->rk[2]);
	ZV_VLE(32, 4, k->rk[3]);
	ZV_VLE(32, 5, k->rk[4]);
	ZV_VLE(32, 6, k->rk[5]);
	ZV_VLE(32, 7, k->rk[6]);
	ZV_VLE(32, 8, k->rk[7]);
	ZV_VLE(32, 9, k->rk[8]);
	ZV_VLE(32, 10, k->rk[9]);
	ZV_VLE(32, 11, k->rk[10]);
	if (k->rounds == 14) {
		ZV_VLE(32, 12, k->rk[11]);
		ZV_VLE(32, 13, k->rk[12]);
		ZV_VLE(32, 14, k->rk[13]);
		ZV_VLE(32, 15, k->rk[14]);
	}
}

/* AES on every block of the group at v16 (FIPS-197 Cipher: AddRoundKey,
 * rounds-1 full rounds, the final round without MixColumns). */
static void aes_rounds(unsigned rounds)
{
	ZV_WORD(BM_VAESZ_VS(16, 1));
	ZV_WORD(BM_VAESEM_VS(16, 2));
	ZV_WORD(BM_VAESEM_VS(16, 3));
	ZV_WORD(BM_VAESEM_VS(16, 4));
	ZV_WORD(BM_VAESEM_VS(16, 5));
	ZV_WORD(BM_VAESEM_VS(16, 6));
	ZV_WORD(BM_VAESEM_VS(16, 7));
	ZV_WORD(BM_VAESEM_VS(16, 8));
	ZV_WORD(BM_VAESEM_VS(16, 9));
	ZV_WORD(BM_VAESEM_VS(16, 10));
	if (rounds == 10) {
		ZV_WORD(BM_VAESEF_VS(16, 11));
		return;
	}
	ZV_WORD(BM_VAESEM_VS(16, 11));
	ZV_WORD(BM_VAESEM_VS(16, 12));
	ZV_WORD(BM_VAESEM_VS(16, 13));
	ZV_WORD(BM_VAESEM_VS(16, 14));
	ZV_WORD(BM_VAESEF_VS(16, 15));
}

static void zvk_ecb(const struct aes_key *k, const uint8_t *in, uint8_t *out, size_t n)
{
	load_round_keys(k);
	size_t words = 4 * n, vlmax = ZV_VSETVLI((size_t)-1, e32, m8);
	while (words) {
		/* AVL at most VLMAX, so vl = AVL: a whole number of blocks */
		size_t vl = ZV_VSETVLI(words < vlmax ? words : vlmax, e32, m8);
		ZV_VLE(32, 16, in);
		aes_rounds(k->rounds);
		ZV_VSE(32, 16, out);
		in += 4 * vl;
		out += 4 * vl;
		words -= vl;
	}
}

/* Counter blocks for the group at v16, from the IV copies in v20, the
 * block numbers in v24 and the counter-lane mask in v0: lane 3 of each
 * block is the big-endian 32-bit counter c + block number. */
static void counters_setup(const uint8_t iv[16])
{
	uint64_t lo, hi;
	memcpy(&lo, iv, 8);
	memcpy(&hi, iv + 8, 8);
	/* v20: the IV in every block (as 64-bit halves: even lo, odd hi) */
	ZV_VSETVLI((size_t)-1, e64, m4);
	ZV_VID(24);
	ZV_VAND_VI(28, 24, 1);
	ZV_VMSEQ_VI(0, 28, 1);
	ZV_VMV_VX(20, lo);
	ZV_VMERGE_VXM(20, 20, hi);
	/* v24: block number of each 32-bit lane; v0: lanes 3, 7, 11, ... */
	ZV_VSETVLI((size_t)-1, e32, m4);
	ZV_VID(24);
	ZV_VAND_VI(28, 24, 3);
	ZV_VMSEQ_VI(0, 28, 3);
	ZV_VSRL_VI(24, 24, 2);
}

static void counters(uint32_t c)
{
	ZV_VADD_VX(28, 24, c);
	ZV_WORD(BM_VREV8_V(28, 28));
	ZV_VMERGE_VVM(16, 20, 28);
}

static void zvk_ctr32(const struct aes_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	uint32_t c = cr_load_be32(ctr + 12);
	load_round_keys(k);
	counters_setup(ctr);
	size_t words = 4 * n, vlmax = ZV_VSETVLI((size_t)-1, e32, m4);
	while (words) {
		size_t vl = ZV_VSETVLI(words < vlmax ? words : vlmax, e32, m4);
		counters(c);
		aes_rounds(k->rounds);
		ZV_VLE(32, 28, in);
		ZV_VXOR_VV(16, 16, 28);
		ZV_VSE(32, 16, out);
		c += (uint32_t)(vl / 4);
		in += 4 * vl;
		out += 4 * vl;
		words -= vl;
	}
	cr_store_be32(ctr + 12, c);
}

/* GHASH aggregated over the element groups of a register group: G
 * blocks in flight (G = VLEN x 4 / 128 at LMUL 4: 4 at VLEN 128, 8 at
 * 256, and at most GHASH_GROUPS), so G vghsh chains run side by side
 * instead of one. Group j accumulates blocks j, G + j, 2G + j, ... times
 * H^G each row; the last row multiplies group j by H^(G-j) instead, so
 * block k ends up times H^(n-k), as in the serial chain, and the groups
 * are XORed together (GHASH is linear). Y enters group 0 of the first
 * row. Zvkg takes H and the blocks in GCM's own byte order.
 *
 * Everything that depends only on the key and G is made once, in
 * ghash_init (issue 26: building it on every call cost 900 to 3,500
 * instructions a call at 4 to 16 groups, so a 1 KiB GCM got slower with
 * a longer vector): tab holds H^1..H^GHASH_GROUPS, then the rows' H^G in
 * every group, then H^(G-j) for group j, and G itself. A call made at
 * another G (a core with another VLEN) builds them on its stack. */
#define GHASH_GROUPS 16
#define GHASH_POW 0                          /* bytes into tab: H^(i+1) at 16 i */
#define GHASH_ROW (16 * GHASH_GROUPS)        /* H^G, G times */
#define GHASH_LAST (2 * 16 * GHASH_GROUPS)   /* H^(G-j) for group j */
#define GHASH_G_WORD (3 * 2 * GHASH_GROUPS)  /* tab[] index of G */

static size_t ghash_groups(void)
{
	size_t groups = ZV_VSETVLI((size_t)-1, e32, m4) / 4;
	return groups > GHASH_GROUPS ? GHASH_GROUPS : groups;
}

/* The rows' H^G in every group and the last row's H^(G-j), from the powers. */
static void ghash_arrange(const uint8_t *pow, size_t groups, uint8_t *row, uint8_t *last)
{
	for (size_t j = 0; j < groups; j++) {
		memcpy(row + 16 * j, pow + 16 * (groups - 1), 16);
		memcpy(last + 16 * j, pow + 16 * (groups - 1 - j), 16);
	}
}

static void zvk_ghash_init(struct ghash_key *g, const uint8_t h[16])
{
	memcpy(g->h, h, 16);
	_Static_assert(8 * (GHASH_G_WORD + 1) <= sizeof(g->tab), "ghash_key.tab holds the powers and G");
	uint8_t *tab = (uint8_t *)g->tab;
	memcpy(tab + GHASH_POW, h, 16);
	ZV_VSETVLI(4, e32, m1);
	ZV_VLE(32, 1, h);
	ZV_VLE(32, 2, h);
	for (int i = 1; i < GHASH_GROUPS; i++) {
		ZV_WORD(BM_VGMUL_VV(2, 1)); /* v2 = v2 x H = H^(i+1) */
		ZV_VSE(32, 2, tab + GHASH_POW + 16 * i);
	}
	size_t groups = ghash_groups();
	ghash_arrange(tab + GHASH_POW, groups, tab + GHASH_ROW, tab + GHASH_LAST);
	g->tab[GHASH_G_WORD] = groups;
}

/* The serial chain, one element group: y = (y ^ x) H per block. */
static void ghash_serial(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n)
{
	ZV_VSETVLI(4, e32, m1);
	ZV_VLE(32, 1, g->h);
	ZV_VLE(32, 2, y);
	for (; n; n--, in += 16) {
		ZV_VLE(32, 3, in);
		ZV_WORD(BM_VGHSH_VV(2, 1, 3));
	}
	ZV_VSE(32, 2, y);
}

/* Where the aggregated path pays: read off this function's rv64
 * disassembly (GCC 12, -O2), it costs about 80 instructions of set-up,
 * fold and return plus 5 a row of G blocks, the serial chain about 15
 * plus 4 a block. They cross at 24 blocks for G = 4 (VLEN 128), 21 for
 * G = 8 and 20 for G = 16: below 24 blocks, and below two rows, the
 * serial chain runs. (Counted, not timed: no core with Zvkg is here, and
 * QEMU 7.2 does not run it.) */
#define GHASH_AGGREGATE_BLOCKS 24

/* Y goes in and out by byte
 * loads and stores (any alignment); the group sums are folded in the
 * vector registers, halving log2(G) times, so the cost outside the rows
 * does not grow with G (with VLEN). */
static void zvk_ghash(const struct ghash_key *g, uint8_t y[16], const uint8_t *in, size_t n)
{
	size_t groups = ghash_groups();
	size_t rows = n / groups;
	if (groups < 2 || rows < 2 || n < GHASH_AGGREGATE_BLOCKS) {
		ghash_serial(g, y, in, n);
		return;
	}
	const uint8_t *tab = (const uint8_t *)g->tab, *row = tab + GHASH_ROW, *last = tab + GHASH_LAST;
	uint8_t own_row[16 * GHASH_GROUPS] __attribute__((aligned(16)));
	uint8_t own_last[16 * GHASH_GROUPS] __attribute__((aligned(16)));
	if (g->tab[GHASH_G_WORD] != groups) { /* keyed on a core with another VLEN */
		ghash_arrange(tab + GHASH_POW, groups, own_row, own_last);
		row = own_row;
		last = own_last;
	}
	ZV_VSETVLI(4 * groups, e32, m4);
	ZV_VXOR_VV(24, 24, 24); /* every group's sum starts at 0 ... */
	ZV_VLE(32, 16, row);
	ZV_VLE(32, 20, last);
	ZV_VSETVLI_TU(16, e8, m1);
	ZV_VLE(8, 24, y); /* ... but group 0's, at Y (the other groups undisturbed) */
	ZV_VSETVLI(4 * groups, e32, m4);
	for (size_t r = 0; r < rows; r++, in += 16 * groups) {
		ZV_VLE(32, 28, in);
		if (r + 1 < rows)
			ZV_WORD(BM_VGHSH_VV(24, 16, 28));
		else
			ZV_WORD(BM_VGHSH_VV(24, 20, 28));
	}
	/* fold: the upper half of the groups onto the lower, until one is left */
	for (size_t half = groups / 2; half; half /= 2) {
		ZV_VSETVLI(4 * half, e32, m4);
		ZV_VSLIDEDOWN_VX(8, 24, 4 * half);
		ZV_VXOR_VV(24, 24, 8);
	}
	ZV_VSETVLI(16, e8, m1);
	ZV_VSE(8, 24, y);
	if (n % groups)
		ghash_serial(g, y, in, n % groups);
}

/* SHA-2 state as the instructions hold it: {a, b, e, f} and {c, d, g, h}
 * with element 0 the last named (f, h). */
#define SHA2_GROUP(w, w1, w2, w3, kreg, more)                                                  \
	do {                                                                                   \
		ZV_VADD_VV(30, w, kreg);                                                       \
		ZV_WORD(BM_VSHA2CL_VV(27, 26, 30));                                            \
		ZV_WORD(BM_VSHA2CH_VV(26, 27, 30));                                            \
		if (more) { /* the next four words: {W[11],W[10],W[9],W[4]} from two groups */ \
			ZV_VMERGE_VVM(31, w2, w1);                                             \
			ZV_WORD(BM_VSHA2MS_VV(w, 31, w3));                                     \
		}                                                                              \
	} while (0)

static void zvk_sha256(uint32_t st[8], const uint8_t *in, size_t n)
{
	uint32_t k[64], abef[4] = {st[5], st[4], st[1], st[0]}, cdgh[4] = {st[7], st[6], st[3], st[2]};
	for (int i = 0; i < 64; i++)
		k[i] = (uint32_t)(cr_sha512_k[i] >> 32); /* FIPS 180-4 4.2.2: SHA-512's upper halves */
	ZV_VSETVLI(4, e32, m1);
	ZV_VMV_VX(0, 1); /* mask 0b0001 for the merge */
	ZV_VLE(32, 26, abef);
	ZV_VLE(32, 27, cdgh);
	ZV_VLE(32, 10, k + 0);
	ZV_VLE(32, 11, k + 4);
	ZV_VLE(32, 12, k + 8);
	ZV_VLE(32, 13, k + 12);
	ZV_VLE(32, 14, k + 16);
	ZV_VLE(32, 15, k + 20);
	ZV_VLE(32, 16, k + 24);
	ZV_VLE(32, 17, k + 28);
	ZV_VLE(32, 18, k + 32);
	ZV_VLE(32, 19, k + 36);
	ZV_VLE(32, 20, k + 40);
	ZV_VLE(32, 21, k + 44);
	ZV_VLE(32, 22, k + 48);
	ZV_VLE(32, 23, k + 52);
	ZV_VLE(32, 24, k + 56);
	ZV_VLE(32, 25, k + 60);
	for (; n; n--, in += 64) {
		ZV_VLE(32, 1, in);
		ZV_VLE(32, 2, in + 16);
		ZV_VLE(32, 3, in + 32);
		ZV_VLE(32, 4, in + 48);
		ZV_WORD(BM_VREV8_V(1, 1));
		ZV_WORD(BM_VREV8_V(2, 2));
		ZV_WORD(BM_VREV8_V(3, 3));
		ZV_WORD(BM_VREV8_V(4, 4));
		ZV_VMV_VV(28, 26);
		ZV_VMV_VV(29, 27);
		SHA2_GROUP(1, 2, 3, 4, 10, 1);
		SHA2_GROUP(2, 3, 4, 1, 11, 1);
		SHA2_GROUP(3, 4, 1, 2, 12, 1);
		SHA2_GROUP(4, 1, 2, 3, 13, 1);
		SHA2_GROUP(1, 2, 3, 4, 14, 1);
		SHA2_GROUP(2, 3, 4, 1, 15, 1);
		SHA2_GROUP(3, 4, 1, 2, 16, 1);
		SHA2_GROUP(4, 1, 2, 3, 17, 1);
		SHA2_GROUP(1, 2, 3, 4, 18, 1);
		SHA2_GROUP(2, 3, 4, 1, 19, 1);
		SHA2_GROUP(3, 4, 1, 2, 20, 1);
		SHA2_GROUP(4, 1, 2, 3, 21, 1);
		SHA2_GROUP(1, 2, 3, 4, 22, 0);
		SHA2_GROUP(2, 3, 4, 1, 23, 0);
		SHA2_GROUP(3, 4, 1, 2, 24, 0);
		SHA2_GROUP(4, 1, 2, 3, 25, 0);
		ZV_VADD_VV(26, 26, 28);
		ZV_VADD_VV(27, 27, 29);
	}
	ZV_VSE(32, 26, abef);
	ZV_VSE(32, 27, cdgh);
	st[0] = abef[3], st[1] = abef[2], st[4] = abef[1], st[5] = abef[0];
	st[2] = cdgh[3], st[3] = cdgh[2], st[6] = cdgh[1], st[7] = cdgh[0];
}

/* SHA-512: the same instructions at SEW=64 (element groups of 256 bits,
 * so LMUL=2 and even registers: VLEN 128 needs two registers a group).
 * W in v4, v6, v8, v10; {a,b,e,f} v12, {c,d,g,h} v14; saved v16, v18;
 * sums v20; merge v22; the round constants v24, loaded per group. */
#define SHA512_GROUP(w, w1, w2, w3, i, more)                                                   \
	do {                                                                                   \
		ZV_VLE(64, 24, cr_sha512_k + 4 * (i));                                         \
		ZV_VADD_VV(20, w, 24);                                                         \
		ZV_WORD(BM_VSHA2CL_VV(14, 12, 20));                                            \
		ZV_WORD(BM_VSHA2CH_VV(12, 14, 20));                                            \
		if (more) {                                                                    \
			ZV_VMERGE_VVM(22, w2, w1);                                             \
			ZV_WORD(BM_VSHA2MS_VV(w, 22, w3));                                     \
		}                                                                              \
	} while (0)

static void zvk_sha512(uint64_t st[8], const uint8_t *in, size_t n)
{
	uint64_t abef[4] = {st[5], st[4], st[1], st[0]}, cdgh[4] = {st[7], st[6], st[3], st[2]};
	ZV_VSETVLI(4, e64, m2);
	ZV_VMV_VX(0, 1);
	ZV_VLE(64, 12, abef);
	ZV_VLE(64, 14, cdgh);
	for (; n; n--, in += 128) {
		ZV_VLE(64, 4, in);
		ZV_VLE(64, 6, in + 32);
		ZV_VLE(64, 8, in + 64);
		ZV_VLE(64, 10, in + 96);
		ZV_WORD(BM_VREV8_V(4, 4));
		ZV_WORD(BM_VREV8_V(6, 6));
		ZV_WORD(BM_VREV8_V(8, 8));
		ZV_WORD(BM_VREV8_V(10, 10));
		ZV_VMV_VV(16, 12);
		ZV_VMV_VV(18, 14);
		SHA512_GROUP(4, 6, 8, 10, 0, 1);
		SHA512_GROUP(6, 8, 10, 4, 1, 1);
		SHA512_GROUP(8, 10, 4, 6, 2, 1);
		SHA512_GROUP(10, 4, 6, 8, 3, 1);
		SHA512_GROUP(4, 6, 8, 10, 4, 1);
		SHA512_GROUP(6, 8, 10, 4, 5, 1);
		SHA512_GROUP(8, 10, 4, 6, 6, 1);
		SHA512_GROUP(10, 4, 6, 8, 7, 1);
		SHA512_GROUP(4, 6, 8, 10, 8, 1);
		SHA512_GROUP(6, 8, 10, 4, 9, 1);
		SHA512_GROUP(8, 10, 4, 6, 10, 1);
		SHA512_GROUP(10, 4, 6, 8, 11, 1);
		SHA512_GROUP(4, 6, 8, 10, 12, 1);
		SHA512_GROUP(6, 8, 10, 4, 13, 1);
		SHA512_GROUP(8, 10, 4, 6, 14, 1);
		SHA512_GROUP(10, 4, 6, 8, 15, 1);
		SHA512_GROUP(4, 6, 8, 10, 16, 0);
		SHA512_GROUP(6, 8, 10, 4, 17, 0);
		SHA512_GROUP(8, 10, 4, 6, 18, 0);
		SHA512_GROUP(10, 4, 6, 8, 19, 0);
		ZV_VADD_VV(12, 12, 16);
		ZV_VADD_VV(14, 14, 18);
	}
	ZV_VSE(64, 12, abef);
	ZV_VSE(64, 14, cdgh);
	st[0] = abef[3], st[1] = abef[2], st[4] = abef[1], st[5] = abef[0];
	st[2] = cdgh[3], st[3] = cdgh[2], st[6] = cdgh[1], st[7] = cdgh[0];
}

/* SM4-CTR: counter blocks as for AES; the state words X0..X3 are the
 * block's big-endian words (vrev8); 8 x vsm4r.vs does the 32 rounds with
 * round keys rk[4j..4j+3] in v1..v8; the output is X35..X32, so the
 * words are reversed in each block (vrgather with index i ^ 3, v12) and
 * byte-swapped back. */
static void zvk_sm4_ctr32(const struct sm4_key *k, uint8_t ctr[16], const uint8_t *in, uint8_t *out, size_t n)
{
	uint32_t c = cr_load_be32(ctr + 12);
	ZV_VSETVLI(4, e32, m1);
	ZV_VLE(32, 1, k->rk + 0);
	ZV_VLE(32, 2, k->rk + 4);
	ZV_VLE(32, 3, k->rk + 8);
	ZV_VLE(32, 4, k->rk + 12);
	ZV_VLE(32, 5, k->rk + 16);
	ZV_VLE(32, 6, k->rk + 20);
	ZV_VLE(32, 7, k->rk + 24);
	ZV_VLE(32, 8, k->rk + 28);
	counters_setup(ctr);
	ZV_VID(12);
	ZV_VXOR_VI(12, 12, 3);
	size_t words = 4 * n, vlmax = ZV_VSETVLI((size_t)-1, e32, m4);
	while (words) {
		size_t vl = ZV_VSETVLI(words < vlmax ? words : vlmax, e32, m4);
		counters(c);
		ZV_WORD(BM_VREV8_V(16, 16));
		ZV_WORD(BM_VSM4R_VS(16, 1));
		ZV_WORD(BM_VSM4R_VS(16, 2));
		ZV_WORD(BM_VSM4R_VS(16, 3));
		ZV_WORD(BM_VSM4R_VS(16, 4));
		ZV_WORD(BM_VSM4R_VS(16, 5));
		ZV_WORD(BM_VSM4R_VS(16, 6));
		ZV_WORD(BM_VSM4R_VS(16, 7));
		ZV_WORD(BM_VSM4R_VS(16, 8));
		ZV_VRGATHER_VV(28, 16, 12);
		ZV_WORD(BM_VREV8_V(28, 28));
		ZV_VLE(32, 16, in);
		ZV_VXOR_VV(16, 16, 28);
		ZV_VSE(32, 16, out);
		c += (uint32_t)(vl / 4);
		in += 4 * vl;
		out += 4 * vl;
		words -= vl;
	}
	cr_store_be32(ctr + 12, c);
}

/* SM3: vsm3me expands eight message words at a time (W[16..67] into the
 * array, big-endian as the instructions keep them); vsm3c does two
 * rounds, reading W[2r], W[2r+1], W[2r+4], W[2r+5] from the 8 words at
 * W + 2r. EGW is 256 bits: LMUL=2 with even registers. The state is kept
 * as the big-endian digest words (the instructions swap bytes in and
 * out), and the block's result is XORed into it (GB/T 32905 5.3.2). */
#define SM3C(r)                                        \
	do {                                           \
		ZV_VLE(32, 4, w + 2 * (r));            \
		ZV_WORD(BM_VSM3C_VI(2, 4, r));         \
	} while (0)

static void zvk_sm3(uint32_t st[8], const uint8_t *in, size_t n)
{
	uint32_t s[8], w[72];
	for (int i = 0; i < 8; i++)
		s[i] = __builtin_bswap32(st[i]);
	ZV_VSETVLI(8, e32, m2);
	ZV_VLE(32, 2, s);
	for (; n; n--, in += 64) {
		/* the block straight into vector registers, and from them into
		 * W[0..15] for the rounds (no scalar copy: a byte-loop memcpy
		 * was 384 of the block's 540 instructions) */
		ZV_VMV_VV(8, 2);
		ZV_VLE(32, 4, in);
		ZV_VLE(32, 6, in + 32);
		ZV_VSE(32, 4, w);
		ZV_VSE(32, 6, w + 8);
		for (int g = 2; g < 9; g++) {
			ZV_WORD(BM_VSM3ME_VV(10, 6, 4)); /* W[8g..8g+7] from W[8g-16..8g-1] */
			ZV_VSE(32, 10, w + 8 * g);
			ZV_VMV_VV(4, 6);
			ZV_VMV_VV(6, 10);
		}
		SM3C(0); SM3C(1); SM3C(2); SM3C(3); SM3C(4); SM3C(5); SM3C(6); SM3C(7);
		SM3C(8); SM3C(9); SM3C(10); SM3C(11); SM3C(12); SM3C(13); SM3C(14); SM3C(15);
		SM3C(16); SM3C(17); SM3C(18); SM3C(19); SM3C(20); SM3C(21); SM3C(22); SM3C(23);
		SM3C(24); SM3C(25); SM3C(26); SM3C(27); SM3C(28); SM3C(29); SM3C(30); SM3C(31);
		ZV_VXOR_VV(2, 2, 8);
	}
	ZV_VSE(32, 2, s);
	for (int i = 0; i < 8; i++)
		st[i] = __builtin_bswap32(s[i]);
}

const struct cr_backend cr_zvk = {
	.name = "zvk",
	.aes_ecb = zvk_ecb,
	.aes_ctr32 = zvk_ctr32,
	.ghash_init = zvk_ghash_init,
	.ghash = zvk_ghash,
	.sha256_blocks = zvk_sha256,
	.sha512_blocks = zvk_sha512,
	.sm4_ctr32 = zvk_sm4_ctr32,
	.sm3_blocks = zvk_sm3,
};

CR_KERNEL(cr_aes128_ecb_zvk, cr_zvk, CR_AES128_ECB, "aes128-ecb", "zvkned", "zvkned");
CR_KERNEL(cr_aes128_ctr_zvk, cr_zvk, CR_AES128_CTR, "aes128-ctr", "zvkned", "zvkned zvkb");
CR_KERNEL(cr_aes128_gcm_zvk, cr_zvk, CR_AES128_GCM, "aes128-gcm", "zvkned-zvkg", "zvkned zvkb zvkg");
CR_KERNEL(cr_aes256_ecb_zvk, cr_zvk, CR_AES256_ECB, "aes256-ecb", "zvkned", "zvkned");
CR_KERNEL(cr_aes256_ctr_zvk, cr_zvk, CR_AES256_CTR, "aes256-ctr", "zvkned", "zvkned zvkb");
CR_KERNEL(cr_aes256_gcm_zvk, cr_zvk, CR_AES256_GCM, "aes256-gcm", "zvkned-zvkg", "zvkned zvkb zvkg");
CR_KERNEL(cr_sha256_zvk, cr_zvk, CR_SHA256, "sha256", "zvknha", "zvknha zvkb");
CR_KERNEL(cr_sha512_zvk, cr_zvk, CR_SHA512, "sha512", "zvknhb", "zvknhb zvkb");
CR_KERNEL(cr_sm4_ctr_zvk, cr_zvk, CR_SM4_CTR, "sm4-ctr", "zvksed", "zvksed zvkb");
CR_KERNEL(cr_sm3_zvk, cr_zvk, CR_SM3, "sm3", "zvksh", "zvksh");
CR_KERNEL(cr_ghash_zvk, cr_zvk, CR_GHASH, "ghash", "zvkg", "zvkg");
