#include "zvk_emu.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rv_insn.h"

#define MAX_VLENB 512 /* VLEN 4096 */

static uint8_t vreg[32 * MAX_VLENB]; /* v0..v31, each vlenb bytes, groups contiguous */
static unsigned vlenb = 16, sew = 32, lmul = 1;
/* Tail agnostic (vsetvli ... ta): the elements of a destination group
 * past vl may be left or filled with ones (RVV 1.0 3.4.3); the model
 * fills them with ones, the stricter choice, so code that counts on a
 * tail it did not keep with `tu` fails here as it could on a core. */
static bool ta = true;
static unsigned long executed; /* vector instructions run since the reset */
static size_t vl;
static unsigned long unknown;

void zemu_reset(unsigned b)
{
	if (b < 16 || b > MAX_VLENB) {
		fprintf(stderr, "zvk_emu: vlenb %u not modelled\n", b);
		abort();
	}
	vlenb = b;
	memset(vreg, 0xEE, sizeof(vreg)); /* nothing may read what was never written */
	vl = 0;
	unknown = 0;
	executed = 0;
}

unsigned long zemu_unknown(void)
{
	return unknown;
}

unsigned long zemu_executed(void)
{
	return executed;
}

/* A register group must start at a multiple of its size (RVV 1.0 3.4.2). */
static uint8_t *group(unsigned v, unsigned emul)
{
	if (v % emul || v + emul > 32) {
		fprintf(stderr, "zvk_emu: v%u is not a group of %u registers\n", v, emul);
		abort();
	}
	return vreg + (size_t)v * vlenb;
}

static uint64_t get(unsigned v, size_t i, unsigned bits)
{
	uint64_t x = 0;
	memcpy(&x, vreg + (size_t)v * vlenb + i * (bits / 8), bits / 8); /* little-endian host */
	return x;
}

static void put(unsigned v, size_t i, unsigned bits, uint64_t x)
{
	memcpy(vreg + (size_t)v * vlenb + i * (bits / 8), &x, bits / 8);
}

static bool mask_bit(size_t i)
{
	return vreg[i / 8] >> (i % 8) & 1;
}

size_t zemu_vsetvli_tu(size_t avl, unsigned s, unsigned l)
{
	size_t n = zemu_vsetvli(avl, s, l);
	ta = false;
	return n;
}

size_t zemu_vsetvli(size_t avl, unsigned s, unsigned l)
{
	executed++;
	ta = true;
	sew = s;
	lmul = l;
	size_t vlmax = (size_t)vlenb * 8 * l / s;
	vl = avl < vlmax ? avl : vlmax;
	return vl;
}

/* After a write of vl elements of `bits` to the group at vd of emul registers. */
static void tail(unsigned vd, unsigned emul, unsigned bits)
{
	size_t done = vl * bits / 8, size = (size_t)emul * vlenb;
	if (ta && done < size)
		memset(vreg + (size_t)vd * vlenb + done, 0xff, size - done);
}

void zemu_vle(unsigned eew, unsigned vd, const void *p)
{
	executed++;
	unsigned emul = eew * lmul / sew ? eew * lmul / sew : 1;
	memcpy(group(vd, emul), p, vl * eew / 8);
	tail(vd, emul, eew);
}

void zemu_vse(unsigned eew, unsigned vs, void *p)
{
	executed++;
	unsigned emul = eew * lmul / sew ? eew * lmul / sew : 1;
	memcpy(p, group(vs, emul), vl * eew / 8);
}

static uint64_t mask_sew(uint64_t x)
{
	return sew == 64 ? x : x & ((1ull << sew) - 1);
}

/* vd[i] = f(vs2[i], operand) over vl elements; the operand is vs1[i] or a scalar. */
#define ELEMENTWISE(vd, vs2, expr_of_a_b, b_of_i)                        \
	do {                                                              \
		group(vd, lmul);                                          \
		group(vs2, lmul);                                         \
		for (size_t i = 0; i < vl; i++) {                         \
			uint64_t a = get(vs2, i, sew), b = (b_of_i);      \
			put(vd, i, sew, mask_sew(expr_of_a_b));           \
		}                                                         \
		tail(vd, lmul, sew);                                      \
	} while (0)

