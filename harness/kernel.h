/* The kernel API: everything a kernel file needs, and nothing else.
 *
 * A kernel is one descriptor placed in the `bm_kernels` section with
 * BM_KERNEL(); the harness finds every descriptor there, so adding a
 * kernel never means editing a list. It supplies two bodies: body[0] runs
 * `ops_per_iter` operations per loop iteration, body[1] exactly twice as
 * many with the same loop around them. The harness runs both for the same
 * iteration count and divides the difference by the extra operations, so
 * loop overhead and counter reads cancel (nanoBench's method). Each timed
 * run, of either body, follows an untimed run of body[0], so the two
 * bodies meet the caches and predictors in the same state. */
#ifndef BM_KERNEL_H
#define BM_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "options.h"
#include "rand.h"

struct bm_env {
	const struct bm_options *opt;
	const struct bm_board *board;
	/* largest working set a sweep runs to (4x the largest cache, 8 MiB in
	 * the quick profile), whatever memory is free: a point that does not
	 * fit is a skip record saying so */
	uint64_t sweep_max_bytes;
	/* A working set that misses every cache: twice the last-level
	 * cache whatever the profile, bounded by free memory, and where that
	 * size came from (harness/chase_size.h) */
	uint64_t beyond_cache_bytes;
	const char *beyond_cache_from;
	bool caches_guessed; /* the sizes are the platform's default (harness/chase_size.h) */
	/* under sim, the most code a sweep runs (a jump sled): half the
	 * last-level cache, at most four times the L1 I-cache, as known
	 * (baremark.llc=, the tree, baremark.l1i=); 0: no bound */
	uint64_t code_max_bytes;
	uint64_t iters;           /* the profile's suggested iteration count */
};

typedef uint64_t (*bm_body_fn)(void *state, uint64_t iters);

/* What no correct cycles-per-op figure can go below: a result under its
 * floor is reported with verdict "below_floor", never "ok". */
enum bm_floor {
	BM_FLOOR_AUTO,    /* a kernel named *.lat (a dependent chain): one cycle per op */
	BM_FLOOR_NONE,    /* no floor beyond "positive" */
	BM_FLOOR_L1_LOAD, /* a chain of loads: this core's L1 load-to-use latency,
			   * measured by pipeline.load.lat before the suite */
};

enum bm_program {
	BM_NOT_PROGRAM, /* a kernel of the parts: the default */
	BM_PROGRAM_INT, /* a whole program of integer work */
	BM_PROGRAM_FP,  /* a whole program of floating-point work */
};

