/* The per-core summary: parameters read off this run's curves, each
 * with the kernel it came from ("L1D 32 KiB, 4 cycles; out-of-order,
 * window ~224"). Pure arithmetic on (kernel, parameter, cycles) points,
 * so the host tests can feed it crafted curves. */
#ifndef BM_SUMMARY_H
#define BM_SUMMARY_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sm_point {
	const char *kernel;
	int64_t param;  /* -1 for a kernel without one */
	double cyc;     /* median cycles per op */
	double br_miss; /* branch mispredicts per op, when counted */
	bool has_br_miss;
	double bytes;   /* bytes one op moves, 0 if the kernel does not say */
};

#define SM_MAX_LEVELS 8

/* Where a cost curve against a size first rises past SM_RISE_RATIO times
 * its lowest so far: between `fits` and `exceeds`; open when it never does (then
 * `fits` is the largest size tried). */
struct sm_rise {
	bool has, open;
	double fits, exceeds;
};
#define SM_RISE_RATIO 1.5

enum sm_order { SM_ORDER_UNKNOWN, SM_IN_ORDER, SM_OUT_OF_ORDER };

/* The shape of a capacity's knee (lib/summary.c, sm_knee): a gradual
 * rise, (x - R) / x of the ops missing past R (a return stack losing its
 * oldest entries), or a step (a target buffer). */
enum sm_shape { SM_SHAPE_NONE, SM_SHAPE_GRADUAL, SM_SHAPE_STEP };
extern const char *const sm_shape_names[3];
/* A gradual knee gives the capacity in entries, the best fit (the
 * matching sm_rise holds the range the curve cannot tell apart from it:
 * fits = its lowest, exceeds = its highest + 1, in entries); a step gives
 * the sizes tried on either side (in the sm_rise, in the curve's unit). */
struct sm_knee_fit {
	enum sm_shape shape;
	double entries;
};

/* The window probes' filler kinds, in the order of sm_summary.window:
 * "nop" (reorder buffer), "int" (integer registers), "fp" (FP
 * registers), "load" (load queue), "store" (store queue), "branch"
 * (branch tracking); the kernel is uarch.window.<kind>. */
#define SM_WINDOW_KINDS 6
extern const char *const sm_window_fillers[SM_WINDOW_KINDS];