void zemu_vxor_vv(unsigned vd, unsigned vs2, unsigned vs1)
{
	executed++;
	group(vs1, lmul);
	ELEMENTWISE(vd, vs2, a ^ b, get(vs1, i, sew));
}
void zemu_vxor_vi(unsigned vd, unsigned vs2, int64_t imm)
{
	executed++;
	ELEMENTWISE(vd, vs2, a ^ b, (uint64_t)imm);
}
void zemu_vadd_vv(unsigned vd, unsigned vs2, unsigned vs1)
{
	executed++;
	group(vs1, lmul);
	ELEMENTWISE(vd, vs2, a + b, get(vs1, i, sew));
}
void zemu_vadd_vx(unsigned vd, unsigned vs2, uint64_t x)
{
	executed++;
	ELEMENTWISE(vd, vs2, a + b, x);
}
void zemu_vand_vi(unsigned vd, unsigned vs2, int64_t imm)
{
	executed++;
	ELEMENTWISE(vd, vs2, a & b, (uint64_t)imm);
}
void zemu_vsrl_vi(unsigned vd, unsigned vs2, unsigned sh)
{
	executed++;
	ELEMENTWISE(vd, vs2, a >> b, (uint64_t)sh);
}

void zemu_vmseq_vi(unsigned vd, unsigned vs2, int64_t imm)
{
	executed++;
	group(vs2, lmul);
	uint8_t bits[MAX_VLENB] = {0};
	for (size_t i = 0; i < vl; i++)
		if (get(vs2, i, sew) == mask_sew((uint64_t)imm))
			bits[i / 8] |= (uint8_t)(1u << (i % 8));
	memcpy(group(vd, 1), bits, (vl + 7) / 8);
}

void zemu_vmerge_vvm(unsigned vd, unsigned vs2, unsigned vs1)
{
	executed++;
	group(vs1, lmul);
	ELEMENTWISE(vd, vs2, mask_bit(i) ? b : a, get(vs1, i, sew));
}
void zemu_vmerge_vxm(unsigned vd, unsigned vs2, uint64_t x)
{
	executed++;
	ELEMENTWISE(vd, vs2, mask_bit(i) ? b : a, x);
}
void zemu_vmv_vv(unsigned vd, unsigned vs)
{
	executed++;
	ELEMENTWISE(vd, vs, a + 0 * b, 0);
}
void zemu_vmv_vx(unsigned vd, uint64_t x)
{
	executed++;
	group(vd, lmul);
	for (size_t i = 0; i < vl; i++)
		put(vd, i, sew, mask_sew(x));
	tail(vd, lmul, sew);
}
void zemu_vid(unsigned vd)
{
	executed++;
	group(vd, lmul);
	for (size_t i = 0; i < vl; i++)
		put(vd, i, sew, i);
	tail(vd, lmul, sew);
}

/* vd[i] = vs2[i + off], 0 past VLMAX (RVV 1.0 16.3.2); vd may not overlap vs2. */
void zemu_vslidedown_vx(unsigned vd, unsigned vs2, uint64_t off)
{
	executed++;
	group(vd, lmul);
	group(vs2, lmul);
	if (vd < vs2 + lmul && vs2 < vd + lmul) {
		fprintf(stderr, "zvk_emu: vslidedown destination overlaps its source (reserved)\n");
		abort();
	}
	size_t vlmax = (size_t)vlenb * 8 * lmul / sew;
	for (size_t i = 0; i < vl; i++)
		put(vd, i, sew, off < vlmax && i + off < vlmax ? get(vs2, i + off, sew) : 0);
	tail(vd, lmul, sew);
}

void zemu_vrgather_vv(unsigned vd, unsigned vs2, unsigned vs1)
{
	executed++;
	group(vd, lmul);
	group(vs2, lmul);
	group(vs1, lmul);
	if (vd == vs2 || vd == vs1) {
		fprintf(stderr, "zvk_emu: vrgather.vv destination overlaps a source (reserved)\n");
		abort();
	}
	size_t vlmax = (size_t)vlenb * 8 * lmul / sew;
	for (size_t i = 0; i < vl; i++) {
		uint64_t j = get(vs1, i, sew);
		put(vd, i, sew, j < vlmax ? get(vs2, j, sew) : 0);
	}
	tail(vd, lmul, sew);
}

