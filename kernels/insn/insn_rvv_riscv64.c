/* The vector instruction table's C side (issue 43; docs/insn.md): the
 * cells a form runs at on this core, each cell's state (its vtype, the
 * operand values at each class's element width), and the check of what
 * a body returns.
 *
 * vtype (RVV 1.0 section 3.4, "Vector type register"): vill bit XLEN-1,
 * vma bit 7, vta bit 6, vsew bits 5:3 (8 16 32 64 -> 0..3), vlmul bits 2:0
 * (m1 m2 m4 m8 -> 0..3, mf8 mf4 mf2 -> 5..7). Every cell runs tail and
 * mask agnostic, vl = VLMAX (vsetvl with rs1 = x0, section 6.2). */
#include <stddef.h>
#include <string.h>

#include "arch.h"
#include "fp16.h"
#include "insn.h"
#include "../vector/velem.h"

/* the offsets the generated bodies read (tools/gen_insn_rvv.c, O_*) */
_Static_assert(offsetof(struct insn_vstate, vtype_e) == 48, "gen_insn_rvv.c: O_VTYPE_E");
_Static_assert(offsetof(struct insn_vstate, kv) == 56, "gen_insn_rvv.c: O_KV");
_Static_assert(offsetof(struct insn_vstate, kx) == 312, "gen_insn_rvv.c: O_KX");
_Static_assert(offsetof(struct insn_vstate, kf) == 344, "gen_insn_rvv.c: O_KF");
_Static_assert(offsetof(struct insn_vstate, ptr) == 376, "gen_insn_rvv.c: O_PTR");
_Static_assert(offsetof(struct insn_vstate, got_vtype) == 392, "gen_insn_rvv.c: O_GOT_VTYPE");

#define BUF_BYTES 65536
#define LAT_UNROLL 16

static const unsigned sews[4] = {8, 16, 32, 64};

/* VLEN in bits (vlenb, CSR 0xC22, RVV 1.0 3.6): the grid record's vlen
 * (harness/insn_record.c). Called only after a vector form ran. */
unsigned insn_vlen_bits(void)
{
	uint64_t vlenb;
	__asm__ volatile(".option push\n.option arch, +v\ncsrr %0, vlenb\n.option pop" : "=r"(vlenb));
	return (unsigned)(vlenb * 8);
}

/* vtype for SEW index si (0..3) and LMUL index li (0 mf8 .. 6 m8); 0
 * where the pair is out of range (a class the form does not use). */
static uint64_t vtype_of(int si, int li)
{
	if (si < 0 || si > 3 || li < 0 || li > 6)
		return 0;
	unsigned vlmul = li < 3 ? 5u + (unsigned)li : (unsigned)li - 3;
	return 0xc0u | (unsigned)si << 3 | vlmul;
}

/* vl after vsetvl with AVL = VLMAX, and whether the core set vill (a
 * cell it does not take). The V extension is there: verify said so. */
static uint64_t vlmax_of(uint64_t vtype, bool *ill)
{
	uint64_t vl, vt;
	__asm__ volatile(".option push\n.option arch, +v\n"
			 "vsetvl %0, zero, %2\ncsrr %1, vtype\n.option pop"
			 : "=r"(vl), "=r"(vt)
			 : "r"(vtype));
	*ill = vt >> 63;
	return vl;
}

bool insn_grid_param(const struct insn_form *f, const struct bm_env *env, unsigned i, uint64_t *value)
{
	(void)env;
	const struct insn_grid *g = f->grid;
	unsigned n = 0;
	for (unsigned c = 0; c < INSN_NCELL; c++) {
		if (!(g->cells >> c & 1))
			continue;
		bool ill;
		uint64_t vl = vlmax_of(vtype_of((int)(c / 7), (int)(c % 7)), &ill);
		/* the core's own word on the cell (an ELEN under 64); an
		 * element group needs VLMAX a multiple of it (Zvk* 1.0, 1.3) */
		if (ill || vl == 0 || (g->eg && vl % g->eg))
			continue;
		if (n++ == i) {
			*value = c;
			return true;
		}
	}
	return false;
}

/* FP constants, the bits at 16, 32 and 64 bits (IEEE 754): all normal. */
struct fpv {
	uint16_t h;
	uint32_t s;
	uint64_t d;
};
/* 1.2345678901234567; at 16 bits 1.2373046875 (0x3cf3, the nearest is
 * 0x3cf0), its last fraction bit set so the first add of 1.5 is a tie in
 * binary16 (2.7373046875 to the even 2.73828125): the vfadd reference at
 * SEW 16 checks the rounding too (lib/fp16.h) */