struct bm_kernel {
	const char *name;       /* group.what.kind, e.g. "pipeline.add.lat" */
	const char *op;         /* what one operation is, e.g. "add" */
	const char *param_name; /* NULL when the kernel takes no parameter */
	/* The i-th parameter value; false past the last one. */
	bool (*param)(const struct bm_env *env, unsigned i, uint64_t *value);
	/* Builds the state for one parameter (memory from arena_alloc) and
	 * may change *iters: raise it (enough work for a stable figure), or,
	 * where one iteration's work grows with the parameter (a pass over
	 * 64 Ki jumps), lower it. Returns NULL and sets *why to skip. */
	void *(*prepare)(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters, const char **why);
	bm_body_fn body[2];
	uint32_t ops_per_iter;
	/* Is `result` what body[variant] must return after `iters`? */
	bool (*check)(const void *state, unsigned variant, uint64_t iters, uint64_t result);
	/* Optional, run once before any parameter: NULL when the kernel may be
	 * timed; else why not. With *skip set the kernel is skipped (a missing
	 * ISA extension), otherwise it is an error (a known-answer test
	 * failed): either way no parameter runs. */
	const char *(*verify)(const struct bm_kernel *k, const struct bm_env *env, bool *skip);
	/* One operation processes `param` bytes: the result also gives cycles
	 * per byte, MB/s and MB/s per GHz. */
	bool param_is_bytes;
	/* Optional, for kernels whose op moves a fixed number of bytes that
	 * the parameter does not give (a vector load of VLEN x LMUL bits):
	 * the same fields as param_is_bytes, from this count. */
	uint64_t (*op_bytes)(const void *state);
	/* Optional, for kernels whose ops per iteration depend on the
	 * parameter (a pass over N branches is N ops): replaces ops_per_iter. */
	uint64_t (*ops_of)(const void *state);
	/* Optional, for kernels whose 2N body is the N body run for twice the
	 * passes (the pass's own loop would otherwise count in the op): the
	 * same loop with no operation in it, run like body[0] and body[1];
	 * the difference of these two is subtracted. */
	bm_body_fn empty[2];
	/* Optional: renews what a predictor or a buffer could learn (fresh
	 * random outcomes) so that no timed run replays what an earlier run
	 * showed the core: called with timed false for body[0] before the
	 * untimed run that precedes each timed run, and with timed true for
	 * body[variant] just before the timed run (a kernel whose work is
	 * meant to be learnt, a repeating pattern, renews only the first);
	 * check() then judges against the new state. Such a kernel's runs are
	 * random samples: the harness takes their median. */
	void (*refresh)(void *state, unsigned variant, uint64_t iters, bool timed);
	enum bm_floor floor;
	/* Set where the op's instructions may run while the empty pass's own
	 * work drains (cache.line.lat: a load and its loop under the write-
	 * backs its round of flushes started): what the body adds to the
	 * empty pass is then not bounded by the core's issue width, and the
	 * harness's retire ceiling (IPC above what the core retires is a
	 * cold N body) does not apply. The C906's RTL read 3 instructions in
	 * 2.32 cycles there, on a single-issue core. */
	bool overlaps_empty;
	/* Optional, set on both twins of a *.lat / *.thr pair whose *.thr
	 * body is this many independent chains of the operation the *.lat
	 * body chains once: no more ops can be in flight, so the *.thr op
	 * costs at least the *.lat latency (measured earlier in the same
	 * run, same parameter) divided by this. A figure under that is below_floor, never ok (a crypto.insn
	 * throughput read 0.135 cycles an op where 12 chains of a 3.9-cycle
	 * instruction allow no less than 0.32). */
	uint32_t chains;
	/* One op is one run of a whole program (the workload group): the
	 * result also gives runs per second and per MHz, each counted event
	 * per thousand instructions, and the program's class for the
	 * integer and FP indices. */
	enum bm_program program;
	/* Optional, for whole programs: a digest of the program's result on
	 * one fixed input, the same on every ISA and build for as long as
	 * the program is the same (the result's program_digest; the host
	 * tool compares only programs whose digests match). */
	uint64_t (*program_digest)(const void *state);
	/* Its sweep gives a capacity (a knee the summary reads): outside
	 * sim the harness runs the sweep a second time, unreported, and the
	 * summary marks a field whose knee moved between the passes unstable
	 * with both brackets (a busy machine moved an ROB reading from
	 * 448/512 to 256/320 between two runs, each stated as fact). */
	bool structure;
	/* Under sim with no only= (the kernels the summary reads), the sweep
	 * runs its largest point alone, the one the summary reads (cache.seq.lat:
	 * the prefetch field, at the working set where cache.load.lat met
	 * memory), and a skip record says so. On the C906's RTL its other
	 * seven points cost some 2 M cycles of a 15 M budget for no field. */
	bool summary_reads_largest;
	/* Under sim, the warm-up runs the 2N body for one iteration, not the
	 * point's count: that runs all of its code (what the warm-up is for:
	 * the untimed N run before each timed one warms the data) and check()
	 * holds at any count. The chases: at 64 KiB, past the C906's one
	 * cache, the full 2N warm-up was 2,048 misses, some 200,000 of its
	 * RTL's cycles a point. */
	bool warm_one_iteration;
	bool selftest; /* test-only: runs only when baremark.selftest asks */
	/* A form of the instruction table (kernels/insn/insn.h): runs only
	 * where a baremark.only pattern beginning "insn" selects it, and
	 * reports in the compact `insn` record (harness/insn_record.c). */
	const struct insn_form *form;
	/* Optional: the name the kernel runs under in the run's order
	 * (kernels run by name, harness.c: runs_before), where it must run
	 * elsewhere than its own name sorts: the width mixes first (every
	 * later result is held to the IPC they read), uarch.window.miss just
	 * before the window sweeps read against it. */
	const char *runs_as;
	/* Optional: the least repeats of the kernel's first point (parameter
	 * 0, or its only one) on every profile, sim's one included: a point
	 * other results are read against (the width mixes' retire ceiling,
	 * the window sweeps' filler-0 points that tell the execution order)
	 * is never one body's reading. */
	uint8_t min_repeats;
	/* Optional: strlen(name), where the registration knows it (the
	 * instruction table's: a point asks its name's kind, .lat or .thr,
	 * and under sim a strlen a point was a form's cost); 0: not given. */
	uint16_t name_len;
	const void *arg; /* the kernel file's own data for prepare */
};