/* ---- the crypto instructions ------------------------------------------- */

static uint32_t rol32(uint32_t x, unsigned n)
{
	return n % 32 ? x << (n % 32) | x >> (32 - n % 32) : x;
}
static uint64_t rotr(uint64_t x, unsigned n, unsigned bits)
{
	return bits == 32 ? (uint32_t)(x >> n | x << (32 - n)) : x >> n | x << (64 - n);
}
static uint32_t bswap32(uint32_t x)
{
	return __builtin_bswap32(x);
}

/* AES: FIPS-197 section 5.1, on the 16-byte state in memory order (byte
 * r + 4c is row r, column c), as the element group holds it. */
static uint8_t aes_sbox[256];
static uint8_t xt(uint8_t a)
{
	return (uint8_t)(a << 1 ^ (a & 0x80 ? 0x1b : 0));
}
static void aes_sbox_init(void)
{
	if (aes_sbox[0])
		return;
	for (unsigned x = 0; x < 256; x++) {
		uint8_t inv = 0;
		for (unsigned y = 1; y < 256 && x; y++) { /* the y with x * y = 1 */
			uint8_t p = 0, a = (uint8_t)x, b = (uint8_t)y;
			for (; b; b >>= 1, a = xt(a))
				if (b & 1)
					p ^= a;
			if (p == 1) {
				inv = (uint8_t)y;
				break;
			}
		}
		uint8_t s = inv;
		for (int r = 1; r <= 4; r++)
			s ^= (uint8_t)(inv << r | inv >> (8 - r));
		aes_sbox[x] = s ^ 0x63;
	}
}
static void aes_round(uint8_t st[16], const uint8_t rk[16], bool mix)
{
	uint8_t t[16];
	for (int c = 0; c < 4; c++)
		for (int r = 0; r < 4; r++)
			t[r + 4 * c] = aes_sbox[st[r + 4 * ((c + r) % 4)]]; /* SubBytes, ShiftRows */
	for (int c = 0; mix && c < 4; c++) {
		uint8_t *k = t + 4 * c, a0 = k[0], a1 = k[1], a2 = k[2], a3 = k[3];
		k[0] = (uint8_t)(xt(a0) ^ xt(a1) ^ a1 ^ a2 ^ a3);
		k[1] = (uint8_t)(a0 ^ xt(a1) ^ xt(a2) ^ a2 ^ a3);
		k[2] = (uint8_t)(a0 ^ a1 ^ xt(a2) ^ xt(a3) ^ a3);
		k[3] = (uint8_t)(xt(a0) ^ a0 ^ a1 ^ a2 ^ xt(a3));
	}
	for (int i = 0; i < 16; i++)
		st[i] = t[i] ^ rk[i];
}

/* GHASH: GF(2^128) product in GCM's bit order (SP 800-38D 6.3). */
static void gf128_mul(uint8_t z[16], const uint8_t x[16], const uint8_t y[16])
{
	uint8_t v[16], r[16] = {0};
	memcpy(v, y, 16);
	for (int i = 0; i < 128; i++) {
		if (x[i / 8] >> (7 - i % 8) & 1)
			for (int j = 0; j < 16; j++)
				r[j] ^= v[j];
		bool lsb = v[15] & 1;
		for (int j = 15; j > 0; j--)
			v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
		v[0] >>= 1;
		if (lsb)
			v[0] ^= 0xe1;
	}
	memcpy(z, r, 16);
}

