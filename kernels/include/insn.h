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
};

/* The state every generated body reads (the offsets are in gen_insn.c). */
struct insn_state {
	uint64_t ival[4];  /*  0: chain start, K1, K2, K3 (integer registers) */
	uint64_t fval[4];  /* 32: the same for FP registers, as bits of the form's width */
	uint64_t ptr;      /* 64: &words[0] */
	uint64_t first[2]; /* the first result of each body at the first iteration count (check) */
	uint64_t first_iters;
	uint64_t words[48]; /* each holds ptr: loads read words[1] and [8], stores rotate over 0..248 bytes (an
			       STP there writes 16, a vector store more) */
};

void *insn_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		   const char **why);
bool insn_check(const void *state, unsigned variant, uint64_t iters, uint64_t result);
const char *insn_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip);

/* The table's kernels live in a section of their own, which the harness
 * walks only where an only= pattern asks for the table: a one-kernel run
 * on a simulated core then never steps over a thousand of them. */
#define BM_INSN_KERNEL(id) \
	static const struct bm_kernel id __attribute__((used, section("bm_insn_kernels"), aligned(8)))

/* The two kernels of one form (gen_insn.c writes one line a form). */
#define INSN_KERNELS(n, form_, name_, op_, lat_u, thr_u, chains_, lat_floor_)                                                       \
	uint64_t bm_insn_##n##_lat_x1(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_lat_x2(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_thr_x1(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_thr_x2(void *, uint64_t);                                                      \
	BM_INSN_KERNEL(insn_##n##_lat) = {                                                                         \
		.name = "insn." name_ ".lat", .op = op_, .prepare = insn_prepare, .verify = insn_verify,       \
		.body = {bm_insn_##n##_lat_x1, bm_insn_##n##_lat_x2}, .ops_per_iter = lat_u,                 \
		.check = insn_check, .arg = &form_, .form = &form_, .chains = chains_, .floor = lat_floor_,  \
	};                                                                                                    \
	BM_INSN_KERNEL(insn_##n##_thr) = {                                                                         \
		.name = "insn." name_ ".thr", .op = op_, .prepare = insn_prepare, .verify = insn_verify,       \
		.body = {bm_insn_##n##_thr_x1, bm_insn_##n##_thr_x2}, .ops_per_iter = thr_u,                 \
		.check = insn_check, .arg = &form_, .form = &form_, .chains = chains_,                       \
		.floor = BM_FLOOR_NONE,                                                                       \
	}
/* A form with no latency chain (a store): its throughput kernel alone. */
#define INSN_KERNEL_THR(n, form_, name_, op_, thr_u)                                                          \
	uint64_t bm_insn_##n##_thr_x1(void *, uint64_t);                                                      \
	uint64_t bm_insn_##n##_thr_x2(void *, uint64_t);                                                      \
	BM_INSN_KERNEL(insn_##n##_thr) = {                                                                         \
		.name = "insn." name_ ".thr", .op = op_, .prepare = insn_prepare, .verify = insn_verify,       \
		.body = {bm_insn_##n##_thr_x1, bm_insn_##n##_thr_x2}, .ops_per_iter = thr_u,                 \
		.check = insn_check, .arg = &form_, .form = &form_, .floor = BM_FLOOR_NONE,                   \
	}

#endif
