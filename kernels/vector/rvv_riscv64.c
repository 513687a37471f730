/* RVV 1.0 instruction kernels: latency (one dependent chain) and
 * throughput (independent chains, as many as the register file holds at
 * that LMUL) of integer add and multiply, fp fused multiply-add,
 * reduction, register gather, unit-stride load and store, strided and
 * indexed loads, and a load-to-use chase through vle64 + vmv.x.s.
 *
 * The parameter "sew_lmul" is SEW x 10 + LMUL: 328 is e32, m8. The quick
 * profile runs e32 and e64 at m1 and m8; the full one every SEW the
 * instruction takes at m1, m2, m4 and m8. One op is one instruction over
 * VLMAX = VLEN x LMUL / SEW elements (VLEN: the core record's vlen_bits).
 * Memory kernels work inside a 64 KiB buffer (L1-sized): strided loads
 * step 64 bytes, indexed loads take a permutation of 64-byte offsets.
 * Every chain's final value is predicted and checked.
 *
 * thv.*: vadd, vfmacc and unit-stride loads on XTheadVector (RVV 0.7.1,
 * the C906), e32/e64 at m1 and m8, for cores without RVV 1.0; same
 * parameter, checks and results. No XTheadVector core or emulator is
 * here: on QEMU these kernels are skip records; their encodings are
 * checked by the unit tests (rv_insn.h). */
#include <string.h>

#include "arch.h"
#include "kernel.h"
#include "rv_insn.h"
#include "velem.h"

#define OPS 24 /* vector instructions per unrolled iteration, every body */
#define BUF_BYTES 65536
#define STRIDE 64

enum rvv_kind { ADD, MUL, FMACC, REDSUM, GATHER, VLE_LAT, VLE, VSE, VLSE, VLUXEI };

struct rvv_op {
	enum rvv_kind kind;
	bool thr;
	bool thead; /* XTheadVector (0.7.1) bodies: thv_riscv64.S, m1 and m8 */
	uint8_t sews; /* bit mask of allowed SEW: 1 e8, 2 e16, 4 e32, 8 e64 */
	/* bodies: [0] latency or m1, [1] m2, [2] m4, [3] m8; x1 and x2 */
	bm_body_fn x1[4], x2[4];
	bm_body_fn x1_32[4], x2_32[4]; /* memory kernels: the EEW=32 bodies */
};

struct rvv_state {
	uint64_t vtype, x, b; /* offsets 0, 8, 16: read by the bodies */
	void *buf, *idx;      /* 24, 32 */
	uint64_t stride;      /* 40 */
	const struct rvv_op *op;
	unsigned sew, lmul, nchains;
	uint64_t vlmax, mem0; /* mem0: element 0 of the buffer, as loaded */
	struct bm_bodies bodies;
};

/* vl after vsetvl with AVL = infinity: VLEN x LMUL / SEW (rvv_riscv64.S). */
uint64_t bm_rvv_vlmax(uint64_t vtype);

static unsigned lmul_index(unsigned lmul)
{
	return lmul == 1 ? 0 : lmul == 2 ? 1 : lmul == 4 ? 2 : 3;
}

static unsigned sew_index(unsigned sew)
{
	return sew == 8 ? 0 : sew == 16 ? 1 : sew == 32 ? 2 : 3;
}

static const char *verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)env;
	const struct rvv_op *op = k->arg;
	return bm_needs(op->thead ? "xtheadvector" : "v", skip);
}

