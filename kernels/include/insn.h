/* The instruction table (issue 42): one form of kernels/insn/forms_<isa>.tsv
 * as the image knows it. tools/gen_insn.c writes, per form, the four
 * bodies (latency and throughput, N and 2N) and a `struct insn_form`,
 * and registers two kernels, insn.<id>.lat and insn.<id>.thr; this file
 * and insn.c are what they share. docs/insn.md says how a form is read. */
#ifndef BM_INSN_H
#define BM_INSN_H

#include <stdint.h>

#include "kernel.h"

/* Operand values a form's bodies start from (insn.c: the constants of each
 * set, and why those values). */
enum insn_vals {
	INSN_VALS_INT,  /* large odd 64-bit values: no multiplier or shifter shortcut */
	INSN_VALS_DIV,  /* a dividend near 2^63, divisors of 29 and 25 bits alternating, a large companion constant */
	INSN_VALS_FADD, /* normal values; alternate +1.5 and -1.5, so a chain stays bounded */
	INSN_VALS_FMUL, /* alternate x2 and x0.5: a chain keeps its full mantissa and its range */
	INSN_VALS_FMA,  /* x * -1 + 0.5 (period two) or x + 0.5 * -1: full mantissas, bounded */
	INSN_VALS_FDIV, /* x / 3.125 or 2.75, + 1.375 (the companion): full mantissas, bounded */
	INSN_VALS_PTR,  /* a pointer to 64 words that each hold that pointer (loads chain through it) */
	INSN_VALS_ZERO, /* sources of zero where the form needs them unchanged (an AMO that must not move memory) */
	INSN_VALS_LRSC, /* PTR's, and K1 the pointer too: an LR/SC pair's companion adds the SC's 0 back to it */
	INSN_VALS_MULHI, /* a chain through a product's high half: K2 just under 2^64, so hi(K2 x) stays near x */
	INSN_VALS_N
};

/* The floating-point width of a form's FP operands (their bit patterns
 * differ per width: insn.c holds each). */
enum insn_fpw { INSN_FP_D, INSN_FP_S, INSN_FP_H, INSN_FP_N };

struct insn_form {
	const char *id;        /* "rv64.zbb.andn" */
	const char *feature;   /* arch_has_feature's name, or two "zcb,zbb"; "" for what every core of the ISA has */
	const char *via;       /* the companion's form id; NULL: the result feeds its source */
	enum insn_vals vals;
	enum insn_fpw fpw;
	uint8_t insns_per_op;  /* instructions one op of the latency body retires: 1, 2 with a companion */
	uint8_t chains;        /* independent chains of the throughput body */
	uint8_t lat_measured;  /* 0: the form has no latency chain (a store) */
	uint8_t cross;         /* the chain crosses register files: lat is a round trip, never split */
	uint8_t thr_via;       /* the throughput body runs the companion too (operands that must change) */
	uint8_t is_companion;  /* another form's chain runs through this one: it is measured first */
	uint8_t thr_insns_per_op; /* the same for the throughput body */
	uint8_t form_insns;    /* instructions of the form itself: 1, 2 for an LR/SC pair */
	/* A vector form (issue 43): measured at every SEW x LMUL cell in the
	 * grid's table; NULL for a scalar form. */
	const struct insn_grid *grid;
};

/* The vector table's cells: SEW 8 16 32 64 by LMUL mf8 mf4 mf2 m1 m2 m4
 * m8, index SEW index x 7 + LMUL index (the record's order). */
#define INSN_NCELL 28
/* the C reference a latency body's element 0 is checked against
 * (insn_rvv_riscv64.c; the table's ref=, one representative form a class) */
enum insn_ref {
	INSN_REF_NONE,
	INSN_REF_ADD,   /* vadd.vv */
	INSN_REF_MUL,   /* vmul.vv */
	INSN_REF_RED,   /* vredsum.vs */
	INSN_REF_FADD,  /* vfadd.vv, K2 and K3 alternating */
	INSN_REF_MACC,  /* vmacc.vv */
	INSN_REF_WADDU, /* vwaddu.wv */
	INSN_REF_SADDU, /* vsaddu.vv */
	INSN_REF_FMUL,  /* vfmul.vv, K2 and K3 alternating */
	INSN_REF_FMA,   /* vfmacc.vv */
	INSN_REF_IOTA,  /* vmseq.vv via viota.m */
	INSN_REF_SLIDE, /* vslidedown.vx by 1 */
	INSN_REF_NSRL,  /* vnsrl.wi 3 via vwaddu.vx */
	INSN_REF_DIVU,  /* vdivu.vv */
	INSN_REF_ADDR,  /* every load's address chain: over zeros it ends at the buffer (0) */
};
enum insn_vvals { INSN_VV_INT, INSN_VV_FADD, INSN_VV_FMUL, INSN_VV_FMA, INSN_VV_FDIV, INSN_VV_IDX, INSN_VV_GATHER };

