/* Advanced SIMD (NEON) instruction kernels, on 128-bit registers:
 * latency (one dependent chain) and throughput (eight independent chains)
 * of add, mul, fmla, the across-lanes addv, the byte permute tbl, and
 * 128-bit loads and stores in L1 (ldr/str q), plus a load-to-use chase
 * through ldr q + fmov. The parameter "esize" is the element size in
 * bits (8 = .16b, 16 = .8h, 32 = .4s, 64 = .2d), as each instruction
 * takes it. NEON has no strided or indexed (gather) loads: those RVV
 * kernels have no counterpart here. Every chain's value is checked. */
#include <string.h>

#include "arch.h"
#include "kernel.h"
#include "velem.h"

#define OPS 24

enum neon_kind { ADD, MUL, FMLA, ADDV, TBL, LDR_LAT, LDR, STR };

struct neon_op {
	enum neon_kind kind;
	bool thr;
	uint8_t sizes;             /* 1 8-bit, 2 16, 4 32, 8 64 */
	bm_body_fn x1[4], x2[4];   /* by element size; one entry when size-free */
};

struct neon_state {
	uint64_t x, b;  /* 0, 8: read by the bodies */
	uint8_t *buf;   /* 16 */
	const struct neon_op *op;
	unsigned esize;
	uint64_t mem0;
	struct bm_bodies bodies;
};

static const char *verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)k;
	(void)env;
	return bm_needs("neon", skip);
}

static bool param_of(const struct neon_op *op, unsigned i, uint64_t *value)
{
	unsigned n = 0;
	for (unsigned s = 0; s < 4; s++)
		if (op->sizes >> s & 1 && n++ == i) {
			*value = 8u << s;
			return true;
		}
	return false;
}

static unsigned size_index(unsigned esize)
{
	return esize == 8 ? 0 : esize == 16 ? 1 : esize == 32 ? 2 : 3;
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t esize, uint64_t *iters,
		     const char **why)
{
	(void)env;
	(void)iters;
	const struct neon_op *op = k->arg;
	struct neon_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(4096, 64);
	if (!s || !buf) {
		*why = "no memory for the kernel's state and buffer";
		return NULL;
	}
	memset(s, 0, sizeof(*s));
	memset(buf, 0, 4096);
	s->op = op;
	s->esize = (unsigned)esize;
	s->buf = buf;
	unsigned i = op->kind <= ADDV ? size_index(s->esize) : 0;
	s->bodies.x1 = op->x1[i];
	s->bodies.x2 = op->x2[i];
	switch (op->kind) {
	case ADD: s->x = 0x123456789abcdef1ull; s->b = 0x9E3779B97F4A7C15ull; break;
	case MUL: s->x = 0x12345; s->b = 0x5851F42D4C957F2Dull; break;
	case FMLA: s->x = 0; s->b = velem_fp_one(s->esize); break;
	case ADDV: s->x = 0x35; s->b = 0x53; break;
	default: s->x = 0x0123456789abcdefull; break;
	}
	if (op->kind == TBL)
		for (int j = 0; j < 16; j++) {
			buf[j] = (uint8_t)j;           /* the identity */
			buf[16 + j] = (uint8_t)(15 - j); /* the reversal, as the table */
		}
	uint64_t word = op->kind == LDR_LAT ? (uint64_t)(uintptr_t)buf : 0xA5A5A5A5C3C3C3C3ull;
	if (op->kind == LDR_LAT || op->kind == LDR)
		memcpy(buf, &word, 8);
	s->mem0 = word;
	return s;
}

BM_STATE_BODIES(struct neon_state, bodies)

/* ldr/str q move 16 bytes: their L1 bandwidth. */
static uint64_t op_bytes(const void *st)
{
	(void)st;
	return 16;
}

/* Element 0 of one chain after n instructions on it. */
static uint64_t chain(const struct neon_state *s, uint64_t n)
{
	return velem_chain(s->op->kind == ADD ? VELEM_ADD : s->op->kind == MUL ? VELEM_MUL : VELEM_FMA, s->x, s->b,
			   s->esize, n);
}

static bool check(const void *st, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct neon_state *s = st;
	uint64_t n = iters * OPS * (variant + 1);
	uint64_t lanes = 128 / s->esize;
	switch (s->op->kind) {
	case ADDV: /* every addv of the chain gives lanes x start; of v1, lanes x b */
		return result == (s->op->thr ? 8 * velem_sext(lanes * s->b, s->esize)
					     : velem_sext(lanes * s->x, s->esize));
	case TBL: /* an even number of reversals is none; one reverses */
		return result == (s->op->thr ? 8 * 15u : 0);
	case LDR_LAT: return result == (uint64_t)(uintptr_t)s->buf;
	case LDR: return result == 8 * s->mem0;
	case STR: return result == s->x;
	default:
		if (!s->op->thr)
			return result == velem_sext(chain(s, n), s->esize);
		return result == 8 * velem_sext(chain(s, n / 8), s->esize);
	}
}

