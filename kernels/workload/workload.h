/* The workload group: small whole programs of the kind board reviews run
 * (the algorithm mix of BYTEmark/nbench, a state machine, a CRC loop),
 * written here, so that a core's IPC on real code sits beside the parts
 * baremark measures one by one.
 *
 * A workload is one file holding one `struct workload` registered with
 * WORKLOAD(). In the image and the Linux build that also makes it a
 * kernel, "workload.<name>" (workload.c supplies the harness side). Built
 * with WL_STANDALONE (the host tests, tools/workload_plain.c) the same
 * file registers only the descriptor, in the section bm_workloads.
 *
 * One op is one run of the program on input number `seed`: the op builds
 * that input in its memory from the seed (a cheap generator, part of the
 * op and of its instruction count, as nbench refills its arrays), runs the
 * algorithm and returns a digest of the result. No input is run twice in
 * a measurement (workload.c: refresh), so no predictor or buffer meets
 * outcomes it has seen. */
#ifndef BM_WORKLOAD_H
#define BM_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rand.h"

enum wl_class {
	WL_INT, /* integer work: the integer index */
	WL_FP,  /* floating-point work: the FP index */
};

struct workload {
	const char *name; /* "numsort": the kernel is workload.numsort */
	enum wl_class cls;
	/* Working sets in bytes, the memory one op reads and writes:
	 * [0] runs on every profile and fits a 32 KiB L1 (the D1's C906)
	 * with room for the stack and the code's tables; [1], on the full
	 * profile only, reaches the L2 or memory (0: the program has no
	 * larger form). The kernel's parameter is this size. */
	uint32_t set_bytes[2];
	/* One op in `mem` (set bytes, 64-byte aligned); returns the digest. */
	uint64_t (*run)(void *mem, uint32_t set, uint64_t seed);
	/* Runs the program at set_bytes[0] on input 1 and checks its result
	 * against one computed another way (another algorithm, a closed
	 * form, a round trip, an optimality certificate). With `broken` it
	 * first alters one value of the input or the result, as a fault
	 * would: the check must then fail. NULL when right, else what
	 * differs. `mem` holds check_bytes. */
	const char *(*selfcheck)(void *mem, bool broken);
	size_t check_bytes;
	/* The program or its check computes in floating point: skipped on a
	 * core without an FPU. */
	bool needs_fpu;
};

/* A generator state from an op's seed: never zero, different per seed. */
static inline uint64_t wl_seed(uint64_t seed, uint64_t salt)
{
	uint64_t s = (seed + 1) * 0x9E3779B97F4A7C15ull ^ salt;
	return s ? s : 1;
}

/* A double's bits, for digests of floating-point results. */
static inline uint64_t wl_dbits(double d)
{
	uint64_t u;
	__builtin_memcpy(&u, &d, sizeof(u));
	return u;
}

/* Digest steps: order matters, so a swapped pair of values shows. */
static inline uint64_t wl_mix(uint64_t d, uint64_t v)
{
	d ^= v + 0x9E3779B97F4A7C15ull + (d << 6) + (d >> 2);
	return d * 0xFF51AFD7ED558CCDull;
}

#ifdef WL_STANDALONE
#define WL_REGISTER(id, cls, kname, opdesc)                                                          \
	static const struct workload *const id##_entry __attribute__((used, section("bm_workloads"),  \
								      aligned(sizeof(void *)))) = &id
#else
#include "kernel.h"
/* The harness side, in workload.c. */
bool wl_param_of(const struct workload *w, const struct bm_env *env, unsigned i, uint64_t *value);
void *wl_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		 const char **why);
bool wl_check(const void *state, unsigned variant, uint64_t iters, uint64_t result);
const char *wl_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip);
uint64_t wl_x1(void *state, uint64_t iters);
uint64_t wl_x2(void *state, uint64_t iters);
void wl_refresh(void *state, unsigned variant, uint64_t iters, bool timed);
uint64_t wl_digest(const void *state);
#define WL_REGISTER(id, cls, kname, opdesc)                                                            \
	static bool id##_param(const struct bm_env *env, unsigned i, uint64_t *value)                  \
	{                                                                                              \
		return wl_param_of(&id, env, i, value);                                                \
	}                                                                                              \
	BM_KERNEL(id##_kernel) = {                                                                     \
		.name = kname, .op = opdesc, .param_name = "set_bytes", .param = id##_param,           \
		.prepare = wl_prepare, .body = {wl_x1, wl_x2}, .ops_per_iter = 1, .check = wl_check,   \
		.refresh = wl_refresh, .program_digest = wl_digest,                                    \
		.verify = wl_verify, .floor = BM_FLOOR_NONE, .arg = &id,                              \
		.program = (cls) == WL_FP ? BM_PROGRAM_FP : BM_PROGRAM_INT,                            \
	}
#endif

/* WORKLOAD(id, "name", WL_INT or WL_FP, "what one op is", fields...):
 * the descriptor and its registration; the kernel is "workload.name". */
#define WORKLOAD(id, wname, wcls, opdesc, ...)                                         \
	static const struct workload id = {.name = wname, .cls = wcls, __VA_ARGS__};   \
	WL_REGISTER(id, wcls, "workload." wname, opdesc)

#endif