struct sm_summary {
	/* cache.load.lat: the levels summary_levels finds. Level i holds at
	 * least upto[i] bytes: the next point, next[i], is already more than
	 * SM_PLATEAU_RATIO slower. What lies beyond the last step is memory. */
	int nlevels;
	double upto[SM_MAX_LEVELS], next[SM_MAX_LEVELS], latency[SM_MAX_LEVELS];
	bool has_memory;
	double memory_latency, memory_bytes; /* at the largest working set */
	/* branch.random vs branch.predictable */
	bool has_mispredict;
	double mispredict_penalty;
	bool mispredicts_counted; /* else assumed 0.5 per random branch */
	double mispredict_load;   /* the load-to-use latency taken out of it (0: none) */
	/* the widest IPC of the independent-instruction kernels that stays
	 * within what the suite's own throughput kernels allow: a mix of one
	 * add to one load (or multiply) cannot retire more than
	 * 2 / max(cycles per add, cycles per load) instructions a cycle */
	bool has_width;
	double width;
	const char *width_from;
	bool has_width_bound;
	double width_bound; /* that bound for width_from, where it has one */
	char width_left_out[160]; /* mixes read above their bound, left out; "" if none */
	/* the window probes (uarch.window.<filler>) at filler 0 against one
	 * miss (uarch.mlp chains=1) */
	enum sm_order order;
	double overlap_ratio; /* ~2: the two misses serialise; ~1: they overlap (the median over the kinds) */
	/* the order is read off every window kind's filler-0 point (each one
	 * miss and two ops: one alone is too little to go on, issue 45), at
	 * least SM_ORDER_MIN_POINTS of them, SM_ORDER_AGREE_PCT of them on
	 * the side of 1.5 their median is on; else unknown, and why */
	int order_points;
	char order_why[200];
	/* out-of-order only: per filler kind (sm_window_fillers), the last
	 * filler count at which the two misses still overlapped and the first
	 * at which the cost jumped by half a miss or more (open: no jump) */
	struct sm_rise window[SM_WINDOW_KINDS];
	/* one miss (uarch.mlp chains=1), cycles: what the window probes'
	 * fillers hide behind */
	double miss_cycles;
	const char *miss_from; /* the kernel it came from */
	/* a kind whose cost rose where its fillers alone take at least a
	 * miss at the core's best IPC (width): the rise may be the fillers'
	 * own time, not a full structure, so the probe is blind there and
	 * window[k] is no reading; fill_cycles[k] is that least time */
	bool window_blind[SM_WINDOW_KINDS];
	double window_fill_cycles[SM_WINDOW_KINDS];
	bool has_mlp;
	double mlp;
	bool has_stlf;
	double stlf_latency;
	/* pipeline.addi.lat against pipeline.add.lat: a chain of immediate
	 * adds under SM_ELIMINATED times the register adds is folded at
	 * rename (Golden Cove and later) */
	bool has_addi, addi_eliminated;
	double addi_latency, add_latency;
	/* cache.tlb.lat against cache.load.lat at pages x 64 bytes: the first
	 * page count costing over 1.25x the packed lines (the first TLB
	 * level), and the biggest jump between two page counts (the last) */
	struct sm_rise tlb_first, tlb_last;
	/* Predictor structures (sm_steps): the first step and, where the
	 * curve steps again, the second (a second level) in next. */
	struct sm_rise btb4, btb4_next;   /* branch.btb.4: taken jumps 4 bytes apart */
	struct sm_rise btb16, btb16_next; /* branch.btb.16: 16 bytes apart */
	/* every step each BTB curve takes (btb4 and btb4_next are the first
	 * two): a core with three levels (Zen's L0/L1/L2, Golden Cove's
	 * first level and its 12K one) shows each; the last may be open */
	struct sm_rise btb4_levels[SM_MAX_LEVELS], btb16_levels[SM_MAX_LEVELS];
	int nbtb4_levels, nbtb16_levels;
	struct sm_rise ras;               /* branch.ret.random: call depth (only a return stack predicts these) */
	struct sm_rise ret_fixed;         /* branch.ret.fixed: call depth (a target buffer can help) */
	struct sm_knee_fit ras_knee, ret_fixed_knee; /* how their knees were read (sm_knee) */
	struct sm_rise indirect;          /* branch.indirect: targets in a cycle */
	bool steps_by_penalty; /* ras, ret_fixed, indirect judged by the mispredict penalty (else 1.5x) */
	/* branch.pattern: the longest period still predicted (cost at most
	 * halfway from branch.predictable to branch.random) */
	struct sm_rise pattern;
	/* branch.history: mispredicts per group (br_miss per op x (fillers
	 * + 2)) first over SM_HISTORY_LOST, in fillers; history_why says why
	 * not (the br_miss event is required) */
	struct sm_rise history;
	const char *history_why;
	/* cache.bw.read: 64 / cycles per line at the smallest working set and
	 * at the largest (scalar 64-bit loads) */
	bool has_bandwidth;
	double bw_small, bw_small_bytes, bw_large, bw_large_bytes;
	/* cache.bw.vread: the same with the widest vector loads */
	bool has_vbandwidth;
	double vbw_small, vbw_large;
	/* cache.line.lat: the smallest offset whose load no longer costs a
	 * miss (below the midpoint between the cost at the smallest offset,
	 * in the flushed line, and the lowest cost); line_why says why not
	 * when there is no clean step */
	bool has_line;
	bool line_no_contrast; /* the flushed side was not twice the kept one */
	double line_size, line_flushed, line_kept;
	const char *line_why;
	/* cache.seq.lat beside cache.load.lat at the largest working set */
	bool has_prefetch;
	double sequential_latency;
};

/* A predictor structure's curve (cost against entries) steps where,
 * after a median of three, a point costs more than SM_RISE_RATIO times
 * the median of the points since the last step; for structures whose
 * overflow is a mispredict (returns, indirect targets), where it costs
 * SM_MISPREDICTED_SHARE of the mispredict penalty more than that median
 * (one op in ten mispredicted), when the penalty was measured. */
