/* Bandwidth against working-set size, with 64-bit scalar loads and
 * stores: cache.bw.read (8 loads summed per 64-byte line), cache.bw.write
 * (8 stores) and cache.bw.copy (8 loads and 8 stores to a second buffer),
 * walking the buffer in address order and wrapping; the position carries
 * from one body to the next, and each body walks the whole buffer at
 * least once. One op is one line; bytes_per_op gives MB/s and bytes per
 * cycle (a copy moves 128 bytes: read and written). cache.bw.vread reads
 * with the widest loads the core has (RVV vle8 at LMUL 8, NEON ld1 of four
 * q registers, AVX2 on x86), one load per op. */
#include <stdio.h>
#include <string.h>

#include "chase_build.h"
#include "kernel.h"

#define UNROLL 8

enum bw_kind { BW_READ, BW_WRITE, BW_COPY, BW_VREAD };

/* Bytes one widest load reads (bw_<arch>.S): VLEN x 8 with RVV (LMUL 8),
 * 64 with NEON (four q registers) and AVX2 (two ymm). */
uint64_t bm_bw_vbytes(void);

#if defined(__riscv)
#define VECTOR_FEATURE "v"
#elif defined(__aarch64__)
#define VECTOR_FEATURE "neon"
#else
#define VECTOR_FEATURE "avx2"
#endif

struct bw_state {
	uint8_t *cur, *base, *end; /* 0, 8, 16: read by the bodies */
	int64_t dst_offset;        /* 24 */
	uint64_t value;            /* 32 */
	enum bw_kind kind;
	uint64_t op_bytes;
};

/* The working-set sweep; under sim only its smallest and largest
 * points, the two the summary reads (each point writes and reads its
 * whole buffer several times: on a simulated core the sweep cost 11 M
 * instructions). */
static bool bw_sweep(const struct bm_env *env, unsigned i, uint64_t *value)
{
	if (env->opt->profile != BM_PROFILE_SIM || i == 0)
		return cache_sweep(env, i, value);
	if (i > 1)
		return false;
	unsigned last = 0;
	uint64_t v;
	while (cache_sweep(env, last + 1, &v))
		last++;
	return last > 0 && cache_sweep(env, last, value);
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t bytes, uint64_t *iters,
		     const char **why)
{
	const enum bw_kind *kind = k->arg;
	uint64_t free_bytes = arena_free_bytes();
	struct bw_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(bytes, 4096);
	uint8_t *dst = *kind == BW_COPY ? arena_alloc(bytes, 4096) : buf;
	if (!s || !buf || !dst) {
		*why = bm_no_memory("this working set", *kind == BW_COPY ? 2 * bytes : bytes, free_bytes);
		return NULL;
	}
	uint64_t *w = (uint64_t *)buf;
	for (uint64_t i = 0; i < bytes / 8; i++)
		w[i] = 1; /* a read sums to 8 per line */
	s->cur = s->base = buf;
	s->end = buf + bytes;
	s->dst_offset = dst - buf;
	s->value = 0x5A5A5A5A5A5A5A5Aull;
	s->kind = *kind;
	s->op_bytes = *kind == BW_VREAD ? bm_bw_vbytes() : *kind == BW_COPY ? 128 : 64;
	if (bytes % s->op_bytes) {
		/* the reason as it is, with both sizes (a skip record keeps the
		 * pointer: one buffer, the suite runs one point at a time) */
		static char why_buf[112];
		snprintf(why_buf, sizeof(why_buf), "the working set (%llu bytes) is %s one load (%llu bytes)",
			 (unsigned long long)bytes, bytes < s->op_bytes ? "smaller than" : "not a multiple of",
			 (unsigned long long)s->op_bytes);
		*why = why_buf;
		return NULL;
	}
	/* a pass a body; under sim a quarter of one: the walk carries on
	 * from body to body, so every line is still loaded once a pass */
	uint64_t need = (bytes / (*kind == BW_COPY ? 64 : s->op_bytes) / (env->opt->profile == BM_PROFILE_SIM ? 4 : 1) +
			 UNROLL - 1) / UNROLL;
	if (*iters < need)
		*iters = need;
	return s;
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct bw_state *s = state;
	uint64_t lines = iters * UNROLL * (variant + 1);
	if (s->kind == BW_READ)
		return result == 8 * lines;
	if (result != lines)
		return false;
	if (s->kind == BW_VREAD) /* counted loads: the walk made them all */
		return true;
	/* the line before the walk's position was written last */
	const uint8_t *last = (s->cur == s->base ? s->end : s->cur) - CHASE_LINE;
	uint64_t word;
	memcpy(&word, last + (s->kind == BW_COPY ? s->dst_offset : 0) + 56, 8);
	return word == (s->kind == BW_COPY ? 1 : s->value);
}

static uint64_t line_bytes(const void *state)
{
	return ((const struct bw_state *)state)->op_bytes;
}

static const char *vector_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)k, (void)env;
	return bm_needs(VECTOR_FEATURE, skip);
}

#define BW(id, kname, opname, kind_, fn) BW_V(id, kname, opname, kind_, fn, NULL)
#define BW_V(id, kname, opname, kind_, fn, verify_)                                                \
	uint64_t fn##_x1(void *, uint64_t), fn##_x2(void *, uint64_t);                              \
	static const enum bw_kind id##_kind = kind_;                                               \
	BM_KERNEL(id) = {                                                                          \
		.name = kname, .op = opname, .param_name = "bytes", .param = bw_sweep,          \
		.prepare = prepare, .body = {fn##_x1, fn##_x2}, .ops_per_iter = UNROLL,            \
		.check = check, .op_bytes = line_bytes, .verify = verify_, .arg = &id##_kind,      \
		.warm_one_iteration = true,                                                        \
	}

BW(cache_bw_read, "cache.bw.read", "64-byte line read (8 loads)", BW_READ, bm_bw_read);
BW(cache_bw_write, "cache.bw.write", "64-byte line written (8 stores)", BW_WRITE, bm_bw_write);
BW(cache_bw_copy, "cache.bw.copy", "64-byte line copied (128 bytes moved)", BW_COPY, bm_bw_copy);
BW_V(cache_bw_vread, "cache.bw.vread", "widest vector load (bytes_per_op says how wide)", BW_VREAD, bm_bw_vread,
     vector_verify);