struct insn_grid {
	uint32_t cells;               /* bit c: the form takes cell c (at ELEN 64) */
	uint8_t variant[INSN_NCELL];  /* the body variant cell c runs */
	const bm_body_fn (*lat)[2];   /* by variant: N and 2N latency bodies; NULL: no chain (nolat) */
	const bm_body_fn (*thr)[2];   /* the same for throughput; an entry of NULLs: no room at that LMUL */
	enum insn_ref ref;            /* the C reference the latency body's element 0 is checked against */
	enum insn_vvals vals;
	uint8_t eg;                   /* element group size (Zvk*): 0, 4 or 8 */
	char dcls;                    /* the result's class (gen_insn_rvv.c) */
	uint8_t avl;                  /* the vl the bodies leave: 0 VLMAX, else min(avl, VLMAX) (vsetivli) */
	uint8_t x_sews;               /* bit i: cells at SEW 8 << i need x_ext too (FP16: zvfh, zvfhmin) */
	const char *x_ext;            /* arch_has_feature's name for them; NULL when x_sews is 0 */
};

/* What the generated vector bodies read (offsets in gen_insn_rvv.c): the
 * vtypes of the cell and of the classes of wider and narrower operands,
 * each class's chain start and constants as 64-bit patterns vmv.v.x
 * truncates, scalars, the buffer. */
struct insn_vstate {
	uint64_t vtype, vtype_w, vtype_h, vtype_q, vtype_o, vtype_m, vtype_e; /* 0 .. 48 */
	uint64_t kv[8][4];  /* 56: classes v w h q o m s e: chain start, K1..K3 */
	uint64_t kx[4];     /* 312 */
	uint64_t kf[4];     /* 344: NaN-boxed at SEW */
	uint64_t ptr;       /* 376 */
	uint64_t got_vl, got_vtype; /* 384, 392: vl and vtype as each body's loop left them */
	/* the C side's own */
	const struct insn_form *form;
	unsigned cell, sew;
	uint64_t vlmax;
	bool thr;
	struct bm_bodies bodies;
	uint64_t first[2], first_iters;
	uint8_t *buf;
};

void *insn_grid_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
			const char **why);
bool insn_grid_check(const void *state, unsigned variant, uint64_t iters, uint64_t result);
bool insn_grid_param(const struct insn_form *f, const struct bm_env *env, unsigned i, uint64_t *value);
uint64_t insn_grid_x1(void *state, uint64_t iters);
uint64_t insn_grid_x2(void *state, uint64_t iters);
/* "e32m1" for cell c (harness/insn_record.c) */
const char *insn_cell_name(unsigned c);
/* VLEN in bits; 0 where the image has no vector table */
unsigned insn_vlen_bits(void);

struct insn_vref;

/* The state every generated body reads (the offsets are in gen_insn.c). */
struct insn_state {
	uint64_t ival[4];  /*  0: chain start, K1, K2, K3 (integer registers) */
	uint64_t fval[4];  /* 32: the same for FP registers, as bits of the form's width */
	uint64_t ptr;      /* 64: &words[0] */
	uint64_t first[2]; /* the first result of each body at the first iteration count (check) */
	uint64_t first_iters;
	/* each holds ptr: loads read words[1] and [8], stores rotate over
	 * 0..248 bytes (an STP there writes 16, a vector store up to 64); at
	 * 128, on a cache line, so a vector access at a multiple of its size
	 * never splits one */
	uint64_t words[48] __attribute__((aligned(64)));
	/* 512: vector registers' values (issue 43), 64 bytes each (a ZMM
	 * register; a 16-byte register reads the first 16): the chain's
	 * start, K1, K2, K3, every lane the set's value at its width */
	uint8_t vec[4][64] __attribute__((aligned(64)));
	/* the kernel that prepared this state, for the reference check
	 * (insn.c, A64 and x86): the form's reference or NULL, a throughput
	 * body, chained or independent */
	const struct insn_vref *ref;
	bool thr, thr_chained;
};

void *insn_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		   const char **why);
bool insn_check(const void *state, unsigned variant, uint64_t iters, uint64_t result);
/* Determinism (insn.c): the first result of each body at an iteration
 * count is kept in first[], and every later run at that count must
 * return it. */
bool insn_same_result(uint64_t first[2], uint64_t *first_iters, unsigned variant, uint64_t iters, uint64_t result);
const char *insn_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip);

/* The table's kernels live in a section of their own, which the harness
 * walks only where an only= pattern asks for the table: a one-kernel run
 * on a simulated core then never steps over a thousand of them. */