/* SHA-2 functions, FIPS 180-4 4.1.2 / 4.1.3. */
static uint64_t sum0(uint64_t x, unsigned b)
{
	return b == 32 ? rotr(x, 2, 32) ^ rotr(x, 13, 32) ^ rotr(x, 22, 32) : rotr(x, 28, 64) ^ rotr(x, 34, 64) ^ rotr(x, 39, 64);
}
static uint64_t sum1(uint64_t x, unsigned b)
{
	return b == 32 ? rotr(x, 6, 32) ^ rotr(x, 11, 32) ^ rotr(x, 25, 32) : rotr(x, 14, 64) ^ rotr(x, 18, 64) ^ rotr(x, 41, 64);
}
static uint64_t sig0(uint64_t x, unsigned b)
{
	return b == 32 ? rotr(x, 7, 32) ^ rotr(x, 18, 32) ^ (x >> 3) : rotr(x, 1, 64) ^ rotr(x, 8, 64) ^ (x >> 7);
}
static uint64_t sig1(uint64_t x, unsigned b)
{
	return b == 32 ? rotr(x, 17, 32) ^ rotr(x, 19, 32) ^ (x >> 10) : rotr(x, 19, 64) ^ rotr(x, 61, 64) ^ (x >> 6);
}

extern const uint8_t cr_sm4_sbox[256];
static uint32_t sm4_t(uint32_t x)
{
	uint32_t s = (uint32_t)cr_sm4_sbox[x >> 24] << 24 | (uint32_t)cr_sm4_sbox[x >> 16 & 0xff] << 16 |
		     (uint32_t)cr_sm4_sbox[x >> 8 & 0xff] << 8 | cr_sm4_sbox[x & 0xff];
	return s ^ rol32(s, 2) ^ rol32(s, 10) ^ rol32(s, 18) ^ rol32(s, 24);
}

static uint32_t p0(uint32_t x)
{
	return x ^ rol32(x, 9) ^ rol32(x, 17);
}
static uint32_t p1(uint32_t x)
{
	return x ^ rol32(x, 15) ^ rol32(x, 23);
}

/* Element groups: egw bits, vl / egs of them; the group size must fit
 * the register group (LMUL x VLEN >= EGW), else the instruction is
 * reserved (the kernels must never issue it so). */
static size_t groups(unsigned egs)
{
	if (vl % egs || (size_t)lmul * vlenb * 8 < egs * sew) {
		fprintf(stderr, "zvk_emu: vl %zu / EGS %u / LMUL %u x VLEN %u: reserved\n", vl, egs, lmul, vlenb * 8);
		abort();
	}
	return vl / egs;
}

static void eg_get(unsigned v, size_t g, unsigned egs, uint64_t *e)
{
	for (unsigned i = 0; i < egs; i++)
		e[i] = get(v, g * egs + i, sew);
}
static void eg_put(unsigned v, size_t g, unsigned egs, const uint64_t *e)
{
	for (unsigned i = 0; i < egs; i++)
		put(v, g * egs + i, sew, e[i]);
}
static void eg_bytes(unsigned v, size_t g, uint8_t b[16])
{
	memcpy(b, vreg + (size_t)v * vlenb + g * 16, 16);
}
static void eg_set_bytes(unsigned v, size_t g, const uint8_t b[16])
{
	memcpy(vreg + (size_t)v * vlenb + g * 16, b, 16);
}

static void vaes(unsigned vd, unsigned vs2, bool scalar, unsigned op)
{
	aes_sbox_init();
	size_t n = groups(4);
	for (size_t g = 0; g < n; g++) {
		uint8_t st[16], rk[16];
		eg_bytes(vd, g, st);
		eg_bytes(vs2, scalar ? 0 : g, rk);
		if (op == 7) { /* vaesz: AddRoundKey */
			for (int i = 0; i < 16; i++)
				st[i] ^= rk[i];
		} else if (op == 2 || op == 3) {
			aes_round(st, rk, op == 2); /* vaesem / vaesef */
		} else {
			unknown++;
		}
		eg_set_bytes(vd, g, st);
	}
}

