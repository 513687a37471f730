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
static const struct fpv FP_START = {0x3cf0, 0x3f9e0652, 0x3ff3c0ca428c59fbull}; /* 1.2345678901234567 */
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
	memset(buf, 0x5a, BUF_BYTES);
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

/* x + K, n times, in the cell's FP format: what a vfadd chain leaves. */
static uint64_t fadd_chain(uint64_t x, uint64_t k, unsigned sew, uint64_t n)
{
	if (sew == 32) {
		float a, b;
		uint32_t xa = (uint32_t)x, kb = (uint32_t)k;
		memcpy(&a, &xa, 4);
		memcpy(&b, &kb, 4);
		for (uint64_t i = 0; i < n; i++)
			a = a + b;
		memcpy(&xa, &a, 4);
		return velem_sext(xa, 32);
	}
	double a, b;
	memcpy(&a, &x, 8);
	memcpy(&b, &k, 8);
	for (uint64_t i = 0; i < n; i++)
		a = a + b;
	memcpy(&x, &a, 8);
	return x;
}

/* Element 0 of the latency chain after n ops, by the form's reference:
 * source 2 is the constant K2 (gen_insn_rvv.c: a source s reads Ks). */
static bool reference(const struct insn_vstate *s, uint64_t n, uint64_t *want)
{
	uint64_t x = s->kv[0][0], k = s->kv[0][2];
	switch (s->form->grid->ref) {
	case INSN_REF_ADD: *want = velem_sext(x + n * k, s->sew); return true;
	case INSN_REF_MUL: *want = velem_sext(x * bm_pow64(k, n), s->sew); return true;
	/* vredsum: each op adds VLMAX elements of K2 to element 0 (class s) */
	case INSN_REF_RED: *want = velem_sext(s->kv[6][0] + n * s->vlmax * s->kv[0][2], s->sew); return true;
	case INSN_REF_FADD:
		if (s->sew < 32)
			return false;
		*want = fadd_chain(x, k, s->sew, n);
		return true;
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