#define SM_MISPREDICTED_SHARE 0.1

/* An immediate-add chain under this share of the register-add chain's
 * cycles is eliminated at rename (one cycle each otherwise, as the
 * register adds). */
#define SM_ELIMINATED 0.5

/* The knee fit (sm_knee) counts a rise of at least this share of the
 * mispredict penalty (past the knee, most ops miss), and only where the
 * fit leaves at most SM_KNEE_UNEXPLAINED of the curve's variance. */
#define SM_KNEE_PENALTY_SHARE 0.25
#define SM_KNEE_UNEXPLAINED 0.25
#define SM_KNEE_CHI2 3.84 /* chi-square, one degree of freedom, 95% */
#define SM_MAX_KNEE 4096  /* the deepest capacity the gradual fit tries */

/* A history group (random, fillers, copy) mispredicts 0.5 times while
 * the copy is predicted and 1 time once it is not: the midpoint. */
#define SM_HISTORY_LOST 0.75

/* cache.line.lat shows a step only when a load of the flushed line costs
 * at least this many times a load of a kept one. */
#define SM_LINE_CONTRAST 2.0

/* The cache-level finder (summary_levels): the curve, smoothed by a
 * median of three, is cut wherever one point costs more than
 * SM_STEP_RATIO times the point before it. A gradual rise (each point a
 * little above the last) stays inside one piece, however far it climbs:
 * a shared cache filling, page walks, a VM's neighbours. Each piece of two
 * or more points, other than the last (memory), is a level; a lone point
 * between two pieces is the transition. A level's extent is its points
 * within SM_PLATEAU_RATIO of its lowest latency. */
#define SM_STEP_RATIO 1.25
#define SM_PLATEAU_RATIO 1.5
#define SM_MAX_POINTS 128
/* history_length's reason where the core counts no br_miss */
#define SM_HISTORY_NO_BR_MISS "no br_miss count on this core: one mispredict among fillers + 2 branches is lost in the cycles"

struct sm_level {
	double upto, next, latency;
};
/* Levels of the curve (size ascending, m points): at most cap into out;
 * returns how many. *nsegments (if given): pieces in all, memory
 * included (more than one: the curve left its first level). */
int summary_levels(const double *size, const double *lat, int m, struct sm_level *out, int cap, int *nsegments);

void summary_derive(const struct sm_point *p, int n, struct sm_summary *s);
/* The cache.load.lat curve's last step (to memory, or to the slowest
 * level the sweep reached): the first size past it in *next. False where
 * the curve has no cache level before a last piece. */
bool sm_memory_step(const struct sm_point *p, int n, double *next);
/* The most instructions a cycle any result may retire, thousandths: the
 * widest IPC the core's width mixes read (uarch.width.*; 0: none yet),
 * SM_RETIRE_SLACK_PCT over it for its own noise, and never more than
 * SM_RETIRE_MAX (no core shipping retires more). A result above it is too
 * fast to be right (the harness flags it, never ok). */
#define SM_RETIRE_MAX 8000
#define SM_RETIRE_SLACK_PCT 5
int64_t sm_retire_ceiling(int64_t widest_mix_ipc_milli);
#define SM_ORDER_MIN_POINTS 2
#define SM_ORDER_AGREE_PCT 66
#define SM_ORDER_IN_ORDER_RATIO 1.5
/* Under sim, may a window kind's sweep stop at its filler-0 point (an
 * in-order reading)? zero: the filler-0 cycles of each kind measured so
 * far (n of them, own among them), miss: uarch.window.miss's, all in the
 * same unit. True where most of them read the two misses serialised
 * (over SM_ORDER_IN_ORDER_RATIO misses), or half of them and own: the
 * summary reads the order off all of them, and one point of two misses
 * is noise. */
bool sm_sim_serialised(const int64_t *zero, int n, int64_t own, int64_t miss);

/* v with `places` decimals (at most 6), rounded half away from zero, as
 * snprintf would write "%.<places>f": the images' printf formats integers
 * only (arch/arm64/snprintf.c). */
int sm_decimal(char *buf, size_t cap, double v, int places);
#endif