#define BM_INSN_KERNEL(id) \
	static const struct bm_kernel id __attribute__((used, section("bm_insn_kernels"), aligned(8)))
/* The forms, grids and body tables the kernels point to: a section of
 * their own too, so that the image relocates their pointers (and the
 * kernels') only when the table runs (harness/reloc_late.c: 23,000 of
 * the riscv64 image's 25,000, a million cycles of a core's RTL). */
#define BM_INSN_DATA __attribute__((section("bm_insn_data")))

/* The two kernels of one form (gen_insn.c writes one line a form). */
#define INSN_KERNELS(n, form_, name_, op_, lat_u, thr_u, chains_, lat_floor_)                                                       \
	uint64_t bm_insn_##n##_lat_x1(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_lat_x2(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_thr_x1(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_thr_x2(void *, uint64_t);                                                      \
	BM_INSN_KERNEL(insn_##n##_lat) = {                                                                         \
		.name = "insn." name_ ".lat", .name_len = sizeof("insn." name_ ".lat") - 1, .op = op_, .prepare = insn_prepare, .verify = insn_verify,       \
		.body = {bm_insn_##n##_lat_x1, bm_insn_##n##_lat_x2}, .ops_per_iter = lat_u,                 \
		.check = insn_check, .arg = &form_, .form = &form_, .chains = chains_, .floor = lat_floor_,  \
	};                                                                                                    \
	BM_INSN_KERNEL(insn_##n##_thr) = {                                                                         \
		.name = "insn." name_ ".thr", .name_len = sizeof("insn." name_ ".thr") - 1, .op = op_, .prepare = insn_prepare, .verify = insn_verify,       \
		.body = {bm_insn_##n##_thr_x1, bm_insn_##n##_thr_x2}, .ops_per_iter = thr_u,                 \
		.check = insn_check, .arg = &form_, .form = &form_, .chains = chains_,                       \
		.floor = BM_FLOOR_NONE,                                                                       \
	}
/* A form with no latency chain (a store): its throughput kernel alone. */
#define INSN_KERNEL_THR(n, form_, name_, op_, thr_u)                                                          \
	uint64_t bm_insn_##n##_thr_x1(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_thr_x2(void *, uint64_t);                                                      \
	BM_INSN_KERNEL(insn_##n##_thr) = {                                                                         \
		.name = "insn." name_ ".thr", .name_len = sizeof("insn." name_ ".thr") - 1, .op = op_, .prepare = insn_prepare, .verify = insn_verify,       \
		.body = {bm_insn_##n##_thr_x1, bm_insn_##n##_thr_x2}, .ops_per_iter = thr_u,                 \
		.check = insn_check, .arg = &form_, .form = &form_, .floor = BM_FLOOR_NONE,                   \
	}

/* The two kernels of a vector form, one point a cell (the parameter is
 * the cell's index; insn_grid_param lists those the form and the core
 * take). The harness hands the points to one grid record a form. */
#define INSN_GRID_KERNELS(n, form_, name_, op_, lat_u, thr_u, chains_)                                        \
	INSN_GRID_KERNELS_THR(n, form_, name_, op_, lat_u, thr_u, chains_);                                   \
	BM_INSN_KERNEL(insn_##n##_lat) = {                                                                    \
		.name = "insn." name_ ".lat", .name_len = sizeof("insn." name_ ".lat") - 1, .op = op_, .param_name = "cell", .param = insn_##n##_param,      \
		.prepare = insn_grid_prepare, .verify = insn_verify, .body = {insn_grid_x1, insn_grid_x2},     \
		.ops_per_iter = lat_u, .check = insn_grid_check, .arg = &form_, .form = &form_,                \
		.chains = chains_, .floor = BM_FLOOR_AUTO,                                                     \
	}
#define INSN_GRID_KERNELS_THR(n, form_, name_, op_, lat_u, thr_u, chains_)                                    \
	static bool insn_##n##_param(const struct bm_env *env, unsigned i, uint64_t *v)                       \
	{                                                                                                     \
		return insn_grid_param(&form_, env, i, v);                                                    \
	}                                                                                                     \
	BM_INSN_KERNEL(insn_##n##_thr) = {                                                                    \
		.name = "insn." name_ ".thr", .name_len = sizeof("insn." name_ ".thr") - 1, .op = op_, .param_name = "cell", .param = insn_##n##_param,      \
		.prepare = insn_grid_prepare, .verify = insn_verify, .body = {insn_grid_x1, insn_grid_x2},     \
		.ops_per_iter = thr_u, .check = insn_grid_check, .arg = &form_, .form = &form_,                \
		.chains = chains_, .floor = BM_FLOOR_NONE,                                                     \
	}

#endif
