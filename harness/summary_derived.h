/* Between the summary's two halves: the results, kept in integers
 * (summary_record.c), and their reading off in floating point
 * (summary_derived.c), which only a core that can runs. */
#ifndef BM_SUMMARY_DERIVED_H
#define BM_SUMMARY_DERIVED_H
#include <stdbool.h>
#include <stdint.h>

/* Every result of a run: the full profile with every kernel has about
 * 900 on a core with vector crypto; a result that does not fit is
 * counted and said (points_left_out), never dropped silently. */
#define SM_MAX_RESULTS 2048

struct sm_result {
	const char *kernel;
	int64_t param; /* -1 for a kernel without one */
	int64_t cyc_milli, br_miss_milli; /* per op, thousandths */
	bool has_br_miss;
	uint64_t bytes; /* bytes one op moves, 0 if the kernel does not say */
	uint8_t pass;   /* 1, or 2: a structure sweep's second pass (kernel.h) */
	/* the ops in its 2N - N body difference and the repeats whose
	 * aggregate it took: the sample an assumed mispredict rate rests on */
	uint64_t ops;
	unsigned repeats;
};

/* A result the summary does not read (below its floor): which kernel and
 * the verdict's reason, so that a field it would have given says what
 * happened instead of "did not run". The first SM_MAX_REFUSED are kept. */
#define SM_MAX_REFUSED 16
struct sm_refused {
	const char *kernel;
	char why[160];
};

struct sm_results {
	struct sm_result *r;
	int n, left_out;
	struct sm_refused *refused;
	int nrefused;
	bool estimated;      /* cycles estimated from the clock */
	int counted;                  /* results summary_note_counts was told of */
	bool cycles_are_instructions; /* every one counted a cycle a retired instruction: an emulator (QEMU -icount) */
	char no_cycles[200]; /* why the core counts no cycles; "" when it does */
	bool no_br_miss; /* the core counts no br_miss (branch.history may not have run for it) */
};

/* Derives the summary and writes its record and console line; `only`
 * (NULL: every kernel) leaves out what its selection did not ask for. */
struct bm_options;
/* The working set the window probes chased and where its size came from
 * (the summary's window field says both). */
void summary_set_chase(uint64_t bytes, const char *from);
/* summary_memory_step (summary_record.h) for these results. */
bool summary_memory_step_derived(const struct sm_results *run, uint64_t *bytes);
void summary_emit_derived(const struct sm_results *run, const struct bm_options *only);
#endif