static void vsha2(unsigned funct6, unsigned vd, unsigned vs2, unsigned vs1)
{
	unsigned b = sew;
	size_t n = groups(4);
	for (size_t g = 0; g < n; g++) {
		uint64_t d[4], s2[4], s1[4];
		eg_get(vd, g, 4, d);
		eg_get(vs2, g, 4, s2);
		eg_get(vs1, g, 4, s1);
		uint64_t m = b == 32 ? 0xffffffffull : ~0ull;
		if (funct6 == 0x2d) { /* vsha2ms: {W3,W2,W1,W0}, {W11,W10,W9,W4}, {W15,W14,W13,W12} */
			uint64_t w[20];
			w[0] = d[0], w[1] = d[1], w[2] = d[2], w[3] = d[3];
			w[4] = s2[0], w[9] = s2[1], w[10] = s2[2], w[11] = s2[3];
			w[12] = s1[0], w[13] = s1[1], w[14] = s1[2], w[15] = s1[3];
			w[16] = (sig1(w[14], b) + w[9] + sig0(w[1], b) + w[0]) & m;
			w[17] = (sig1(w[15], b) + w[10] + sig0(w[2], b) + w[1]) & m;
			w[18] = (sig1(w[16], b) + w[11] + sig0(w[3], b) + w[2]) & m;
			w[19] = (sig1(w[17], b) + w[12] + sig0(w[4], b) + w[3]) & m;
			uint64_t out[4] = {w[16], w[17], w[18], w[19]};
			eg_put(vd, g, 4, out);
			continue;
		}
		/* vsha2ch / vsha2cl: vs2 = {a,b,e,f}, vd = {c,d,g,h} (element 0 is f, h) */
		uint64_t a = s2[3], bb = s2[2], e = s2[1], f = s2[0], c = d[3], dd = d[2], gg = d[1], h = d[0];
		uint64_t w0 = funct6 == 0x2f ? s1[0] : s1[2], w1 = funct6 == 0x2f ? s1[1] : s1[3];
		for (int r = 0; r < 2; r++) {
			uint64_t t1 = (h + sum1(e, b) + ((e & f) ^ (~e & gg)) + (r ? w1 : w0)) & m;
			uint64_t t2 = (sum0(a, b) + ((a & bb) ^ (a & c) ^ (bb & c))) & m;
			h = gg, gg = f, f = e, e = (dd + t1) & m, dd = c, c = bb, bb = a, a = (t1 + t2) & m;
		}
		uint64_t out[4] = {f, e, bb, a};
		eg_put(vd, g, 4, out);
	}
}

static void vghsh(unsigned vd, unsigned vs2, unsigned vs1, bool gmul)
{
	size_t n = groups(4);
	for (size_t g = 0; g < n; g++) {
		uint8_t y[16], x[16], h[16], z[16];
		eg_bytes(vd, g, y);
		eg_bytes(vs2, g, h);
		if (!gmul) { /* vghsh: (Y ^ X) H; vgmul: Y H */
			eg_bytes(vs1, g, x);
			for (int i = 0; i < 16; i++)
				y[i] ^= x[i];
		}
		gf128_mul(z, y, h);
		eg_set_bytes(vd, g, z);
	}
}

static void vsm4r(unsigned vd, unsigned vs2, bool scalar)
{
	size_t n = groups(4);
	for (size_t g = 0; g < n; g++) {
		uint64_t x[4], rk[4];
		eg_get(vd, g, 4, x);
		eg_get(vs2, scalar ? 0 : g, 4, rk);
		uint32_t s[8] = {(uint32_t)x[0], (uint32_t)x[1], (uint32_t)x[2], (uint32_t)x[3]};
		for (int r = 0; r < 4; r++)
			s[r + 4] = s[r] ^ sm4_t(s[r + 1] ^ s[r + 2] ^ s[r + 3] ^ (uint32_t)rk[r]);
		uint64_t out[4] = {s[4], s[5], s[6], s[7]};
		eg_put(vd, g, 4, out);
	}
}

static void vsm3me(unsigned vd, unsigned vs2, unsigned vs1)
{
	size_t n = groups(8);
	for (size_t g = 0; g < n; g++) {
		uint64_t lo[8], hi[8];
		eg_get(vs1, g, 8, lo);
		eg_get(vs2, g, 8, hi);
		uint32_t w[24];
		for (int i = 0; i < 8; i++) {
			w[i] = bswap32((uint32_t)lo[i]);
			w[8 + i] = bswap32((uint32_t)hi[i]);
		}
		for (int j = 16; j < 24; j++)
			w[j] = p1(w[j - 16] ^ w[j - 9] ^ rol32(w[j - 3], 15)) ^ rol32(w[j - 13], 7) ^ w[j - 6];
		uint64_t out[8];
		for (int i = 0; i < 8; i++)
			out[i] = bswap32(w[16 + i]);
		eg_put(vd, g, 8, out);
	}
}