/* Kernels whose prepare picks the assembly bodies for the parameter (an
 * element width, a branch count) keep them in their state; this struct
 * follows the fields the bodies read at fixed offsets. */
struct bm_bodies {
	bm_body_fn x1, x2;
};

/* BM_STATE_BODIES(type, member): static body_x1 / body_x2 that call the
 * bodies a state of `type` holds in `member`. */
#define BM_STATE_BODIES(type, member)                       \
	static uint64_t body_x1(void *st, uint64_t iters)   \
	{                                                   \
		return ((type *)st)->member.x1(st, iters);  \
	}                                                   \
	static uint64_t body_x2(void *st, uint64_t iters)   \
	{                                                   \
		return ((type *)st)->member.x2(st, iters);  \
	}

/* Under sim, did the window kernels' filler-0 points so far (this
 * kernel's among them) read the two misses serialised against
 * uarch.window.miss (this run, over SM_ORDER_IN_ORDER_RATIO misses: an
 * in-order reading), most of them, or half and this kernel's? Then its
 * other points tell nothing the summary reads (no window on an in-order
 * core) and a core's RTL need not pay for them. False outside sim. */
bool bm_sim_serialised(const struct bm_env *env, const char *kernel);

/* The checked runs a point's warm-up makes before its first timed run
 * (harness.c: measure): 2, the N and the 2N body; 1 under sim, the 2N
 * body alone. A kernel whose check() refuses a replayed run (the random
 * branch kernels) lets exactly these see the work prepare made. */
unsigned bm_warmup_checks(const struct bm_env *env);

/* For a verify hook: NULL when the core has `feature` (arch_has_feature),
 * else the reason (arch_feature_missing), with *skip set. */
const char *bm_needs(const char *feature, bool *skip);

#define BM_KERNEL(id) \
	static const struct bm_kernel id __attribute__((used, section("bm_kernels"), aligned(8)))

/* Memory for kernel state; released after each parameter's measurement. */
void *arena_alloc(size_t size, size_t align);
uint64_t arena_free_bytes(void);
/* One block kept from one point to the next (a chase that takes longer
 * to build than to time, on a simulated core), 4 KiB aligned at the top
 * of the arena: the same block when `key` and `size` are those of the
 * last call (*fresh false: its contents are as the last point left
 * them), else a new one (*fresh true). While a point holds it no other
 * allocation takes it; after, one that does not fit otherwise does, and
 * the next arena_keep builds afresh. NULL if it does not fit. */
void *arena_keep(size_t size, uint64_t key, bool *fresh);
/* A skip reason for memory that did not fit: "<what> needs N bytes, M
 * were free" (one buffer: the suite measures one point at a time). */
const char *bm_no_memory(const char *what, uint64_t need, uint64_t free_bytes);

/* The bits of a double, for self-checks of fp chains (the bodies return
 * their final value that way). */
static inline uint64_t bm_dbits(double d)
{
	uint64_t u;
	__builtin_memcpy(&u, &d, sizeof(u));
	return u;
}

/* base^e mod 2^64: what a chain of e multiplications by base leaves,
 * for self-checks of multiply chains. */
static inline uint64_t bm_pow64(uint64_t base, uint64_t e)
{
	uint64_t r = 1;
	for (; e; e >>= 1, base *= base)
		if (e & 1)
			r *= base;
	return r;
}

#endif