#define B2(b) uint64_t b##_x1(void *, uint64_t), b##_x2(void *, uint64_t)
B2(bm_neon_add_16b_lat); B2(bm_neon_add_8h_lat); B2(bm_neon_add_4s_lat); B2(bm_neon_add_2d_lat);
B2(bm_neon_add_16b_thr); B2(bm_neon_add_8h_thr); B2(bm_neon_add_4s_thr); B2(bm_neon_add_2d_thr);
B2(bm_neon_mul_16b_lat); B2(bm_neon_mul_8h_lat); B2(bm_neon_mul_4s_lat);
B2(bm_neon_mul_16b_thr); B2(bm_neon_mul_8h_thr); B2(bm_neon_mul_4s_thr);
B2(bm_neon_fmla_4s_lat); B2(bm_neon_fmla_2d_lat); B2(bm_neon_fmla_4s_thr); B2(bm_neon_fmla_2d_thr);
B2(bm_neon_addv_16b_lat); B2(bm_neon_addv_8h_lat); B2(bm_neon_addv_4s_lat);
B2(bm_neon_addv_16b_thr); B2(bm_neon_addv_8h_thr); B2(bm_neon_addv_4s_thr);
B2(bm_neon_tbl_lat); B2(bm_neon_tbl_thr); B2(bm_neon_ldr_lat); B2(bm_neon_ldr_thr); B2(bm_neon_str_thr);

#define BY_SIZE(p, s8, s16, s32, s64) {s8##_x1, s16##_x1, s32##_x1, s64##_x1}, {s8##_x2, s16##_x2, s32##_x2, s64##_x2}
#define ONE(b) {b##_x1}, {b##_x2}
#define nothing_x1 NULL
#define nothing_x2 NULL

#define NEON(id, kname, opname, kind_, thr_, sizes_, ...) NEON_K(id, kname, opname, kind_, thr_, sizes_, NULL, __VA_ARGS__)
#define NEON_K(id, kname, opname, kind_, thr_, sizes_, bytes_, ...)                                            \
	static const struct neon_op id##_op = {kind_, thr_, sizes_, __VA_ARGS__};                       \
	static bool id##_param(const struct bm_env *env, unsigned i, uint64_t *v)                       \
	{                                                                                              \
		(void)env;                                                                             \
		return param_of(&id##_op, i, v);                                                       \
	}                                                                                              \
	BM_KERNEL(id) = {                                                                             \
		.name = kname, .op = opname, .param_name = "esize", .param = id##_param,              \
		.prepare = prepare, .verify = verify, .body = {body_x1, body_x2}, .ops_per_iter = OPS, \
		.check = check, .op_bytes = bytes_, .arg = &id##_op,                                  \
	}

NEON(neon_add_lat, "neon.add.lat", "add (vector)", ADD, false, 0xf,
     BY_SIZE(, bm_neon_add_16b_lat, bm_neon_add_8h_lat, bm_neon_add_4s_lat, bm_neon_add_2d_lat));
NEON(neon_add_thr, "neon.add.thr", "add (vector)", ADD, true, 0xf,
     BY_SIZE(, bm_neon_add_16b_thr, bm_neon_add_8h_thr, bm_neon_add_4s_thr, bm_neon_add_2d_thr));
NEON(neon_mul_lat, "neon.mul.lat", "mul (vector)", MUL, false, 0x7,
     BY_SIZE(, bm_neon_mul_16b_lat, bm_neon_mul_8h_lat, bm_neon_mul_4s_lat, nothing));
NEON(neon_mul_thr, "neon.mul.thr", "mul (vector)", MUL, true, 0x7,
     BY_SIZE(, bm_neon_mul_16b_thr, bm_neon_mul_8h_thr, bm_neon_mul_4s_thr, nothing));
NEON(neon_fmla_lat, "neon.fmla.lat", "fmla (vector)", FMLA, false, 0xc,
     BY_SIZE(, nothing, nothing, bm_neon_fmla_4s_lat, bm_neon_fmla_2d_lat));
NEON(neon_fmla_thr, "neon.fmla.thr", "fmla (vector)", FMLA, true, 0xc,
     BY_SIZE(, nothing, nothing, bm_neon_fmla_4s_thr, bm_neon_fmla_2d_thr));
NEON(neon_addv_lat, "neon.addv.lat", "addv (across lanes)", ADDV, false, 0x7,
     BY_SIZE(, bm_neon_addv_16b_lat, bm_neon_addv_8h_lat, bm_neon_addv_4s_lat, nothing));
NEON(neon_addv_thr, "neon.addv.thr", "addv (across lanes)", ADDV, true, 0x7,
     BY_SIZE(, bm_neon_addv_16b_thr, bm_neon_addv_8h_thr, bm_neon_addv_4s_thr, nothing));
NEON(neon_tbl_lat, "neon.tbl.lat", "tbl, one table register", TBL, false, 0x1, ONE(bm_neon_tbl_lat));
NEON(neon_tbl_thr, "neon.tbl.thr", "tbl, one table register", TBL, true, 0x1, ONE(bm_neon_tbl_thr));
NEON(neon_ldr_lat, "neon.ldr.lat", "ldr q + fmov (pointer chase)", LDR_LAT, false, 0x8, ONE(bm_neon_ldr_lat));
NEON_K(neon_ldr_thr, "neon.ldr.thr", "ldr q (L1)", LDR, true, 0x8, op_bytes, ONE(bm_neon_ldr_thr));
NEON_K(neon_str_thr, "neon.str.thr", "str q (L1)", STR, true, 0x8, op_bytes, ONE(bm_neon_str_thr));