static void vsm3c(unsigned vd, unsigned vs2, unsigned rnds)
{
	size_t n = groups(8);
	for (size_t g = 0; g < n; g++) {
		uint64_t s[8], m[8];
		eg_get(vd, g, 8, s);
		eg_get(vs2, g, 8, m);
		uint32_t v[8]; /* A..H */
		for (int i = 0; i < 8; i++)
			v[i] = bswap32((uint32_t)s[i]);
		uint32_t w[6] = {bswap32((uint32_t)m[0]), bswap32((uint32_t)m[1]), 0, 0, bswap32((uint32_t)m[4]),
				 bswap32((uint32_t)m[5])};
		for (unsigned r = 0; r < 2; r++) {
			unsigned j = 2 * rnds + r;
			uint32_t A = v[0], B = v[1], C = v[2], D = v[3], E = v[4], F = v[5], G = v[6], H = v[7];
			uint32_t tj = j <= 15 ? 0x79CC4519 : 0x7A879D8A;
			uint32_t ss1 = rol32(rol32(A, 12) + E + rol32(tj, j % 32), 7);
			uint32_t ss2 = ss1 ^ rol32(A, 12);
			uint32_t ff = j <= 15 ? A ^ B ^ C : (A & B) | (A & C) | (B & C);
			uint32_t gg = j <= 15 ? E ^ F ^ G : (E & F) | (~E & G);
			uint32_t tt1 = ff + D + ss2 + (w[r] ^ w[r + 4]);
			uint32_t tt2 = gg + H + ss1 + w[r];
			v[3] = C, v[2] = rol32(B, 9), v[1] = A, v[0] = tt1;
			v[7] = G, v[6] = rol32(F, 19), v[5] = E, v[4] = p0(tt2);
		}
		uint64_t out[8];
		for (int i = 0; i < 8; i++)
			out[i] = bswap32(v[i]);
		eg_put(vd, g, 8, out);
	}
}

void zemu_word(uint32_t word)
{
	executed++;
	unsigned funct6 = word >> 26, vm = word >> 25 & 1, vs2 = word >> 20 & 31, vs1 = word >> 15 & 31;
	unsigned funct3 = word >> 12 & 7, vd = word >> 7 & 31, opcode = word & 0x7f;
	if (vm != 1 || funct3 != BM_RV_OPMVV) {
		unknown++;
		return;
	}
	if (opcode == BM_RV_OP_V && funct6 == 0x12 && vs1 == 0x09) { /* vrev8.v */
		group(vd, lmul);
		group(vs2, lmul);
		for (size_t i = 0; i < vl; i++) {
			uint64_t x = get(vs2, i, sew), r = 0;
			for (unsigned k = 0; k < sew / 8; k++)
				r |= (x >> (8 * k) & 0xff) << (sew - 8 - 8 * k);
			put(vd, i, sew, r);
		}
		tail(vd, lmul, sew);
		return;
	}
	if (opcode != BM_RV_OP_VE) {
		unknown++;
		return;
	}
	switch (funct6) {
	case 0x28:
	case 0x29:
		if (vs1 == 0x10)
			vsm4r(vd, vs2, funct6 == 0x29);
		else if (vs1 == 0x11 && funct6 == 0x28)
			vghsh(vd, vs2, 0, true);
		else
			vaes(vd, vs2, funct6 == 0x29, vs1);
		break;
	case 0x2c: vghsh(vd, vs2, vs1, false); break;
	case 0x2d:
	case 0x2e:
	case 0x2f: vsha2(funct6, vd, vs2, vs1); break;
	case 0x20: vsm3me(vd, vs2, vs1); break;
	case 0x2b: vsm3c(vd, vs2, vs1); break;
	default: unknown++; return;
	}
	tail(vd, lmul, sew);
}