/* The i-th (SEW, LMUL) the op takes in this profile. */
static bool param_of(const struct rvv_op *op, const struct bm_env *env, unsigned i, uint64_t *value)
{
	static const unsigned sews[] = {8, 16, 32, 64}, all[] = {1, 2, 4, 8}, quick[] = {1, 8};
	bool full = env->opt->profile == BM_PROFILE_FULL && !op->thead;
	const unsigned *lm = full ? all : quick;
	unsigned nlm = full ? 4 : 2, n = 0;
	for (unsigned s = 0; s < 4; s++) {
		if (!(op->sews >> s & 1) || (!full && sews[s] < 32))
			continue;
		for (unsigned l = 0; l < nlm; l++, n++)
			if (n == i) {
				*value = sews[s] * 10u + lm[l];
				return true;
			}
	}
	return false;
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t sew_lmul, uint64_t *iters,
		     const char **why)
{
	(void)env;
	(void)iters;
	const struct rvv_op *op = k->arg;
	struct rvv_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(BUF_BYTES, 4096);
	if (!s || !buf) {
		*why = "no memory for the kernel's state and buffer";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	s->op = op;
	s->sew = (unsigned)(sew_lmul / 10);
	s->lmul = (unsigned)(sew_lmul % 10);
	/* RVV 1.0 vtype: vta = vma = 1, vsew in bits 5:3, vlmul in bits 2:0;
	 * XTheadVector's 0.7.1 layout: vsew in bits 4:2, vlmul in 1:0 */
	s->vtype = op->thead ? BM_TH_VTYPE(sew_index(s->sew), lmul_index(s->lmul))
			     : 0xc0 | (uint64_t)sew_index(s->sew) << 3 | lmul_index(s->lmul);
	s->vlmax = bm_rvv_vlmax(s->vtype);
	unsigned li = lmul_index(s->lmul);
	bool mem32 = op->kind >= VLE && s->sew == 32;
	s->bodies.x1 = op->thr ? (mem32 ? op->x1_32[li] : op->x1[li]) : op->x1[0];
	s->bodies.x2 = op->thr ? (mem32 ? op->x2_32[li] : op->x2[li]) : op->x2[0];
	s->nchains = op->kind == REDSUM ? 6 : s->lmul == 8 ? 3 : s->lmul == 4 ? 6 : 8;
	s->buf = buf;
	s->stride = STRIDE;
	memset(buf, 0, BUF_BYTES);
	switch (op->kind) {
	case ADD: s->x = 0x123456789abcdef1ull; s->b = 0x9E3779B97F4A7C15ull; break;
	case MUL: s->x = 0x12345; s->b = 0x5851F42D4C957F2Dull; break;
	case FMACC: s->x = 0; s->b = velem_fp_one(s->sew); break;
	case REDSUM: s->x = 7; s->b = 3; break;
	case GATHER: s->x = 0x100; break;
	default: s->x = 0x0123456789abcdefull; break;
	}
	/* the index or offset vector, SEW-wide, after the data */
	uint8_t *idx = buf + BUF_BYTES / 2;
	s->idx = idx;
	for (uint64_t i = 0; i < s->vlmax; i++) {
		uint64_t v = op->kind == GATHER ? s->vlmax - 1 - i : (i * 37 % s->vlmax) * STRIDE;
		memcpy(idx + i * (s->sew / 8), &v, s->sew / 8); /* little-endian: the low bytes */
	}
	if (op->kind == VLE_LAT) {
		uint64_t self = (uint64_t)(uintptr_t)buf;
		memcpy(buf, &self, 8);
	} else if (op->kind >= VLE && op->kind != VSE) {
		uint64_t pattern = 0xA5A5A5A5C3C3C3C3ull;
		memcpy(buf, &pattern, 8);
		s->mem0 = velem_sext(pattern, s->sew);
	}
	return s;
}

BM_STATE_BODIES(struct rvv_state, bodies)

/* A unit-stride load or store moves VLMAX elements: its L1 bandwidth. */
static uint64_t op_bytes(const void *st)
{
	const struct rvv_state *s = st;
	return s->vlmax * s->sew / 8;
}

/* Element 0 of one chain after n instructions on it. */
static uint64_t chain(const struct rvv_state *s, uint64_t n)
{
	if (s->op->kind == REDSUM) /* each adds VLMAX elements of b */
		return s->x + n * s->vlmax * s->b;
	return velem_chain(s->op->kind == ADD ? VELEM_ADD : s->op->kind == MUL ? VELEM_MUL : VELEM_FMA, s->x, s->b,
			   s->sew, n);
}

static bool check(const void *st, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct rvv_state *s = st;
	uint64_t n = iters * OPS * (variant + 1);
	switch (s->op->kind) {
	case VLE_LAT: return result == (uint64_t)(uintptr_t)s->buf;
	case VSE: return result == velem_sext(s->x, s->sew);
	case VLE:
	case VLSE:
	case VLUXEI: return result == s->nchains * s->mem0;
	case GATHER: /* an even number of reversals is none; one gives x + VLMAX - 1 */
		return result == velem_sext(s->op->thr ? s->x + s->vlmax - 1 : s->x, s->sew);
	default:
		if (!s->op->thr)
			return result == velem_sext(chain(s, n), s->sew);
		return result == s->nchains * velem_sext(chain(s, n / s->nchains), s->sew);
	}
}

#define BODIES(b) {b##_m1_x1, b##_m2_x1, b##_m4_x1, b##_m8_x1}, {b##_m1_x2, b##_m2_x2, b##_m4_x2, b##_m8_x2}
#define DECL4(b)                                                                                       \
	uint64_t b##_m1_x1(void *, uint64_t), b##_m2_x1(void *, uint64_t), b##_m4_x1(void *, uint64_t), \
		b##_m8_x1(void *, uint64_t), b##_m1_x2(void *, uint64_t), b##_m2_x2(void *, uint64_t),  \
		b##_m4_x2(void *, uint64_t), b##_m8_x2(void *, uint64_t)
#define DECL1(b) uint64_t b##_x1(void *, uint64_t), b##_x2(void *, uint64_t)

DECL1(bm_rvv_vadd_lat); DECL4(bm_rvv_vadd_thr);
DECL1(bm_rvv_vmul_lat); DECL4(bm_rvv_vmul_thr);
DECL1(bm_rvv_vfmacc_lat); DECL4(bm_rvv_vfmacc_thr);
DECL1(bm_rvv_vredsum_lat); DECL1(bm_rvv_vredsum_thr);
DECL1(bm_rvv_vrgather_lat); DECL4(bm_rvv_vrgather_thr);
DECL1(bm_rvv_vle_lat);
DECL4(bm_rvv_vle64_thr); DECL4(bm_rvv_vle32_thr);
DECL4(bm_rvv_vse64_thr); DECL4(bm_rvv_vse32_thr);
DECL4(bm_rvv_vlse64_thr); DECL4(bm_rvv_vlse32_thr);
DECL4(bm_rvv_vluxei64_thr); DECL4(bm_rvv_vluxei32_thr);
DECL1(bm_thv_vadd_lat); DECL1(bm_thv_vfmacc_lat);
uint64_t bm_thv_vadd_thr_m1_x1(void *, uint64_t), bm_thv_vadd_thr_m1_x2(void *, uint64_t),
	bm_thv_vadd_thr_m8_x1(void *, uint64_t), bm_thv_vadd_thr_m8_x2(void *, uint64_t),
	bm_thv_vfmacc_thr_m1_x1(void *, uint64_t), bm_thv_vfmacc_thr_m1_x2(void *, uint64_t),
	bm_thv_vfmacc_thr_m8_x1(void *, uint64_t), bm_thv_vfmacc_thr_m8_x2(void *, uint64_t),
	bm_thv_vle_thr_m1_x1(void *, uint64_t), bm_thv_vle_thr_m1_x2(void *, uint64_t),
	bm_thv_vle_thr_m8_x1(void *, uint64_t), bm_thv_vle_thr_m8_x2(void *, uint64_t);

/* XTheadVector bodies exist for m1 and m8 only (index 0 and 3). */
#define THV_BODIES(b) {b##_m1_x1, NULL, NULL, b##_m8_x1}, {b##_m1_x2, NULL, NULL, b##_m8_x2}

#define ALL_SEW 0xf
#define FP_SEW 0xc
#define LAT1(b) {b##_x1}, {b##_x2}
#define NO_EEW32 {0}, {0}
#define SAME4(b) {b##_x1, b##_x1, b##_x1, b##_x1}, {b##_x2, b##_x2, b##_x2, b##_x2}

#define RVV(id, kname, opname, kind_, thr_, sews_, ...) RVV_K(id, kname, opname, kind_, thr_, false, sews_, NULL, __VA_ARGS__)
#define RVV_MEM(id, kname, opname, kind_, sews_, ...) RVV_K(id, kname, opname, kind_, true, false, sews_, op_bytes, __VA_ARGS__)
#define THV(id, kname, opname, kind_, thr_, ...) RVV_K(id, kname, opname, kind_, thr_, true, FP_SEW, NULL, __VA_ARGS__)
#define RVV_K(id, kname, opname, kind_, thr_, thead_, sews_, bytes_, ...)                                               \
	static const struct rvv_op id##_op = {kind_, thr_, thead_, sews_, __VA_ARGS__};                          \
	static bool id##_param(const struct bm_env *env, unsigned i, uint64_t *v)                        \
	{                                                                                               \
		return param_of(&id##_op, env, i, v);                                                   \
	}                                                                                               \
	BM_KERNEL(id) = {                                                                              \
		.name = kname, .op = opname, .param_name = "sew_lmul", .param = id##_param,            \
		.prepare = prepare, .verify = verify, .body = {body_x1, body_x2}, .ops_per_iter = OPS, \
		.check = check, .op_bytes = bytes_, .arg = &id##_op,                                   \
	}

RVV(rvv_vadd_lat, "rvv.vadd.lat", "vadd.vv", ADD, false, ALL_SEW, LAT1(bm_rvv_vadd_lat), NO_EEW32);
RVV(rvv_vadd_thr, "rvv.vadd.thr", "vadd.vv", ADD, true, ALL_SEW, BODIES(bm_rvv_vadd_thr), NO_EEW32);
RVV(rvv_vmul_lat, "rvv.vmul.lat", "vmul.vv", MUL, false, ALL_SEW, LAT1(bm_rvv_vmul_lat), NO_EEW32);
RVV(rvv_vmul_thr, "rvv.vmul.thr", "vmul.vv", MUL, true, ALL_SEW, BODIES(bm_rvv_vmul_thr), NO_EEW32);
RVV(rvv_vfmacc_lat, "rvv.vfmacc.lat", "vfmacc.vv", FMACC, false, FP_SEW, LAT1(bm_rvv_vfmacc_lat), NO_EEW32);
RVV(rvv_vfmacc_thr, "rvv.vfmacc.thr", "vfmacc.vv", FMACC, true, FP_SEW, BODIES(bm_rvv_vfmacc_thr), NO_EEW32);
RVV(rvv_vredsum_lat, "rvv.vredsum.lat", "vredsum.vs", REDSUM, false, ALL_SEW, LAT1(bm_rvv_vredsum_lat), NO_EEW32);
RVV(rvv_vredsum_thr, "rvv.vredsum.thr", "vredsum.vs", REDSUM, true, ALL_SEW, SAME4(bm_rvv_vredsum_thr), NO_EEW32);
RVV(rvv_vrgather_lat, "rvv.vrgather.lat", "vrgather.vv", GATHER, false, 0xe, LAT1(bm_rvv_vrgather_lat), NO_EEW32);
RVV(rvv_vrgather_thr, "rvv.vrgather.thr", "vrgather.vv", GATHER, true, 0xe, BODIES(bm_rvv_vrgather_thr), NO_EEW32);
RVV(rvv_vle_lat, "rvv.vle.lat", "vle64.v + vmv.x.s (pointer chase)", VLE_LAT, false, 0x8, LAT1(bm_rvv_vle_lat), NO_EEW32);
RVV_MEM(rvv_vle_thr, "rvv.vle.thr", "vle<SEW>.v (L1)", VLE, FP_SEW, BODIES(bm_rvv_vle64_thr),
    BODIES(bm_rvv_vle32_thr));
RVV_MEM(rvv_vse_thr, "rvv.vse.thr", "vse<SEW>.v (L1)", VSE, FP_SEW, BODIES(bm_rvv_vse64_thr),
    BODIES(bm_rvv_vse32_thr));
RVV(rvv_vlse_thr, "rvv.vlse.thr", "vlse<SEW>.v, stride 64 B (L1)", VLSE, true, FP_SEW, BODIES(bm_rvv_vlse64_thr),
    BODIES(bm_rvv_vlse32_thr));
RVV(rvv_vluxei_thr, "rvv.vluxei.thr", "vluxei<SEW>.v, 64 B apart (L1)", VLUXEI, true, FP_SEW,
    BODIES(bm_rvv_vluxei64_thr), BODIES(bm_rvv_vluxei32_thr));

/* XTheadVector (C906): the same measurements where the core has no RVV 1.0 */
THV(thv_vadd_lat, "thv.vadd.lat", "vadd.vv (XTheadVector)", ADD, false, LAT1(bm_thv_vadd_lat), NO_EEW32);
THV(thv_vadd_thr, "thv.vadd.thr", "vadd.vv (XTheadVector)", ADD, true, THV_BODIES(bm_thv_vadd_thr), NO_EEW32);
THV(thv_vfmacc_lat, "thv.vfmacc.lat", "vfmacc.vv (XTheadVector)", FMACC, false, LAT1(bm_thv_vfmacc_lat), NO_EEW32);
THV(thv_vfmacc_thr, "thv.vfmacc.thr", "vfmacc.vv (XTheadVector)", FMACC, true, THV_BODIES(bm_thv_vfmacc_thr),
    NO_EEW32);
RVV_K(thv_vle_thr, "thv.vle.thr", "th.vle.v (L1)", VLE, true, true, FP_SEW, op_bytes, THV_BODIES(bm_thv_vle_thr),
      THV_BODIES(bm_thv_vle_thr));