static const struct fpv FP_START = {0x3cf3, 0x3f9e0652, 0x3ff3c0ca428c59fbull};
static const struct fpv FP_1_5 = {0x3e00, 0x3fc00000, 0x3ff8000000000000ull};
static const struct fpv FP_M1_5 = {0xbe00, 0xbfc00000, 0xbff8000000000000ull};
static const struct fpv FP_2 = {0x4000, 0x40000000, 0x4000000000000000ull};
static const struct fpv FP_0_5 = {0x3800, 0x3f000000, 0x3fe0000000000000ull};
static const struct fpv FP_M1 = {0xbc00, 0xbf800000, 0xbff0000000000000ull};
static const struct fpv FP_2_75 = {0x4180, 0x40300000, 0x4006000000000000ull};
static const struct fpv FP_1_2_75 = {0x35d1, 0x3eba2e8c, 0x3fd745d1745d1746ull}; /* 1/2.75, rounded */

static uint64_t fp_at(const struct fpv *v, unsigned eew)
{
	return eew == 16 ? v->h : eew == 32 ? v->s : v->d;
}

static bool is_fp(enum insn_vvals v)
{
	return v == INSN_VV_FADD || v == INSN_VV_FMUL || v == INSN_VV_FMA || v == INSN_VV_FDIV;
}

/* Each class's chain start and K1..K3 at its element width eew. */
static void values(uint64_t out[4], enum insn_vvals v, unsigned eew)
{
	static const uint64_t ints[4] = {0x0123456789abcdefull, 0x9e3779b97f4a7c15ull, 0xd1b54a32d192ed03ull,
					 0x8cb92ba72f3d8dd7ull};
	memcpy(out, ints, sizeof(ints));
	if (!is_fp(v) || eew < 16)
		return;
	const struct fpv *f[4] = {&FP_START, &FP_1_5, &FP_1_5, &FP_M1_5};
	if (v == INSN_VV_FMUL)
		f[1] = &FP_2, f[2] = &FP_2, f[3] = &FP_0_5;
	else if (v == INSN_VV_FMA)
		f[1] = &FP_0_5, f[2] = &FP_M1, f[3] = &FP_0_5;
	else if (v == INSN_VV_FDIV)
		f[1] = &FP_1_5, f[2] = &FP_2_75, f[3] = &FP_1_2_75;
	for (int i = 0; i < 4; i++)
		out[i] = fp_at(f[i], eew);
}

void *insn_grid_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
			const char **why)
{
	const struct insn_form *f = k->form;
	const struct insn_grid *g = f->grid;
	unsigned c = (unsigned)param;
	size_t len = strlen(k->name);
	bool thr = len > 4 && strcmp(k->name + len - 4, ".thr") == 0;
	if (c >= INSN_NCELL || !(g->cells >> c & 1)) {
		*why = "not a cell of this form";
		return NULL;
	}
	/* FP16 (Zvfh, Zvfhmin): cells the ISA string must list the
	 * extension for, never executed where it does not (a null with why) */
	if (g->x_sews >> (c / 7) & 1) {
		bool min = strcmp(g->x_ext, "zvfhmin") == 0;
		if (!arch_has_feature(g->x_ext) && !(min && arch_has_feature("zvfh"))) {
			*why = min ? "no zvfhmin or zvfh in the hart's ISA string: not executed"
				   : "no zvfh in the hart's ISA string: not executed";
			return NULL;
		}
	}
	const bm_body_fn *b = thr ? g->thr[g->variant[c]] : g->lat[g->variant[c]];
	if (!b[0]) {
		*why = thr ? "no room: the register groups this LMUL leaves hold no independent result"
			   : "no room: the register groups this LMUL leaves cannot hold the chain and its constants";
		return NULL;
	}
	struct insn_vstate *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(BUF_BYTES, 4096);
	if (!s || !buf) {
		*why = "no memory for the kernel's state and buffer";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	int si = (int)(c / 7), li = (int)(c % 7);
	s->vtype = vtype_of(si, li);
	s->vtype_w = vtype_of(si + 1, li + 1);
	s->vtype_h = vtype_of(si - 1, li - 1);
	s->vtype_q = vtype_of(si - 2, li - 2);
	s->vtype_o = vtype_of(si - 3, li - 3);
	s->vtype_m = 0xc0; /* e8, m1: a mask register's bits as bytes */
	/* vrgatherei16's index: EEW 16 at EMUL 16 LMUL / SEW (RVV 1.0 16.4) */
	s->vtype_e = vtype_of(1, li + 1 - si);
	static const int shift[8] = {0, 1, -1, -2, -3, 0, 0, 0}; /* classes v w h q o m s e: SEW index offset */
	for (int cl = 0; cl < 8; cl++) {
		int e = cl == 7 ? 1 : si + shift[cl];
		values(s->kv[cl], g->vals, e >= 0 && e <= 3 ? sews[e] : 64);
	}
	values(s->kx, INSN_VV_INT, 64);
	if (g->vals == INSN_VV_IDX)
		s->kx[1] = s->kx[2] = s->kx[3] = 64; /* a stride: one element a 64-byte line */
	if (g->vals == INSN_VV_GATHER)
		s->kx[1] = s->kx[2] = s->kx[3] = 1; /* a slide or gather by one element */
	uint64_t fv[4];
	values(fv, g->vals, sews[si]);
	for (int i = 0; i < 4; i++) /* NaN-boxed below 64 bits (RVV 1.0 5.3; the F and D chapters) */
		s->kf[i] = sews[si] == 64 ? fv[i] : ~0ull << sews[si] | fv[i];
	/* a load's latency chain adds element 0 to the buffer's address for
	 * the next load's: over zeros every load reads where the first did
	 * (an L1 hit; docs/insn.md) */
	memset(buf, !thr && g->ref == INSN_REF_ADDR ? 0 : 0x5a, BUF_BYTES);
	s->ptr = (uint64_t)(uintptr_t)buf;
	s->buf = buf;
	s->form = f;
	s->cell = c;
	s->sew = sews[si];
	s->thr = thr;
	bool ill;
	s->vlmax = vlmax_of(s->vtype, &ill);
	s->bodies.x1 = b[0];
	s->bodies.x2 = b[1];
	/* a simulated core: 8 iterations (docs/simulators.md), as scalar forms */
	if (env->opt->profile == BM_PROFILE_SIM && *iters > 8)
		*iters = 8;
	return s;
}

uint64_t insn_grid_x1(void *state, uint64_t iters)
{
	return ((struct insn_vstate *)state)->bodies.x1(state, iters);
}

uint64_t insn_grid_x2(void *state, uint64_t iters)
{
	return ((struct insn_vstate *)state)->bodies.x2(state, iters);
}

/* The low `bits` bits set. */
static uint64_t ones(unsigned bits)
{
	return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* a op b in the cell's FP format (16, 32 or 64 bits), round to nearest
 * even as the vector unit's frm (0 from reset): '+', '*', or 'f' a + b x c
 * (the product exact in the tables' operand sets, so fused or not agree).
 * Binary16 (Zvfh) in a double, narrowed once (lib/fp16.h): a sum or a
 * product of two halves is exact there, and so is the table's a + b x c
 * (b x c = -0.5: any binary16 a plus it needs 41 bits at most), so one rounding, as the unit's. */
static uint64_t fp_op(unsigned sew, char op, uint64_t a, uint64_t b, uint64_t c)
{
	if (sew == 16) {
		double x = bm_fp16_to_double((uint16_t)a), y = bm_fp16_to_double((uint16_t)b),
		       z = bm_fp16_to_double((uint16_t)c);
		return bm_fp16_from_double(op == '+' ? x + y : op == '*' ? x * y : x + y * z);
	}
	if (sew == 32) {
		float x, y, z;
		uint32_t u[3] = {(uint32_t)a, (uint32_t)b, (uint32_t)c};
		memcpy(&x, &u[0], 4), memcpy(&y, &u[1], 4), memcpy(&z, &u[2], 4);
		x = op == '+' ? x + y : op == '*' ? x * y : x + y * z;
		memcpy(&u[0], &x, 4);
		return u[0];
	}
	double x, y, z;
	memcpy(&x, &a, 8), memcpy(&y, &b, 8), memcpy(&z, &c, 8);
	x = op == '+' ? x + y : op == '*' ? x * y : x + y * z;
	memcpy(&a, &x, 8);
	return a;
}

/* Op i of a stepped reference on element 0: x the chain's bits at its
 * width (zero-extended), the result likewise. A source s reads Ks
 * (gen_insn_rvv.c); alt=2 alternates K2 (even ops) and K3 (odd ops). */
static uint64_t ref_step(const struct insn_vstate *s, uint64_t x, uint64_t i)
{
	unsigned e = s->sew;
	uint64_t m = ones(e), k1 = s->kv[0][1] & m, k2 = s->kv[0][2] & m, k3 = s->kv[0][3] & m;
	switch (s->form->grid->ref) {
	case INSN_REF_FADD: return fp_op(e, '+', x, i % 2 ? k3 : k2, 0);
	case INSN_REF_FMUL: return fp_op(e, '*', x, i % 2 ? k3 : k2, 0);
	case INSN_REF_FMA: return fp_op(e, 'f', x, k1, k2); /* vd + vs1 x vs2 */
	case INSN_REF_SADDU: { /* unsigned, saturating at 2^SEW - 1 (RVV 1.0 12.1) */
		uint64_t y = (x + k2) & m;
		return y < x ? m : y;
	}
	case INSN_REF_DIVU: return x ? k2 / x : m; /* vs2 = K2 over the chain; by zero all ones (11.11) */
	case INSN_REF_NSRL: { /* the 2 SEW chain >> 3, narrowed; back by vwaddu.vx with the scalar K1, zero-extended */
		uint64_t y = x >> 3 & m;
		return (y + (s->kx[1] & m)) & ones(2 * e);
	}
	default: return x;
	}
}

/* A stepped reference after n ops from x. Op i depends on the value and
 * on i's parity alone, so once a value recurs two ops later the chain
 * has period 2 (or a fixed point: saturation, a division settled) and
 * the rest is its parity; otherwise n steps (an FMA chain, as the
 * hardware does it). */
static uint64_t ref_steps(const struct insn_vstate *s, uint64_t x, uint64_t n)
{
	if (n == 0)
		return x;
	uint64_t p2 = x, p1 = ref_step(s, x, 0); /* x(j-2), x(j-1) */
	for (uint64_t j = 2; j <= n; j++) {
		uint64_t y = ref_step(s, p1, j - 1);
		if (y == p2)
			return (n - j) % 2 == 0 ? y : p1;
		p2 = p1, p1 = y;
	}
	return p1;
}

/* Element 0 of the latency chain after n ops (n >= 1), by the form's
 * reference, sign-extended from the chain's width as vmv.x.s leaves it;
 * false where the form has none. Class indices of kv: v 0, w 1, s 6. */
static bool reference(const struct insn_vstate *s, uint64_t n, uint64_t *want)
{
	unsigned e = s->sew;
	uint64_t x = s->kv[0][0], k1 = s->kv[0][1], k = s->kv[0][2];
	enum insn_ref r = s->form->grid->ref;
	switch (r) {
	case INSN_REF_ADD: *want = velem_sext(x + n * k, e); return true;
	case INSN_REF_MUL: *want = velem_sext(x * bm_pow64(k, n), e); return true;
	/* vredsum: each op adds VLMAX elements of K2 to element 0 (class s) */
	case INSN_REF_RED: *want = velem_sext(s->kv[6][0] + n * s->vlmax * k, e); return true;
	/* vmacc: vd + vs1 x vs2, the product K1 K2 at SEW (the low bits of the 64-bit one) */
	case INSN_REF_MACC: *want = velem_sext(x + n * k1 * k, e); return true;
	/* vwaddu.wv: the 2 SEW chain plus K2 zero-extended from SEW, wrapping at 2 SEW */
	case INSN_REF_WADDU: *want = velem_sext(s->kv[1][0] + n * (k & ones(e)), 2 * e); return true;
	/* viota.m's element 0 counts the mask bits below it: none */
	case INSN_REF_IOTA: *want = 0; return true;
	/* vslidedown by 1: element 0 is the start's element n, zero past VLMAX (16.3.2) */
	case INSN_REF_SLIDE: *want = n < s->vlmax ? velem_sext(x, e) : 0; return true;
	case INSN_REF_NSRL: *want = velem_sext(ref_steps(s, s->kv[1][0] & ones(2 * e), n), 2 * e); return true;
	/* a load's address chain: the body returns its distance from the buffer */
	case INSN_REF_ADDR: *want = 0; return true;
	case INSN_REF_FADD:
	case INSN_REF_FMUL:
	case INSN_REF_FMA:
	case INSN_REF_SADDU:
	case INSN_REF_DIVU: *want = velem_sext(ref_steps(s, x & ones(e), n), e); return true;
	default: return false;
	}
}

/* Every body leaves vl and vtype in the state: they must be the cell's
 * (vl = VLMAX). A latency body with a reference returns element 0 of its
 * chain, which must be the reference's (the arithmetic at that width; the
 * reduction's count of VLMAX elements); every other body must return the
 * same value on every run at one iteration count (determinism, as the
 * scalar forms). */
bool insn_grid_check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	struct insn_vstate *s = (struct insn_vstate *)state;
	const struct insn_grid *g = s->form->grid;
	uint64_t want, want_vl = g->avl && g->avl < s->vlmax ? g->avl : s->vlmax;
	if (variant > 1)
		return false;
	/* every body ran at the cell's vtype and vl: another SEW, LMUL or
	 * vl (a body's set-up or a vsetvl form gone wrong) cannot pass */
	if (s->got_vtype != s->vtype || s->got_vl != want_vl)
		return false;
	if (!s->thr && reference(s, iters * LAT_UNROLL * (variant + 1), &want))
		return result == want;
	return insn_same_result(s->first, &s->first_iters, variant, iters, result);
}
