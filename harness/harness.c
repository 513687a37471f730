/* The one place where measuring happens: warm-up, the N and 2N bodies,
 * repeats, statistics, self-checks, and the result/skip/error records. */
#include "harness.h"
#include "insn.h"
#include "insn_record.h"
#include "summary_record.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "history_settle.h"
#include "chase_size.h"
#include "cores.h"
#include "log.h"
#include "noinit.h"
#include "miss_chains.h"
#include "stats.h"
#include "summary.h"
#include "summary_derived.h"
#include "point_path.h"

#define MAX_REPEATS BM_MAX_REPEATS
/* the statistics take every repeat a job keeps */
_Static_assert(MAX_REPEATS <= STATS_MAX_N, "lib/stats.h must take MAX_REPEATS samples");

extern const struct bm_kernel __start_bm_kernels[], __stop_bm_kernels[];
extern const struct bm_kernel __start_bm_insn_kernels[], __stop_bm_insn_kernels[];

unsigned harness_repeats(const struct bm_options *o)
{
	if (o->repeat)
		return o->repeat; /* options.c takes 1 to BM_MAX_REPEATS */
	return o->profile == BM_PROFILE_FULL ? 11 : o->profile == BM_PROFILE_SIM ? 1 : 5;
}

unsigned bm_warmup_checks(const struct bm_env *env)
{
	return env->opt->profile == BM_PROFILE_SIM ? 1 : 2;
}

/* The bodies one repeat runs: N and 2N, and where the kernel has them the
 * empty passes (subtracted). */
enum { B_X1, B_X2, B_E1, B_E2, NBODIES };
#define T_SLOT BM_MAX_SLOTS /* the timer, beside the counter slots */

/* the instruction table alone registers two kernels a form */
#define MAX_KERNELS 2048
_Static_assert(MAX_KERNELS <= INSN_SORT_MAX, "insn_sort takes every kernel a run sorts");

struct job {
	const struct bm_kernel *k;
	const struct bm_env *env;
	const struct bm_counters *ctr;
	uint64_t param;
	bool has_param; /* false for what is said before any parameter runs */
	unsigned tries; /* this measurement of the point is the tries-th (MAX_TRIES) */
	/* results */
	const char *skip_why;
	bool check_failed;
	unsigned failed_variant;
	uint64_t iters;
	uint64_t bytes_per_op; /* 0 unless the kernel says what an op moves */
	bool has_digest;       /* program_digest holds the kernel's */
	uint64_t program_digest;
	uint64_t ops_per_iter; /* the kernel's, or what its state says */
	unsigned repeats;      /* how many ran */
	bool settled;          /* the estimate settled before the repeats or the time ran out */
	bool cold;             /* selftest=cold: the next pass pays cold_cost */
	bool cold_timed;       /* selftest=coldtimed: the next timed pass pays it */
	/* the kernel's result reads an event slot (reads_events): else only
	 * cycles and instret are read around each pass, and raw holds those
	 * two and the timer alone (the other slots' rows are left as an
	 * earlier job wrote them, and nothing reads them: reads_events) */
	bool events;
	/* the timer is read around each pass: not for a form on a core that
	 * counts cycles, whose report reads no time (report_form; under sim
	 * the two reads were some 50 instructions a point) */
	bool timer;
	size_t name_len; /* strlen(k->name): kind_is */
	/* the cycle and instruction estimates (job_counts), worked out once:
	 * each is a pass over the repeats, paid per result under sim */
	bool counted;
	int64_t cyc_est, ins_est;
	/* the cycles' estimate with its spread (a bootstrap) at some count
	 * of repeats, kept: settling, the retry's look at the floor and the
	 * report each want it (spread_repeats: repeats + 1 it is of, 0 none) */
	unsigned spread_repeats;
	struct bm_estimate spread;
	/* cycles per op, with its spread (cycles_per_op): the look for a
	 * retry and the report each want it, worked out once a measurement */
	bool has_cyc_op;
	struct bm_estimate cyc_op;
	/* a form's point that plain_form_point found ok at one repeat: no
	 * retry, and its report needs no verdict worked out */
	bool plain;
	/* each timed run's counts, per slot: run_body writes every slot of a
	 * repeat, and only repeats that ran are read, so it is never cleared
	 * (it is most of the job, cleared twice a kernel) */
	int64_t raw[NBODIES][BM_MAX_SLOTS + 1][MAX_REPEATS];
};

/* A clean job for kernel k: every field before raw written (raw: each
 * run writes its own), field by field rather than by memset, which a
 * form paid four times under sim. A field added to struct job moves
 * raw, and the assertion asks for it here. */
_Static_assert(offsetof(struct job, raw) == (sizeof(void *) == 8 ? 216 : offsetof(struct job, raw)),
	       "job_clear: a new field of struct job must be cleared there");
BM_POINT_PATH static void job_clear(struct job *j, const struct bm_kernel *k, const struct bm_env *env, const struct bm_counters *ctr)
{
	j->k = k;
	j->env = env;
	j->ctr = ctr;
	j->param = 0;
	j->has_param = false;
	j->tries = 0;
	j->skip_why = NULL;
	j->check_failed = false;
	j->failed_variant = 0;
	j->iters = 0;
	j->bytes_per_op = 0;
	j->has_digest = false;
	j->program_digest = 0;
	j->ops_per_iter = 0;
	j->repeats = 0;
	j->settled = false;
	j->cold = j->cold_timed = false;
	j->events = false;
	j->timer = true;
	j->name_len = 0;
	j->counted = false;
	j->cyc_est = j->ins_est = 0;
	j->spread_repeats = 0;
	j->has_cyc_op = false;
	j->plain = false;
}

/* The job whose verdict cycles_verdict holds (NULL: none; run_job
 * forgets it). */
static const struct job *verdict_of;

BM_POINT_PATH static unsigned nbodies(const struct bm_kernel *k)
{
	return k->empty[0] && k->empty[1] ? NBODIES : 2;
}

/* The counts and times around one pass of a body. */
struct stamp {
	uint64_t c0[BM_MAX_SLOTS], c1[BM_MAX_SLOTS], t0, t1;
};

/* selftest=cold: what a cold path costs a point's first pass (some 300
 * instructions, the 200-400 cycles the C906's RTL lost to its first
 * timed N body when only the body was warmed, issue 45) */
static void cold_cost(void)
{
	for (volatile unsigned i = 0; i < 60; i++)
		;
}

/* One pass of fn between the counter reads. The warm pass and the timed
 * pass are both this code, so the timed pass finds the whole timed path
 * warm, not the body alone: the counter reads, the call and return, and
 * the data they load (with one repeat under sim, the C906's RTL timed its
 * first N body with that path missing the I- and D-caches, 200-400 cycles
 * a point, and read an L1 load at 1.78 cycles, add.thr at IPC 1.33). Its
 * code does not ask whether the pass is timed (`cold` is the caller's
 * answer): a branch on it would take the two passes into the body with
 * different histories. */
BM_POINT_PATH static __attribute__((noinline)) uint64_t pass(struct job *j, bm_body_fn fn, void *st, uint64_t iters, bool cold,
						 struct stamp *s)
{
	/* the same branch history into every pass's body, whatever ran
	 * before it (history_settle.h) */
	arch_branch_history_settle();
	if (j->timer)
		s->t0 = arch_time();
	if (j->events)
		arch_counters_read(s->c0);
	else
		arch_counters_read_core(s->c0);
	if (cold) {
		j->cold = j->cold_timed = false;
		cold_cost();
	}
	uint64_t res = fn(st, iters);
	if (j->events)
		arch_counters_read(s->c1);
	else
		arch_counters_read_core(s->c1);
	if (j->timer)
		s->t1 = arch_time();
	return res;
}

/* What a counter counted between two reads. An arm64 event counter
 * (PMEVCNTR<n>_EL0, instret there) is 32 bits wide: one that wrapped
 * during a pass reads lower after it, and the 64-bit difference is
 * nonsense (a quick run on QEMU's A72 passes 2^32 instructions, and
 * crypto.sm3.scalar's pass across it read no instructions). Two readings
 * that both fit 32 bits, the second lower, wrapped once: no pass comes
 * near 2^32 events. */
static int64_t counted(uint64_t c0, uint64_t c1)
{
	if (c1 < c0 && c0 <= UINT32_MAX && c1 <= UINT32_MAX)
		return (int64_t)(c1 + (1ull << 32) - c0);
	return (int64_t)(c1 - c0);
}

/* A timed pass's counts and time into the job's raw series. */
BM_POINT_PATH static void stamp_store(struct job *j, const struct stamp *s, unsigned b, unsigned r)
{
	j->raw[b][BM_SLOT_CYCLES][r] = counted(s->c0[BM_SLOT_CYCLES], s->c1[BM_SLOT_CYCLES]);
	j->raw[b][BM_SLOT_INSTRET][r] = counted(s->c0[BM_SLOT_INSTRET], s->c1[BM_SLOT_INSTRET]);
	for (int c = 2; j->events && c < BM_MAX_SLOTS; c++)
		j->raw[b][c][r] = counted(s->c0[c], s->c1[c]);
	if (j->timer)
		j->raw[b][T_SLOT][r] = (int64_t)(s->t1 - s->t0);
}

BM_POINT_PATH static bool checked_at(struct job *j, void *st, unsigned variant, uint64_t iters, uint64_t result)
{
	if (j->k->check(st, variant, iters, result))
		return true;
	j->check_failed = true;
	j->failed_variant = variant;
	return false;
}

BM_POINT_PATH static bool checked(struct job *j, void *st, unsigned variant, uint64_t result)
{
	return checked_at(j, st, variant, j->iters, result);
}

/* Is each of the kernel's bodies warmed by an untimed run of itself
 * (run_body), rather than both by the N body's? An instruction-table
 * form's: its N and 2N bodies are code of their own, and what a core's
 * predictors keep of a body (its loop branch in a 16-entry BTB, the
 * call into it) is what the last run of it left. Warmed by the N body,
 * the timed 2N run met the state of its warm-up, three N runs before.
 * On the C906's RTL (docs/simulators.md), in the scalar table's run,
 * 37 of the 42 I forms read 66 or 68 cycles of 64 that way, and 146
 * figures of its 139 records were not a whole number of cycles; with
 * each body after itself, 3 forms and 26 figures. Under sim such a
 * kernel has no warm-up runs of its own (measure): the untimed run
 * before each timed one is its warm-up, and both are checked. */
BM_POINT_PATH static bool self_warmed(const struct bm_kernel *k)
{
	return k->form != NULL;
}

/* One body: first an untimed pass of the N body (of the empty N pass
 * for the empty passes; of the body itself where self_warmed), so that
 * the N and the 2N body meet
 * the caches and predictors in the same state: the one an N run leaves,
 * the timed path included (pass). Where the kernel renews its work, it
 * does so before that run and again before the timed run (kernel.h:
 * refresh). Then the timed pass, with nothing but counter reads around
 * it. Not the timed N run as the 2N run's warm-up (one N run fewer a
 * repeat): on the C906's RTL that order read the instruction table's
 * 64-op bodies 2-9 cycles off (add's latency 1.03-1.08, its throughput
 * 1.03, where this order reads 1.00 and 1.00) and the 32 KiB chase at
 * its L1's edge under the 2-cycle floor, and why was not found. */
BM_POINT_PATH static inline __attribute__((always_inline)) bool run_body(struct job *j, void *st, unsigned b, unsigned r)
{
	const struct bm_kernel *k = j->k;
	bm_body_fn fn = b < 2 ? k->body[b] : k->empty[b - 2];
	/* a form's bodies (self_warmed): each after a run of itself */
	bool self = self_warmed(k);
	bm_body_fn before = self ? fn : b < 2 ? k->body[0] : k->empty[0];
	/* selftest=replay: nothing is renewed, so every timed run replays
	 * what the core saw, and each such kernel's check must refuse it */
	bool renew = k->refresh && b < 2 && !j->env->opt->selftest_replay;
	uint64_t iters = j->iters;
	struct stamp s;
	if (renew)
		k->refresh(st, 0, iters, false);
	uint64_t warm = pass(j, before, st, iters, j->cold, &s);
	if (renew)
		k->refresh(st, b, iters, true);
	uint64_t res = pass(j, fn, st, iters, j->cold || j->cold_timed, &s);
	stamp_store(j, &s, b, r);
	/* a self-warmed body's two runs are both checked, after the timed
	 * one (nothing between them but the passes' own code) */
	return b >= 2 || ((!self || checked(j, st, b, warm)) && checked(j, st, b, res));
}

/* The estimate of slot s over the repeats so far: (2N - N), less (empty
 * 2N - empty N) where the kernel has empty passes; each body by its
 * minimum, or its median where the kernel renews its work (stats.h). */
static struct bm_estimate estimate_of_repeats(const struct job *j, int s, bool spread);
static inline struct bm_estimate estimate(const struct job *j, int s, bool spread)
{
	/* one repeat (sim): the difference of the bodies' one runs, its
	 * quartiles itself (stats_difference's figures, without building the
	 * series, and inline: a point asks for some six estimates, and under
	 * sim a call's own cost was most of each) */
	if (j->repeats == 1) {
		int64_t e = j->raw[B_X2][s][0] - j->raw[B_X1][s][0];
		if (nbodies(j->k) == NBODIES)
			e += j->raw[B_E1][s][0] - j->raw[B_E2][s][0];
		return (struct bm_estimate){e, e, e};
	}
	return estimate_of_repeats(j, s, spread);
}

static struct bm_estimate estimate_of_repeats(const struct job *j, int s, bool spread)
{
	unsigned n = nbodies(j->k);
	struct bm_series v[NBODIES] = {
		{j->raw[B_X2][s], +1}, {j->raw[B_X1][s], -1}, {j->raw[B_E2][s], -1}, {j->raw[B_E1][s], +1}};
	/* a kernel that renews its work every run (refresh) gives a fresh
	 * random sample each time: its median, not its luckiest run. So does
	 * every run under sim: no other program or interrupt disturbs a
	 * simulated core, so what differs between its runs is the core's own
	 * (a random replacement at a cache's edge), either way, and the least
	 * of each body's runs would favour the longer body's luck (the C906's
	 * RTL read its 32 KiB chase at 1.914, four repeats, min) */
	bool sim = j->env->opt->profile == BM_PROFILE_SIM;
	enum bm_aggregate agg = j->k->refresh || sim ? BM_AGG_MEDIAN : BM_AGG_MIN;
	if (spread && s == BM_SLOT_CYCLES) {
		struct job *w = (struct job *)j; /* a cache of what the raw counts give */
		if (w->spread_repeats != j->repeats + 1) {
			w->spread = stats_difference(v, n, j->repeats, agg);
			w->spread_repeats = j->repeats + 1;
		}
		return w->spread;
	}
	if (spread)
		return stats_difference(v, n, j->repeats, agg);
	int64_t e = stats_difference_est(v, n, j->repeats, agg);
	return (struct bm_estimate){e, e, e};
}

/* The slot whose estimate decides when to stop: cycles, else the timer. */
BM_POINT_PATH static int primary_slot(const struct job *j)
{
	return j->ctr->slot[BM_SLOT_CYCLES].avail ? BM_SLOT_CYCLES : T_SLOT;
}

BM_POINT_PATH static bool settled_now(const struct job *j)
{
	int s = primary_slot(j);
	/* 0.01 cycle per op, or two timer ticks */
	int64_t tol = s == T_SLOT ? 2 : (int64_t)(j->iters * j->ops_per_iter / 100);
	return stats_settled(estimate(j, s, true), tol);
}

/* Time a point may take once its minimum repeats have run, if its
 * estimate has not settled: a quarter second (quick) or one second. */
BM_POINT_PATH static uint64_t budget_ticks(const struct job *j)
{
	uint64_t hz = j->env->board->timebase_hz;
	return j->env->opt->profile == BM_PROFILE_FULL ? hz : hz / 4;
}

/* The least repeats of a calibration run (the L1 floor): like the
 * points other results are read against (kernel.h, min_repeats), never
 * one body's reading, on any profile. 0 outside a calibration. */
#define REFERENCE_REPEATS 3
static unsigned calibration_repeats;

/* Runs under bm_guard: a trap anywhere in here comes back as an error. */
BM_POINT_PATH static void measure(void *p)
{
	struct job *j = p;
	j->iters = j->env->iters;
	void *st = j->k->prepare(j->k, j->env, j->param, &j->iters, &j->skip_why);
	if (!st)
		return;
	j->bytes_per_op = j->k->param_is_bytes ? j->param : j->k->op_bytes ? j->k->op_bytes(st) : 0;
	j->ops_per_iter = j->k->ops_of ? j->k->ops_of(st) : j->k->ops_per_iter;
	if (j->k->program_digest) {
		j->program_digest = j->k->program_digest(st);
		j->has_digest = true;
	}
	/* Warm-up and the self-check of each body, through pass() as the
	 * timed runs are (the same code, branch history and counter reads
	 * around the body). Under sim not the N body's: the untimed run of
	 * it before its first timed run warms the same code and data, and
	 * that timed run is checked before any figure is taken from it
	 * (below), so one N run of a point's eight is saved (some 1 M of the
	 * C906's RTL cycles over the summary set). Not checked between the
	 * untimed run and the timed one: whatever the check touches there
	 * would meet the timed N run and not the 2N one (at an L1's edge,
	 * lines it displaces). The 2N body is warmed on every profile: the
	 * untimed run before its timed run is the N body's, and where the 2N
	 * body is code of its own (the pipeline and instruction-table
	 * kernels) it would be met cold; under sim for one iteration where
	 * that runs all of its code (kernel.h: warm_one_iteration).
	 * bm_warmup_checks says how many this is. (Tried on the C906's RTL:
	 * an unchecked N warm-up under sim, one iteration where
	 * warm_one_iteration; the small chases' first timed N run still met
	 * an instruction-cache miss, 150-250 cycles, and were measured again
	 * as often, at 0.28 M more for the set.) Under sim a self-warmed
	 * kernel (a form) has none: the untimed run of each body before its
	 * timed run is its warm-up, both checked (run_body). */
	const struct bm_options *o = j->env->opt;
	bool sim = o->profile == BM_PROFILE_SIM;
	uint64_t warm2 = sim && j->k->warm_one_iteration ? 1 : j->iters;
	struct stamp ws; /* the warm passes' counts: not kept */
	if (!(sim && self_warmed(j->k)) &&
	    ((bm_warmup_checks(j->env) > 1 && !checked(j, st, 0, pass(j, j->k->body[0], st, j->iters, false, &ws))) ||
	     !checked_at(j, st, 1, warm2, pass(j, j->k->body[1], st, warm2, false, &ws))))
		return;
	/* and the empty N pass (unchecked: it computes nothing; the empty
	 * 2N pass is its code run twice as long, in bpu.c and line.c): its
	 * first timed run would otherwise have one untimed run of that code
	 * before it, where the bodies have more (on the C906's RTL the return
	 * chain's empty N pass at depth 8 took 453 cycles in its first
	 * repeat, 319-321 in the four after) */
	if (nbodies(j->k) == NBODIES)
		(void)pass(j, j->k->empty[0], st, j->iters, false, &ws);
	/* Repeat until the estimate settles (at least the profile's count;
	 * exactly that count when baremark.repeat gives it), at most
	 * MAX_REPEATS or the time budget. */
	/* each try of a point that measured nothing runs twice the repeats of
	 * the one before: a disturbance that hit every run of the N body (a
	 * busy machine) is less likely to hit every run of twice as many */
	unsigned min_r = harness_repeats(o);
	/* the points other results are read against: never one repeat */
	if ((j->param == 0 || !j->k->param) && min_r < j->k->min_repeats)
		min_r = j->k->min_repeats;
	if (min_r < calibration_repeats)
		min_r = calibration_repeats;
	/* under sim, where each body's runs are aggregated by their median
	 * (estimate), an odd count: one repeat, then three, then five */
	if (sim)
		min_r += 2 * (j->tries - 1);
	else
		min_r <<= j->tries - 1;
	if (min_r > MAX_REPEATS)
		min_r = MAX_REPEATS;
	bool timed = j->ctr->time_avail && j->env->board->timebase_hz;
	/* sim: its repeats and no more (a cycle-exact model gives the same
	 * figure every time), but for a kernel whose runs are random samples
	 * (refresh), which may take up to the quick profile's 5 to settle:
	 * the settling loop let one such point run 64 repeats, and a run
	 * on a core's RTL cannot wait for that */
	unsigned max_r = MAX_REPEATS;
	if (sim)
		max_r = j->k->refresh && min_r < 5 ? 5 : min_r;
	if (max_r == 1 && min_r == 1) {
		/* one repeat (sim, its first try): the bodies once, without
		 * the settling loop's bookkeeping (a point's cost under sim);
		 * one repeat's estimate is its own quartiles, settled */
		for (unsigned b = 0, n = nbodies(j->k); b < n; b++)
			if (!run_body(j, st, b, 0))
				return;
		j->repeats = 1;
		j->settled = true;
		return;
	}
	uint64_t t0 = arch_time();
	for (unsigned r = 0; r < max_r; r++) {
		for (unsigned b = 0; b < nbodies(j->k); b++) {
			if (!run_body(j, st, b, r))
				return;
		}
		j->repeats = r + 1;
		if (j->repeats < min_r)
			continue;
		j->settled = settled_now(j);
		if (j->settled || (o->repeat && j->tries == 1) || !timed || arch_time() - t0 > budget_ticks(j))
			break;
	}
}

static bool slot_reported(const struct bm_slot *s, const struct bm_kernel *k);

/* The counter slot that counts branch mispredicts, or -1: what the
 * summary reads off branch kernels (summary_point, summary_cannot_read) */
static int br_miss_slot(const struct bm_counters *c)
{
	for (int s = 2; s < c->nslots; s++)
		if (c->slot[s].avail && strcmp(c->slot[s].name, "br_miss") == 0)
			return s;
	return -1;
}

/* Does a result of kernel k read a counter's event slot (2 and up)?
 * Those of report_result and program_fields read the slots
 * slot_reported gives, summary_point br_miss wherever it is counted
 * (summary_point is reached from report_result and second_pass_point
 * alone); a form's (report_form, judge, counted_nothing) reads cycles
 * and instret alone, and the harness itself (estimate of primary_slot,
 * the settling) cycles or the timer. A job that reads no event slot
 * reads cycles and instret alone around each pass: under sim the
 * instruction table's form read all ten slots sixteen times, some 1,300
 * instructions of its cost. Asked once a kernel and core (the cache is
 * cleared where a core's calibration and suite start). */
static const struct bm_kernel *events_k; /* the last kernel asked: cleared for each core's suite */
static bool events_last;
BM_POINT_PATH static bool reads_events(const struct bm_kernel *k, const struct bm_counters *c)
{
	if (k == events_k)
		return events_last;
	bool ev = !k->form && br_miss_slot(c) >= 0;
	for (int s = 2; !k->form && s < c->nslots && !ev; s++)
		ev = slot_reported(&c->slot[s], k);
	events_k = k, events_last = ev;
	return ev;
}

/* One kernel at one parameter, from a clean job: measured under the trap
 * guard, its memory and any 4 KiB-page view released after. Non-zero if
 * it trapped (*t says where). `tries`: which measurement of the point
 * this is (1 the first). */
BM_POINT_PATH static int run_job(struct job *j, const struct bm_kernel *k, const struct bm_env *env, const struct bm_counters *ctr,
		   uint64_t param, unsigned tries, struct bm_trap *t)
{
	job_clear(j, k, env, ctr);
	j->param = param;
	j->has_param = true;
	j->tries = tries;
	j->cold = env->opt->selftest_cold;
	j->cold_timed = env->opt->selftest_coldtimed;
	j->events = reads_events(k, ctr);
	j->timer = !k->form || !ctr->slot[BM_SLOT_CYCLES].avail;
	verdict_of = NULL;
	j->name_len = k->name_len ? k->name_len : strlen(k->name);
	arch_counters_settle();
	uint64_t mark = arena_mark();
	int trapped = bm_guard(measure, j, t);
	arena_release(mark);
	arch_small_pages_end();
	return trapped;
}

/* A form's first try under sim, where measure would run its bodies once
 * (one repeat, its own warm-ups): what run_job and measure do for it,
 * and no more. A scalar form's kernel takes no parameter, small pages
 * or events (reads_events), and under one repeat none of measure's
 * warm-ups, empty passes or settling: reaching for each of them anyway
 * was some 130 instructions of every point. sim_once (harness_run_all)
 * says whether the suite measures that way at all. */
static bool sim_once;

BM_POINT_PATH static bool form_once(const struct bm_kernel *k)
{
	return sim_once && k->form && !k->param && !k->refresh && k->min_repeats <= 1 && !k->empty[0] && k->name_len &&
	       !k->ops_of && !k->op_bytes && !k->param_is_bytes && !k->program_digest;
}

BM_POINT_PATH static void measure_once(void *p)
{
	struct job *j = p;
	void *st = j->k->prepare(j->k, j->env, 0, &j->iters, &j->skip_why);
	if (st && run_body(j, st, B_X1, 0) && run_body(j, st, B_X2, 0)) {
		j->repeats = 1;
		j->settled = true;
	}
}

BM_POINT_PATH static int run_form_once(struct job *j, const struct bm_kernel *k, const struct bm_env *env,
				       const struct bm_counters *ctr, struct bm_trap *t)
{
	job_clear(j, k, env, ctr);
	j->has_param = true;
	j->tries = 1;
	j->timer = !ctr->slot[BM_SLOT_CYCLES].avail;
	j->name_len = k->name_len;
	j->iters = env->iters;
	j->ops_per_iter = k->ops_per_iter;
	verdict_of = NULL;
	arch_counters_settle();
	uint64_t mark = arena_mark();
	int trapped = bm_guard(measure_once, j, t);
	arena_release(mark);
	return trapped;
}

BM_POINT_PATH static bool wanted(const struct bm_kernel *k, const struct bm_options *o)
{
	if (k->form)
		return insn_wanted(k, __start_bm_insn_kernels, __stop_bm_insn_kernels); /* insn_select: sorted_kernels */
	if (k->selftest)
		return o->selftest_trap && options_selects(o, k->name);
	return options_selects(o, k->name);
}

/* The L1 load-to-use latency that chains of loads cannot beat: the
 * suite's own pipeline.load.lat, measured quietly before anything else,
 * and only when a kernel that is held to it will run (on a core's RTL
 * in a simulator the calibration costs more than a small kernel).
 * 0 (no floor) when it cannot run or counts no cycles. */
static int64_t l1_floor_milli;
#define CALIBRATIONS 3

static bool l1_floor_wanted(const struct bm_options *o)
{
	for (const struct bm_kernel *k = __start_bm_kernels; k < __stop_bm_kernels; k++)
		if (k->floor == BM_FLOOR_L1_LOAD && wanted(k, o))
			return true;
	return false;
}

/* The lowest of three runs of pipeline.load.lat, in thousandths of a
 * cycle per load: a disturbance (another tenant, an estimated clock
 * caught mid-drift) only ever raises it, and a floor read high would fail
 * every honest chase under it. 0 with *why when it cannot run. */
static int64_t l1_floor_measure(const struct bm_env *env, const struct bm_counters *ctr, const struct bm_kernel *k,
				const char **why)
{
	static struct job cj BM_NOINIT; /* run_job clears it */
	int64_t best = 0;
	/* sim: one run of its three repeats (a cycle-exact model meets no
	 * disturbance for the other runs to outvote) */
	int runs = env->opt->profile == BM_PROFILE_SIM ? 1 : CALIBRATIONS;
	for (int run = 0; run < runs; run++) {
		struct bm_trap t;
		/* a floor others are held to: never one body's reading */
		calibration_repeats = REFERENCE_REPEATS;
		int trapped = run_job(&cj, k, env, ctr, 0, 1, &t);
		calibration_repeats = 0;
		if (trapped || cj.skip_why || cj.check_failed || !cj.repeats) {
			*why = trapped ? "pipeline.load.lat trapped"
			       : cj.skip_why	  ? "pipeline.load.lat was skipped"
			       : cj.check_failed ? "pipeline.load.lat failed its check"
						 : "pipeline.load.lat measured nothing";
			return 0;
		}
		int64_t f = ratio_milli(estimate(&cj, BM_SLOT_CYCLES, false).est, (int64_t)(cj.iters * cj.ops_per_iter));
		if (f > 0 && (!best || f < best))
			best = f;
	}
	return best;
}

static const struct bm_kernel *l1_floor_kernel(void)
{
	for (const struct bm_kernel *q = __start_bm_kernels; q < __stop_bm_kernels; q++)
		if (strcmp(q->name, "pipeline.load.lat") == 0)
			return q;
	return NULL;
}

/* A chase under the floor: is the floor itself high (calibrated on a
 * busy machine: every L1 chase of a run on a loaded VM read 4.0 under a
 * floor of 4.3)? It is measured again, at most L1_FLOOR_RECHECKS times a
 * run, and lowered if it reads lower. True when it was. */
#define L1_FLOOR_RECHECKS 4
static int l1_floor_rechecks;
static bool l1_floor_lowered(const struct bm_env *env, const struct bm_counters *ctr)
{
	const struct bm_kernel *k = l1_floor_kernel();
	const char *why = NULL;
	if (!k || l1_floor_rechecks >= L1_FLOOR_RECHECKS)
		return false;
	l1_floor_rechecks++;
	int64_t f = l1_floor_measure(env, ctr, k, &why);
	if (f <= 0 || f >= l1_floor_milli)
		return false;
	l1_floor_milli = f;
	return true;
}

void harness_calibrate(const struct bm_env *env, const struct bm_counters *ctr, struct harness_calibration *cal)
{
	*cal = (struct harness_calibration){0};
	events_k = NULL; /* this core's counters */
	l1_floor_milli = 0;
	l1_floor_rechecks = 0;
	if (!l1_floor_wanted(env->opt))
		return;
	cal->l1_floor_ran = true;
	uint64_t t0 = arch_time();
	const struct bm_kernel *k = l1_floor_kernel();
	if (!ctr->slot[BM_SLOT_CYCLES].avail)
		cal->l1_floor_why = "no cycle counter";
	else if (!k)
		cal->l1_floor_why = "pipeline.load.lat is not in this image";
	else
		l1_floor_milli = l1_floor_measure(env, ctr, k, &cal->l1_floor_why);
	cal->l1_floor_milli = l1_floor_milli;
	cal->l1_floor_ticks = arch_time() - t0;
}

static void param_field(struct rec *r, const struct job *j)
{
	if (j->k->form && j->k->form->grid && j->has_param) {
		rec_str(r, "cell", insn_cell_name((unsigned)j->param)); /* a vector form's cell (records.md#insn) */
		return;
	}
	if (j->k->param_name && j->has_param) {
		rec_obj(r, "param");
		rec_str(r, "name", j->k->param_name);
		rec_u64(r, "value", j->param);
		rec_close(r);
	}
}

static void report_error_trap(const struct job *j, const struct bm_trap *t)
{
	struct rec r;
	rec_begin(&r, "error");
	rec_core(&r);
	rec_str(&r, "kernel", j->k->name);
	param_field(&r, j);
	rec_str(&r, "what", "trap");
	arch_trap_fields(&r, t);
	bm_emit(&r);
	bm_printf("%-28s  TRAP cause 0x%llx at pc 0x%llx (address 0x%llx); next kernel\n", j->k->name,
		  (unsigned long long)t->cause, (unsigned long long)t->pc, (unsigned long long)t->addr);
}

static void report_skip(const struct job *j)
{
	struct rec r;
	rec_begin(&r, "skip");
	rec_core(&r);
	rec_str(&r, "kernel", j->k->name);
	param_field(&r, j);
	rec_str(&r, "reason", j->skip_why);
	bm_emit(&r);
	bm_printf("%-28s  skipped: %s\n", j->k->name, j->skip_why);
}

static void report_skip_named(const char *name, const char *why)
{
	struct rec r;
	rec_begin(&r, "skip");
	rec_core(&r);
	rec_str(&r, "kernel", name);
	rec_str(&r, "reason", why);
	bm_emit(&r);
	bm_printf("%-28s  skipped: %s\n", name, why);
}

static void report_check_failure(const struct job *j)
{
	struct rec r;
	rec_begin(&r, "error");
	rec_core(&r);
	rec_str(&r, "kernel", j->k->name);
	param_field(&r, j);
	rec_str(&r, "what", "self-check failed");
	rec_u64(&r, "variant", j->failed_variant);
	rec_u64(&r, "iters", j->iters);
	bm_emit(&r);
	bm_printf("%-28s  SELF-CHECK FAILED (body %u): no timing reported\n", j->k->name, j->failed_variant);
}

/* A point whose retired-instruction count did not grow from the N body
 * to the 2N body, where the core counts them: the counter did not count
 * this code (an arm64 image left at EL3 read "in":0, IPC 0, issue 44),
 * so its cycles are no measurement of it either. An error, never ok. */
static void job_counts(const struct job *cj);

BM_POINT_PATH static bool counted_nothing(const struct job *j)
{
	if (!j->ctr->slot[BM_SLOT_INSTRET].avail)
		return false;
	job_counts(j);
	return j->ins_est <= 0;
}

static void report_uncounted(const struct job *j)
{
	struct rec r;
	rec_begin(&r, "error");
	rec_core(&r);
	rec_str(&r, "kernel", j->k->name);
	param_field(&r, j);
	rec_str(&r, "what", "no instructions counted");
	rec_str(&r, "detail", "the retired-instruction counter did not grow from the N body to the 2N body: it does "
			      "not count this code, so no figure of it is reported");
	bm_emit(&r);
	bm_printf("%-28s  NO INSTRUCTIONS COUNTED: no timing reported\n", j->k->name);
}

static void report_verify_failure(const struct job *j, const char *why)
{
	struct rec r;
	rec_begin(&r, "error");
	rec_core(&r);
	rec_str(&r, "kernel", j->k->name);
	rec_str(&r, "what", "verification failed");
	rec_str(&r, "detail", why);
	bm_emit(&r);
	bm_printf("%-28s  VERIFICATION FAILED: %s; no timing reported\n", j->k->name, why);
}

/* A result's table line, built only where the console shows the table:
 * under baremark.console=records nobody reads it, and formatting it cost
 * a simulated core some 3,000 instructions a result. */
struct table_line {
	bool on;
	int n;
	char buf[240];
};

static void table_add(struct table_line *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void table_add(struct table_line *t, const char *fmt, ...)
{
	if (!t->on || t->n >= (int)sizeof(t->buf) - 1)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(t->buf + t->n, sizeof(t->buf) - (size_t)t->n, fmt, ap);
	va_end(ap);
	if (k > 0) /* a cut line stays whole to its end, never past the buffer */
		t->n = t->n + k < (int)sizeof(t->buf) ? t->n + k : (int)sizeof(t->buf) - 1;
}

/* A milli figure for the table, formatted only when the table is shown. */
static void table_milli(struct table_line *t, const char *fmt, int64_t milli)
{
	if (!t->on)
		return;
	char a[24];
	fmt_milli(a, sizeof(a), milli);
	table_add(t, fmt, a);
}

/* For kernels whose operation is a message of `param` bytes, or moves
 * op_bytes(): cycles per byte and MB/s per GHz (= bytes per cycle x 1000)
 * from the cycle counter, MB/s (10^6 bytes per second) from the timer. */
static void bytes_fields(struct rec *r, struct table_line *t, const struct job *j, int64_t ops, int64_t cyc, int64_t dt)
{
	int64_t bytes = ops * (int64_t)j->bytes_per_op;
	rec_u64(r, "b", j->bytes_per_op); /* short keys: see report_result */
	if (!j->ctr->slot[BM_SLOT_CYCLES].avail) {
		rec_str(r, "cycles_per_byte_unavailable", j->ctr->slot[BM_SLOT_CYCLES].why);
	} else if (cyc > 0) {
		rec_milli(r, "cpb", ratio_milli(cyc, bytes));
		rec_milli(r, "mbg", ratio_milli(bytes * 1000, cyc));
		table_milli(t, "  %s c/B", ratio_milli(cyc, bytes));
	}
	/* MB/s from counted cycles and the measured clock where the core has
	 * both: a slow timer (10 MHz on QEMU, 24 MHz on the D1) ticks only a
	 * few times in one 16 KiB message, the cycle counter thousands of
	 * times. Else from the timer (estimated cycles are the timer anyway). */
	int64_t mb_milli = 0;
	const char *from = NULL;
	if (cyc > 0 && j->ctr->khz && !j->ctr->cycles_estimated) {
		/* MB/s x 1000 = bytes / cycles x kHz */
		mb_milli = (int64_t)((__int128)bytes * (__int128)j->ctr->khz / cyc);
		from = "c"; /* cycles x measured clock */
	} else if (dt > 0) {
		/* MB/s x 1000 = bytes x timebase / (ticks x 1000) */
		mb_milli = (int64_t)((__int128)bytes * (__int128)j->env->board->timebase_hz / ((__int128)dt * 1000));
		from = "t"; /* timer */
	}
	if (from) {
		rec_milli(r, "mbs", mb_milli);
		rec_str(r, "mbf", from);
		table_milli(t, "  %s MB/s", mb_milli);
	}
}

/* For whole programs: runs per second (timer), runs per second per MHz
 * (10^6 / cycles per run: what a core does per clock, whatever its
 * clock) and each counted event per thousand instructions (branch
 * mispredicts per kilo-instruction, MPKI, and the like). */
/* Does this kernel's result carry the event counted in slot `s`? */
static bool slot_reported(const struct bm_slot *s, const struct bm_kernel *k)
{
	return s->avail && (!s->kernels || strncmp(k->name, s->kernels, strlen(s->kernels)) == 0);
}

static void program_fields(struct rec *r, const struct job *j, int64_t ops, int64_t cyc, int64_t ins, int64_t dt)
{
	const struct bm_counters *c = j->ctr;
	rec_str(r, "program_class", j->k->program == BM_PROGRAM_FP ? "fp" : "integer");
	if (j->has_digest)
		rec_hex(r, "program_digest", j->program_digest);
	if (dt > 0)
		rec_milli(r, "ops_per_s",
			  (int64_t)((__int128)ops * (__int128)j->env->board->timebase_hz * 1000 / dt));
	if (c->slot[BM_SLOT_CYCLES].avail && cyc > 0)
		rec_milli(r, "ops_per_s_per_mhz", (int64_t)((__int128)ops * 1000000 * 1000 / cyc));
	if (!c->slot[BM_SLOT_INSTRET].avail || ins <= 0)
		return;
	bool any = false;
	for (int s = 2; s < c->nslots; s++) {
		if (!slot_reported(&c->slot[s], j->k))
			continue;
		if (!any)
			rec_obj(r, "events_per_kilo_instruction");
		any = true;
		rec_milli(r, c->slot[s].name, ratio_milli(estimate(j, s, false).est * 1000, ins));
	}
	if (any)
		rec_close(r);
}

/* Is the figure one that can be right? "ok", or why not: below_floor
 * (not positive, or under what a dependent operation or an L1 load must
 * take) or unstable (the spread reaches zero, or the estimate did not
 * settle). The first that applies is said. */
struct verdict {
	const char *word;
	char why[320];
};
/* The verdict word below_floor, one string: judge sets it, and a point's
 * look for a retry compares the pointer (no strcmp a point). */
static const char BELOW_FLOOR[] = "below_floor";

/* Does the job's kernel name end in `kind` (".lat" or ".thr", four
 * characters)? The name's length is found once a job (run_job): a point
 * asked this some five times, each two strlen of a name. */
static inline __attribute__((always_inline)) bool kind_is(const struct job *j, const char kind[4])
{
	if (j->name_len < 4)
		return false;
	const char *e = j->k->name + j->name_len - 4;
	return e[0] == kind[0] && e[1] == kind[1] && e[2] == kind[2] && e[3] == kind[3];
}

/* Latencies this run has measured (*.lat results judged ok of kernels
 * that declare chains, by kernel and parameter): the floors of their
 * *.thr twins. Only those are kept, so the many cache.*.lat points that
 * sort before them cannot fill the table. Cleared for each core's suite. */
#define MAX_LATS 1024
static struct lat_seen {
	const struct bm_kernel *k;
	size_t len; /* of its name */
	uint64_t param;
	int64_t milli;
} lats[MAX_LATS];
static int nlats;

/* Is the *.lat kernel of l the twin of the job's *.thr? */
static bool twin(const struct lat_seen *l, const struct job *thr)
{
	/* a form's two kernels, "insn.<id>.lat" and ".thr", share its
	 * descriptor, and ids are unique: no name to compare */
	if (l->k->form && thr->k->form)
		return l->k->form == thr->k->form && l->len == thr->name_len;
	return l->len > 4 && thr->name_len == l->len && strncmp(l->k->name, thr->k->name, l->len - 4) == 0;
}

BM_POINT_PATH static void remember_latency(const struct job *j, int64_t milli)
{
	if (nlats < MAX_LATS && j->k->chains && kind_is(j, ".lat"))
		lats[nlats++] = (struct lat_seen){j->k, j->name_len, j->param, milli};
}

/* The most instructions a cycle a result may retire: the widest IPC a
 * width mix (uarch.width.*, which run first: kernel.h, runs_as) read
 * this run, ok or unstable (its estimate a median of three: a spread
 * that did not settle leaves it standing, and a wider mix only raises
 * the ceiling; on the C906's RTL one disturbed run of three left
 * alu_load unstable at 1.003, and the ceiling from alu_branch's 0.884
 * alone flagged every point at IPC 1), never more than 8 (lib/summary.h:
 * sm_retire_ceiling). A figure above it is too fast to be right: the
 * C906's RTL, with its timed path cold, read pipeline.add.thr at IPC
 * 1.33 and branch.ret.fixed at 7.5 on a single-issue core (issue 45).
 * Cleared for each core's suite. */
static int64_t retire_ipc_milli;
static const char *retire_from;

/* a width mix (uarch.width.*) */
static bool is_width_mix(const struct bm_kernel *k)
{
	return strncmp(k->name, "uarch.width.", 12) == 0;
}

static void remember_width(const struct job *j, int64_t ipc_milli)
{
	if (is_width_mix(j->k) && ipc_milli > retire_ipc_milli) {
		retire_ipc_milli = ipc_milli;
		retire_from = j->k->name;
	}
}

/* The job's cycle and instruction estimates (0 where not counted). */
BM_POINT_PATH static void job_counts(const struct job *cj)
{
	struct job *j = (struct job *)cj; /* a cache of what the raw counts give */
	if (j->counted)
		return;
	j->counted = true;
	const struct bm_counters *c = j->ctr;
	j->cyc_est = c->slot[BM_SLOT_CYCLES].avail ? estimate(j, BM_SLOT_CYCLES, false).est : 0;
	j->ins_est = c->slot[BM_SLOT_INSTRET].avail ? estimate(j, BM_SLOT_INSTRET, false).est : 0;
}

/* Instructions a cycle of the job's estimate, thousandths; 0 when not
 * counted or not positive. */
BM_POINT_PATH static int64_t ipc_of(const struct job *j)
{
	if (!j->ctr->slot[BM_SLOT_INSTRET].avail || j->ctr->cycles_estimated)
		return 0;
	job_counts(j);
	return j->cyc_est > 0 && j->ins_est > 0 ? ratio_milli(j->ins_est, j->cyc_est) : 0;
}

/* Why a job's IPC is above the retire ceiling (above_ceiling): apart,
 * so that the check's common answer pays for no formatter's frame. */
static __attribute__((noinline, cold)) void above_ceiling_why(int64_t ipc, int64_t ceiling, char *why, size_t cap)
{
	char a[24], b[24];
	fmt_milli(a, sizeof(a), ipc);
	fmt_milli(b, sizeof(b), ceiling);
	if (ceiling < SM_RETIRE_MAX) {
		char c[24];
		fmt_milli(c, sizeof(c), retire_ipc_milli);
		snprintf(why, cap,
			 "IPC %s is above the %s instructions a cycle this core retires at most (%s read %s this run, "
			 "+%d%%): a cold or disturbed N body",
			 a, b, retire_from, c, SM_RETIRE_SLACK_PCT);
	} else {
		snprintf(why, cap, "IPC %s is above %s instructions a cycle (no core retires more): a cold or disturbed N body",
			 a, b);
	}
}

/* The retire ceiling a job's IPC passes, with what it is (why), or 0. */
BM_POINT_PATH static int64_t above_ceiling(const struct job *j, char *why, size_t cap)
{
	/* a width mix is held to 8 alone: the widest of them sets the
	 * ceiling (the C906's alu_branch read 0.895, its alu_load 1.000) */
	bool mix = !j->k->form && is_width_mix(j->k); /* a form is "insn.*" */
	if (j->k->overlaps_empty)
		return 0;
	int64_t ceiling = sm_retire_ceiling(mix ? 0 : retire_ipc_milli);
	/* instructions x 1000 within ceiling x cycles: ipc_of's rounded
	 * figure is within it too, known without its division (a point's
	 * cost under sim) */
	job_counts(j);
	if (j->ins_est >= 0 && j->ins_est < INT64_MAX / 1000 && j->cyc_est > 0 && j->cyc_est < INT64_MAX / SM_RETIRE_MAX &&
	    j->ins_est * 1000 <= ceiling * j->cyc_est)
		return 0;
	int64_t ipc = ipc_of(j);
	if (ipc <= ceiling)
		return 0;
	above_ceiling_why(ipc, ceiling, why, cap);
	return ceiling;
}

/* The chains floor of a *.thr job, thousandths of a cycle; 0 if none.
 * *lat: the latency it comes from (chains_what says it, where needed). */
BM_POINT_PATH static int64_t chains_floor(const struct job *j, const struct lat_seen **lat)
{
	if (!j->k->chains || !kind_is(j, ".thr"))
		return 0;
	for (int i = nlats - 1; i >= 0; i--)
		if (lats[i].param == j->param && twin(&lats[i], j)) {
			*lat = &lats[i];
			return lats[i].milli / j->k->chains;
		}
	return 0;
}

/* What a chains floor is, for a verdict's reason: formatted only for a
 * figure under it (every *.thr point with chains has one, and under sim
 * the formatter cost each such form some 800 instructions). */
static const char *chains_what(const struct job *j, const struct lat_seen *lat)
{
	static char what[160];
	char a[24];
	fmt_milli(a, sizeof(a), lat->milli);
	snprintf(what, sizeof(what), "%s's %s cycles (this run) over its %u chains: no more can be in flight",
		 lat->k->name, a, j->k->chains);
	return what;
}

/* The reasons of the verdicts that are not "ok", each apart from
 * judge: formatted only for such a figure, so that judging an ok one
 * (every point, paid under sim) carries no formatter's frame. */
static __attribute__((noinline, cold)) void below_floor_why(const struct job *j, struct bm_estimate per_op, int64_t floor,
							     const char *floor_what, const struct lat_seen *lat, char *why,
							     size_t cap)
{
	char a[24], b[24], c[24];
	fmt_milli(a, sizeof(a), per_op.est);
	fmt_milli(b, sizeof(b), floor);
	fmt_milli(c, sizeof(c), per_op.q3);
	if (lat)
		floor_what = chains_what(j, lat);
	snprintf(why, cap, "%s cycles per op (q3 %s) is below %s cycles, %s", a, c, b, floor_what);
}

static __attribute__((noinline, cold)) void unsettled_why(const struct job *j, struct bm_estimate per_op, char *why,
							   size_t cap)
{
	char a[24];
	fmt_milli(a, sizeof(a), ratio_milli((per_op.q3 - per_op.q1) * 100, per_op.est));
	snprintf(why, cap, "did not settle in %u repeats: interquartile range %s%% of the estimate", j->repeats, a);
}

/* A job's floor in thousandths of a cycle per op, 0 for none: its
 * chains floor (*lat: the latency it comes from, else NULL), one cycle
 * for a latency, or the L1's load-to-use latency; *what says which
 * (for a chains floor: chains_what). */
BM_POINT_PATH static int64_t point_floor(const struct job *j, const char **what, const struct lat_seen **lat)
{
	*what = "";
	*lat = NULL;
	const struct lat_seen *from = NULL;
	int64_t cf = chains_floor(j, &from);
	if (cf > 0) {
		*lat = from;
		return cf;
	}
	if (j->k->floor == BM_FLOOR_AUTO && kind_is(j, ".lat")) {
		*what = "one cycle, the least a dependent operation takes";
		return 1000;
	}
	if (j->k->floor == BM_FLOOR_L1_LOAD && l1_floor_milli > 0) {
		*what = "this core's L1 load-to-use latency (pipeline.load.lat, measured before the suite)";
		return l1_floor_milli;
	}
	return 0;
}

/* Into *vp, not returned: a verdict is 330 bytes, and its copy back was
 * a fifth of a point's judging under sim. */
BM_POINT_PATH static void judge(const struct job *j, struct bm_estimate per_op, bool cycles, struct verdict *vp)
{
	struct verdict *v = vp; /* not an initialiser: it would clear all of why, per point */
	v->word = "ok";
	v->why[0] = '\0';
	const char *floor_what;
	const struct lat_seen *lat;
	int64_t floor = point_floor(j, &floor_what, &lat);
	int tol = j->ctr->cycles_estimated ? 5 : 1; /* the floor's precision, in percent (lib/stats.h) */
	/* under the L1's floor: the floor is measured again first (it may be
	 * the one that is wrong), and lowered if it reads lower */
	if (!lat && j->k->floor == BM_FLOOR_L1_LOAD && floor > 0 && cycles && stats_below_floor(per_op, floor, tol) &&
	    l1_floor_lowered(j->env, j->ctr)) {
		floor_what = "this core's L1 load-to-use latency (pipeline.load.lat, measured again: it had read high)";
		floor = l1_floor_milli;
	}
	if (per_op.est <= 0) {
		v->word = BELOW_FLOOR;
		snprintf(v->why, sizeof(v->why), "not positive: the 2N body took no more %s than the N body",
			 cycles ? "cycles" : "timer ticks");
	} else if (cycles && stats_below_floor(per_op, floor, tol)) {
		/* within the floor's precision a figure may sit a little
		 * under it; a whole spread under it is never a measurement */
		v->word = BELOW_FLOOR;
		below_floor_why(j, per_op, floor, floor_what, lat, v->why, sizeof(v->why));
	} else if (cycles && above_ceiling(j, v->why, sizeof(v->why))) {
		/* too many instructions a cycle: cycles per op under what
		 * the core's width allows, a floor of its own */
		v->word = BELOW_FLOOR;
	} else if (per_op.q1 <= 0) {
		v->word = "unstable";
		snprintf(v->why, sizeof(v->why), "the spread reaches zero: noise as large as the work");
	} else if (!j->settled) {
		v->word = "unstable";
		unsettled_why(j, per_op, v->why, sizeof(v->why));
	}
}

/* A point's verdict on its cycles, judged once a measurement: the look
 * for a retry (below_floor_now) and the report both want it, and under
 * sim each judging is paid at every point. */
BM_POINT_PATH static const struct verdict *cycles_verdict(const struct job *j, struct bm_estimate cyc_op)
{
	static struct verdict v; /* off the stack: its why is 320 bytes */
	if (verdict_of != j) {
		judge(j, cyc_op, true, &v);
		verdict_of = j;
	}
	return &v;
}

/* The result as the summary reads it: cycles per op and, where counted,
 * branch mispredicts per op. A figure below its floor is left out. */
static void summary_point(const struct job *j, int64_t cyc, const struct verdict *v, int64_t ops)
{
	const struct bm_counters *c = j->ctr;
	if (!c->slot[BM_SLOT_CYCLES].avail)
		return;
	if (v->word == BELOW_FLOOR) {
		summary_refuse(j->k->name, v->word, v->why);
		return;
	}
	int bs = br_miss_slot(c);
	bool has_br = bs >= 0;
	int64_t br = has_br ? ratio_milli(estimate(j, bs, false).est, ops) : 0;
	summary_add(j->k->name, j->k->param_name ? (int64_t)j->param : -1, cyc, has_br, br, j->bytes_per_op,
		    (uint64_t)ops, j->repeats);
	/* every cycle a retired instruction, in every result: an emulator's
	 * count (QEMU -icount), which the summary may then name as the cause */
	job_counts(j);
	summary_note_counts(c->slot[BM_SLOT_INSTRET].avail && j->cyc_est == j->ins_est);
}

BM_POINT_PATH static struct bm_estimate per_op_of(struct bm_estimate e, int64_t ops)
{
	if (e.q1 == e.est && e.q3 == e.est) { /* one repeat (sim): one division */
		int64_t v = ratio_milli(e.est, ops);
		return (struct bm_estimate){v, v, v};
	}
	return (struct bm_estimate){ratio_milli(e.est, ops), ratio_milli(e.q1, ops), ratio_milli(e.q3, ops)};
}

/* The job's cycles per op with their spread, worked out once (the job's
 * counts do not change after its measurement). */
BM_POINT_PATH static struct bm_estimate cycles_per_op(const struct job *cj)
{
	struct job *j = (struct job *)cj; /* a cache of what the raw counts give */
	if (!j->has_cyc_op) {
		int64_t ops = (int64_t)(j->iters * j->ops_per_iter);
		if (j->repeats == 1) { /* one repeat (sim): one figure, its own quartiles */
			int64_t v = ratio_milli(estimate(j, BM_SLOT_CYCLES, false).est, ops);
			j->cyc_op = (struct bm_estimate){v, v, v};
		} else {
			j->cyc_op = per_op_of(estimate(j, BM_SLOT_CYCLES, true), ops);
		}
		j->has_cyc_op = true;
	}
	return j->cyc_op;
}

/* The timer when the run's first result record was out (0: none yet). */
static uint64_t first_result_time;

/* The `kernel` record: what never changes between a kernel's results
 * (its op, its parameter's name, whether empty passes are subtracted),
 * once in a log, before its first result (skip and error records keep
 * their long form and need none); the results then carry numbers
 * (issue 29: the console at 115200 baud was slower than the kernels). */
static void catalogue(const struct bm_kernel *k)
{
	static bool said[MAX_KERNELS];
	size_t i = (size_t)(k - __start_bm_kernels);
	if (i < MAX_KERNELS && said[i])
		return;
	if (i < MAX_KERNELS)
		said[i] = true;
	struct rec r;
	rec_begin(&r, "kernel");
	rec_str(&r, "k", k->name);
	rec_str(&r, "op", k->op);
	if (k->param_name)
		rec_str(&r, "p", k->param_name);
	if (nbodies(k) > 2)
		rec_bool(&r, "e", true); /* empty passes subtracted */
	bm_emit(&r);
}

/* A result in its short form (docs/records.md; the host tool reads it
 * back into the long one): c core (none: the boot core), k kernel, p the
 * parameter's value, n ops, r repeats (none: the run record's
 * options.repeat), cy cycles per op [estimate, q1, q3] (one number where
 * the three are equal), in instructions per op, ns per op; b bytes per
 * op, cpb cycles per byte, mbg MB/s per GHz, mbs MB/s and mbf what MB/s
 * came from (c: cycles and the measured clock, t: the timer); vd and vw
 * the verdict and why, when it is not ok.
 * The core type, the op and the parameter's name are in the run and
 * kernel records; a result record's check is always ok (a failed one is
 * an error record). Rarer fields keep their long names. */

/* Writes a point's result (a form's: report_form). */
static bool report_result(const struct job *j)
{
	const struct bm_counters *c = j->ctr;
	int64_t ops = (int64_t)(j->iters * j->ops_per_iter);
	catalogue(j->k);
	struct rec r;
	rec_begin(&r, "result");
	if (arch_core_id() != cores.slot[cores.primary].hwid)
		rec_u64(&r, "c", arch_core_id()); /* none: the boot core */
	rec_str(&r, "k", j->k->name);
	if (j->k->param_name && j->has_param)
		rec_u64(&r, "p", j->param);
	rec_u64(&r, "n", (uint64_t)ops);
	if (j->repeats != harness_repeats(j->env->opt))
		rec_u64(&r, "r", j->repeats); /* none: the run record's options.repeat */
	if (j->tries > 1)
		rec_u64(&r, "tries", j->tries); /* none: measured once (measured_point) */
	struct table_line tl = {.on = log_table_shown()};
	table_add(&tl, "%-28s", j->k->name);
	if (tl.on) {
		char pbuf[40] = "";
		if (j->k->param_name)
			snprintf(pbuf, sizeof(pbuf), "%s=%llu", j->k->param_name, (unsigned long long)j->param);
		table_add(&tl, " %-19s", pbuf);
	}

	bool has_cyc = c->slot[BM_SLOT_CYCLES].avail;
	struct bm_estimate tim = estimate(j, T_SLOT, !has_cyc);
	struct bm_estimate cyc = has_cyc ? estimate(j, BM_SLOT_CYCLES, true) : tim;
	struct bm_estimate cyc_op = per_op_of(cyc, ops);
	struct verdict timer_v; /* no cycles: judged on the timer's ticks */
	const struct verdict *v = has_cyc ? cycles_verdict(j, cyc_op) : &timer_v;
	if (!has_cyc)
		judge(j, per_op_of(tim, ops), false, &timer_v);
	if (has_cyc) {
		if (c->cycles_estimated)
			rec_bool(&r, "cycles_estimated", true);
		if (cyc.est <= 0) {
			/* a cost of zero or less per op is not a measurement */
			rec_str(&r, "cycles_per_op_unavailable", v->why);
			table_add(&tl, " %29s", "(cycles: noise > work)");
		} else {
			/* one number where the quartiles are the estimate itself */
			if (cyc_op.q1 == cyc_op.est && cyc_op.q3 == cyc_op.est) {
				rec_milli(&r, "cy", cyc_op.est);
			} else {
				rec_arr(&r, "cy");
				rec_milli(&r, NULL, cyc_op.est);
				rec_milli(&r, NULL, cyc_op.q1);
				rec_milli(&r, NULL, cyc_op.q3);
				rec_close(&r);
			}
			table_milli(&tl, " %9s", cyc_op.est);
			table_milli(&tl, " %9s", cyc_op.q1);
			table_milli(&tl, " %9s", cyc_op.q3);
		}
	} else {
		/* the columns stay where the header says; the core record and
		 * the console's core line say why */
		table_add(&tl, " %29s", "(no cycle counter)");
	}
	int64_t ins = 0;
	if (c->slot[BM_SLOT_INSTRET].avail) {
		job_counts(j);
		ins = j->ins_est;
		rec_milli(&r, "in", ratio_milli(ins, ops));
		table_milli(&tl, " %8s", ratio_milli(ins, ops));
	}
	if (has_cyc && c->slot[BM_SLOT_INSTRET].avail) {
		if (cyc.est > 0) {
			/* no ipc in the record: in / cy (the host tool works it out) */
			table_milli(&tl, " %6s", ratio_milli(ins, cyc.est));
		} else {
			rec_str(&r, "ipc_unavailable", "cycle difference not positive (noise larger than the work)");
		}
	}
	bool timed = c->time_avail && j->env->board->timebase_hz && tim.est > 0;
	if (timed) {
		/* ns per op, thousandths: ticks * 1e9 / timebase / ops. */
		__int128 ns_milli = (__int128)tim.est * 1000000000 * 1000 / (__int128)j->env->board->timebase_hz;
		rec_milli(&r, "ns", (int64_t)(ns_milli / ops));
	} else if (c->time_avail && j->env->board->timebase_hz) {
		/* the timer is there, but the two bodies' difference in ticks was
		 * not positive: said, not left out silently */
		rec_str(&r, "ns_per_op_unavailable", "timer difference not positive (the extra work is below the timer's "
						     "resolution or within its noise)");
	}
	if (j->bytes_per_op) /* without a cycle counter `cyc` holds timer ticks: none pass */
		bytes_fields(&r, &tl, j, ops, has_cyc ? cyc.est : 0, timed ? tim.est : 0);
	bool any_event = false;
	for (int s = 2; s < c->nslots; s++) {
		if (!slot_reported(&c->slot[s], j->k))
			continue;
		if (!any_event)
			rec_obj(&r, "events_per_op");
		any_event = true;
		rec_milli(&r, c->slot[s].name, ratio_milli(estimate(j, s, false).est, ops));
	}
	if (any_event)
		rec_close(&r);
	if (j->k->program != BM_NOT_PROGRAM)
		program_fields(&r, j, ops, cyc.est, ins, timed ? tim.est : 0);
	summary_point(j, cyc_op.est, v, ops);
	bool ok = strcmp(v->word, "ok") == 0;
	if (has_cyc && cyc.est > 0 && ok)
		remember_latency(j, cyc_op.est);
	if (has_cyc && cyc.est > 0 && (ok || strcmp(v->word, "unstable") == 0))
		remember_width(j, ipc_of(j));
	/* counts read through a firmware trap (the core record says what a
	 * read costs and what it disturbs) */
	if (has_cyc && c->slot[BM_SLOT_CYCLES].emulated)
		rec_bool(&r, "cycles_emulated", true);
	if (strcmp(v->word, "ok") != 0)
		rec_str(&r, "vd", v->word);
	if (v->why[0])
		rec_str(&r, "vw", v->why);
	bm_emit(&r);
	if (!first_result_time)
		first_result_time = arch_time();
	if (j->tries > 1)
		bm_printf("%s  %s (try %u: the tries before read below a floor or measured nothing)\n", tl.buf, v->word, j->tries);
	else
		bm_printf("%s  %s\n", tl.buf, v->word);
	return true;
}

/* A form's 2N body retired other than its claim in repeat r: an error
 * record (apart from report_form, whose every call would otherwise carry
 * this record's frame). */
static __attribute__((noinline, cold)) void report_claim_failure(const struct job *j, int64_t want, int64_t got,
								  unsigned r)
{
	insn_record_flush();
	struct rec e;
	rec_begin(&e, "error");
	rec_core(&e);
	rec_str(&e, "kernel", j->k->name);
	if (j->k->form->grid)
		rec_str(&e, "cell", insn_cell_name((unsigned)j->param));
	rec_str(&e, "what", "retired instructions differ from the body's claim");
	rec_i64(&e, "claimed", want);
	rec_i64(&e, "retired", got);
	rec_u64(&e, "repeat", r);
	bm_emit(&e);
	bm_printf("%-28s  SELF-CHECK FAILED: the 2N body retired %lld more instructions, not %lld\n", j->k->name,
		  (long long)got, (long long)want);
}

/* A form of the instruction table: the body's claim checked against
 * what the core retired (the 2N body retires exactly the N body's count
 * plus the form's instructions, in every repeat, or the point is an
 * error: a wrong body, or a form the core runs as something else), then
 * its point handed to the compact record (insn_record.c). */
BM_POINT_PATH static bool report_form(const struct job *j)
{
	const struct bm_counters *c = j->ctr;
	const struct insn_form *f = j->k->form;
	bool thr = kind_is(j, ".thr");
	if (j->plain) { /* its count checked and its figure found ok (plain_form_point) */
		struct insn_point p = {.measured = true, .cyc = j->cyc_op, .vd = "ok", .why = "", .cell = (unsigned)j->param};
		remember_latency(j, j->cyc_op.est);
		insn_record_point(j->k, thr, &p);
		if (!first_result_time)
			first_result_time = arch_time();
		return true;
	}
	if (c->slot[BM_SLOT_INSTRET].avail && !c->slot[BM_SLOT_INSTRET].emulated) {
		int64_t want = (int64_t)(j->iters * j->ops_per_iter) * (thr ? f->thr_insns_per_op : f->insns_per_op);
		for (unsigned r = 0; r < j->repeats; r++) {
			int64_t got = j->raw[B_X2][BM_SLOT_INSTRET][r] - j->raw[B_X1][BM_SLOT_INSTRET][r];
			if (got != want) {
				report_claim_failure(j, want, got, r);
				return false;
			}
		}
	}
	struct insn_point p = {.cycles_estimated = c->cycles_estimated, .cell = (unsigned)j->param};
	if (j->repeats != harness_repeats(j->env->opt))
		p.repeats = j->repeats;
	if (!c->slot[BM_SLOT_CYCLES].avail) {
		p.why = c->slot[BM_SLOT_CYCLES].why[0] ? c->slot[BM_SLOT_CYCLES].why : "no cycle counter";
		insn_record_point(j->k, thr, &p);
		return true;
	}
	struct bm_estimate cyc_op = cycles_per_op(j);
	const struct verdict *v = cycles_verdict(j, cyc_op);
	/* the reason outlives this call (the latency's waits for its
	 * throughput); copied without the formatter, which a simulated core
	 * pays for at every form, and only where there is one (mostly not) */
	static char why[sizeof(v->why)];
	why[0] = 0;
	if (v->why[0]) {
		size_t wn = strlen(v->why); /* v->why is a string of at most sizeof(why) - 1 */
		memcpy(why, v->why, wn);
		why[wn] = 0;
	}
	p.measured = true;
	p.cyc = cyc_op;
	p.vd = v->word;
	p.why = why;
	if (cyc_op.est > 0 && insn_vd_ok(v->word))
		remember_latency(j, cyc_op.est);
	insn_record_point(j->k, thr, &p);
	if (!first_result_time)
		first_result_time = arch_time();
	return true;
}

uint64_t harness_first_result_time(void)
{
	return first_result_time;
}

/* Self-tests first (a broken trap path should be known before anything
 * is measured), then kernels in name order (the name a kernel runs as,
 * where it says one: kernel.h, runs_as), whatever order the linker
 * placed them in, so every log lists them the same way. */
static bool runs_before(const struct bm_kernel *a, const struct bm_kernel *b)
{
	if (a->selftest != b->selftest)
		return a->selftest;
	if (a->form && b->form)
		return insn_runs_before(a, b);
	return strcmp(a->runs_as ? a->runs_as : a->name, b->runs_as ? b->runs_as : b->name) < 0;
}

#define SORT_BY_INSERTION 32
/* qsort's order: runs_before, a strict order (kernel names are unique);
 * two forms compared once (insn_order), not both ways round: the sort
 * of the scalar table's kernels before its first form was 0.7 M
 * instructions under sim */
static int kernel_order(const void *a, const void *b)
{
	const struct bm_kernel *x = *(const struct bm_kernel *const *)a, *y = *(const struct bm_kernel *const *)b;
	if (x->form && y->form && x->selftest == y->selftest)
		return insn_order(x, y);
	return runs_before(x, y) ? -1 : runs_before(y, x) ? 1 : 0;
}

/* Adds the wanted kernels of [from, to) to out[0..n), in order while
 * there are few (SORT_BY_INSERTION) where in_order asks; returns the
 * new count. */
static size_t add_wanted(const struct bm_kernel *from, const struct bm_kernel *to, const struct bm_kernel **out,
			 size_t n, size_t cap, const struct bm_options *o, bool in_order, bool *dropped)
{
	for (const struct bm_kernel *k = from; k < to; k++) {
		/* only the selected ones: sorting all ~200 by name costs a
		 * one-kernel run on a simulated core more than its kernel */
		if (!wanted(k, o))
			continue;
		if (n == cap) {
			*dropped = true;
			break;
		}
		size_t i = n++;
		/* a few kernels: inserted in order as they come */
		for (; in_order && n <= SORT_BY_INSERTION && i > 0 && runs_before(k, out[i - 1]); i--)
			out[i] = out[i - 1];
		out[i] = k;
	}
	return n;
}

static void reverse(const struct bm_kernel **v, size_t a, size_t b)
{
	for (; a + 1 < b; a++, b--) {
		const struct bm_kernel *t = v[a];
		v[a] = v[b - 1];
		v[b - 1] = t;
	}
}

/* out[0..n) in order, and after them the instruction table's m kernels
 * in order (insn_sort): the forms' block moved to where runs_before puts
 * it among the others (every form's name begins "insn.", so they stand
 * together; checked, and where they would not, everything is sorted the
 * general way). */
static void place_forms(const struct bm_kernel **out, size_t n, size_t m)
{
	const struct bm_kernel *first = out[n], *last = out[n + m - 1];
	size_t p = 0;
	while (p < n && runs_before(out[p], first))
		p++;
	bool together = true;
	for (size_t i = 0; i < n && together; i++)
		together = i < p ? runs_before(out[i], last) : runs_before(last, out[i]);
	if (!together) {
		qsort(out, n + m, sizeof(out[0]), kernel_order);
		return;
	}
	/* out[p..n) and the block swap places */
	reverse(out, p, n);
	reverse(out, n, n + m);
	reverse(out, p, n + m);
}

/* The width mixes put first in out[0..n) where none is there: a run of
 * the instruction table, whose figures are held to the widest IPC a mix
 * reads this run (above_ceiling), runs them as the suite does, first of
 * all. Without them a form's throughput had no ceiling below 8: on the
 * C906's RTL a run of the table alone read throughputs of 0.938 cycles
 * (IPC 1.07) on a single-issue core, `ok`. */
static size_t add_width_mixes(const struct bm_kernel **out, size_t n, size_t cap, bool *dropped)
{
	for (size_t i = 0; i < n; i++)
		if (is_width_mix(out[i]))
			return n;
	const struct bm_kernel *mix[8];
	size_t nm = 0;
	for (const struct bm_kernel *k = __start_bm_kernels; k < __stop_bm_kernels && nm < 8; k++) {
		if (!is_width_mix(k))
			continue;
		size_t i = nm++;
		for (; i > 0 && runs_before(k, mix[i - 1]); i--)
			mix[i] = mix[i - 1];
		mix[i] = k;
	}
	if (n + nm > cap) {
		*dropped = true;
		return n;
	}
	memmove(out + nm, out, n * sizeof(out[0]));
	memcpy(out, mix, nm * sizeof(out[0]));
	return n + nm;
}

static size_t sorted_kernels(const struct bm_kernel **out, size_t cap, const struct bm_options *o, bool *dropped)
{
	*dropped = false;
	size_t n = add_wanted(__start_bm_kernels, __stop_bm_kernels, out, 0, cap, o, true, dropped);
	/* many: a sort of n log n comparisons (inserting the instruction
	 * table's 340 kernels one by one took 3 M instructions before its
	 * first form ran, every one a cycle on a core's RTL) */
	if (n > SORT_BY_INSERTION)
		qsort(out, n, sizeof(out[0]), kernel_order);
	/* the instruction table's own section only where a pattern asks for
	 * it, sorted apart by its own key (insn_sort) */
	if (insn_asked(o)) {
		insn_select(o, __start_bm_insn_kernels, __stop_bm_insn_kernels);
		size_t m = add_wanted(__start_bm_insn_kernels, __stop_bm_insn_kernels, out, n, cap, o, false, dropped) - n;
		insn_sort(out + n, m);
		if (m)
			place_forms(out, n, m);
		n += m;
		if (m)
			n = add_width_mixes(out, n, cap, dropped);
	}
	return n;
}

struct verify_call {
	const struct bm_kernel *k;
	const struct bm_env *env;
	const char *why;
	bool skip;
};

BM_POINT_PATH static void run_verify(void *p)
{
	struct verify_call *v = p;
	v->why = v->k->verify(v->k, v->env, &v->skip);
}

/* The kernel's own verification (known answers, ISA probe), under the
 * trap guard like a measurement, with any memory it takes from the arena
 * released after (also when it trapped). False: said why, no parameter
 * runs. */
BM_POINT_PATH static bool verified(struct job *j, const struct bm_kernel *k, const struct bm_env *env,
		     const struct bm_counters *ctr, unsigned *errors)
{
	struct verify_call v = {k, env, NULL, false};
	struct bm_trap t;
	int trapped = 0;
	if (k->verify == insn_verify) {
		/* a form's verify is its gate (kernels/insn/insn.c): the ISA's
		 * answers, whose probes run under guards of their own, and
		 * nothing from the arena; under sim the guard around it was
		 * some 60 instructions a point */
		run_verify(&v);
	} else {
		uint64_t mark = arena_mark();
		trapped = bm_guard(run_verify, &v, &t);
		arena_release(mark);
	}
	if (!trapped && !v.why)
		return true;
	job_clear(j, k, env, ctr); /* what the records below read: only then (a form asks at every point) */
	if (trapped) {
		report_error_trap(j, &t);
		++*errors;
		return false;
	}
	if (v.skip) {
		j->skip_why = v.why;
		char ext[INSN_SKIP_NAME];
		if (!k->form)
			report_skip(j);
		else if (insn_record_skip_once(k, ext))
			report_skip_named(ext, v.why); /* one record for all the extension's forms */
	} else {
		report_verify_failure(j, v.why);
		++*errors;
	}
	return false;
}

/* A point whose 2N body took no more cycles (or ticks) than its N body
 * measured nothing: a disturbance (another program on the machine, an
 * interrupt) met the N body in every repeat. It is measured again, up to
 * MAX_TRIES times in all, each try with twice the repeats (measure), before
 * it is judged; the result record says how many tries it took. So is a
 * point below its floor (below_floor_now).
 * selftest=retry throws every point's first try away as if it had. */
#define MAX_TRIES 3

/* Is a form's point, measured once (one repeat: sim), plainly what the
 * general path would report ok, with no retry? The 2N body retired
 * exactly the instructions it claims, took more cycles than the N body,
 * at no less than its floor (judge's, less its tolerance) and within the
 * retire ceiling (above_ceiling's own first test). If so the point's
 * figures are kept (j->plain) and report_form sets them down without a
 * verdict worked out: under sim the general look (measured_nothing,
 * below_floor_now, judge, cycles_per_op and their counts) was some 300
 * instructions of every point. Anything else goes the general way, which
 * says what is wrong. */
BM_POINT_PATH static bool plain_form_point(struct job *j)
{
	const struct bm_counters *c = j->ctr;
	const struct insn_form *f = j->k->form;
	if (!f || j->repeats != 1 || !j->settled || nbodies(j->k) != 2 || j->env->opt->selftest_retry ||
	    j->repeats != harness_repeats(j->env->opt) || c->cycles_estimated || !c->slot[BM_SLOT_CYCLES].avail ||
	    !c->slot[BM_SLOT_INSTRET].avail || c->slot[BM_SLOT_INSTRET].emulated)
		return false;
	int64_t ops = (int64_t)(j->iters * j->ops_per_iter);
	int64_t ins = j->raw[B_X2][BM_SLOT_INSTRET][0] - j->raw[B_X1][BM_SLOT_INSTRET][0];
	int64_t cyc = j->raw[B_X2][BM_SLOT_CYCLES][0] - j->raw[B_X1][BM_SLOT_CYCLES][0];
	if (ins != ops * (kind_is(j, ".thr") ? f->thr_insns_per_op : f->insns_per_op) || cyc <= 0 ||
	    cyc >= INT64_MAX / SM_RETIRE_MAX || ins >= INT64_MAX / 1000)
		return false;
	int64_t per = ratio_milli(cyc, ops);
	const char *what;
	const struct lat_seen *lat;
	if (per <= 0 || per < point_floor(j, &what, &lat))
		return false;
	if (!j->k->overlaps_empty && ins * 1000 > sm_retire_ceiling(retire_ipc_milli) * cyc)
		return false;
	j->counted = true;
	j->cyc_est = cyc;
	j->ins_est = ins;
	j->cyc_op = (struct bm_estimate){per, per, per};
	j->has_cyc_op = true;
	j->plain = true;
	return true;
}

BM_POINT_PATH static bool measured_nothing(const struct job *j)
{
	if (j->env->opt->selftest_retry && j->tries == 1)
		return true;
	return estimate(j, primary_slot(j), false).est <= 0;
}

/* A point that read below its floor (or above the core's retire
 * ceiling) is measured again the same way, with more repeats (twice as
 * many; under sim three, then five, their median): each body's least
 * (median) run of more is one no cold line or passing disturbance met
 * (the C906's RTL, one repeat under sim, read its L1 load at 1.971
 * cycles at 32 KiB, where the cache's last lines are at stake). Not
 * where baremark.repeat fixed the count: that run reports the figure its
 * repeats gave, flagged. */
BM_POINT_PATH static bool below_floor_now(const struct job *j)
{
	if (j->env->opt->repeat || !j->ctr->slot[BM_SLOT_CYCLES].avail)
		return false;
	return cycles_verdict(j, cycles_per_op(j))->word == BELOW_FLOOR;
}

BM_POINT_PATH static int measured_point(struct job *j, const struct bm_kernel *k, const struct bm_env *env,
			  const struct bm_counters *ctr, uint64_t param, struct bm_trap *t)
{
	for (unsigned tries = 1;; tries++) {
		int trapped = tries == 1 && form_once(k) ? run_form_once(j, k, env, ctr, t)
							 : run_job(j, k, env, ctr, param, tries, t);
		if (trapped || j->skip_why || j->check_failed || tries == MAX_TRIES || plain_form_point(j))
			return trapped;
		if (!measured_nothing(j) && !below_floor_now(j))
			return trapped;
	}
}

/* A structure sweep's second pass (kernel.h, `structure`): each point
 * measured again, read by the summary alone (no record: the first
 * pass's results are the log's), so that a knee that moves between the
 * passes is said to, never stated as one fact. Not under sim: a
 * cycle-exact model reads the same twice, and its budget is the first
 * pass's. A point below its floor never reaches the summary, as in the
 * first pass; an error is an error record, as there. */
static void second_pass_point(const struct job *j, unsigned i)
{
	const struct bm_counters *c = j->ctr;
	if (!c->slot[BM_SLOT_CYCLES].avail)
		return;
	int64_t ops = (int64_t)(j->iters * j->ops_per_iter);
	struct bm_estimate cyc_op = cycles_per_op(j);
	const struct verdict *v = cycles_verdict(j, cyc_op);
	if (v->word == BELOW_FLOOR)
		return;
	/* baremark.selftest=unstable: the second pass reads its first point
	 * at a tenth of the cost (an in-order core's window probe then reads
	 * as out-of-order) and from the fifth on three times it, so that
	 * every knee it can move moves */
	if (j->env->opt->selftest_unstable)
		cyc_op.est = i == 0 ? cyc_op.est / 10 : i >= 4 ? cyc_op.est * 3 : cyc_op.est;
	summary_point(j, cyc_op.est, v, ops);
}

static void second_pass(struct job *j, const struct bm_kernel *k, const struct bm_env *env,
			const struct bm_counters *ctr, unsigned *errors)
{
	summary_set_pass(2);
	for (unsigned i = 0;; i++) {
		uint64_t param = 0;
		if (!k->param(env, i, &param))
			break;
		struct bm_trap t;
		if (measured_point(j, k, env, ctr, param, &t)) {
			report_error_trap(j, &t);
			++*errors;
			break;
		}
		if (j->check_failed) {
			report_check_failure(j);
			++*errors;
		} else if (!j->skip_why) {
			second_pass_point(j, i);
		}
	}
	summary_set_pass(1);
}

/* Under sim with no only= (the kernels the summary reads), a kernel the
 * summary cannot read on this core does not run: branch.history, whose
 * history_length needs a br_miss count (docs/summary.md), cost the
 * C906's RTL 1.35 M cycles of a 15 M budget for none. */
BM_POINT_PATH static const char *summary_cannot_read(const struct bm_kernel *k, const struct bm_env *env,
				       const struct bm_counters *ctr)
{
	if (!env->opt->only_default || strcmp(k->name, "branch.history") != 0 || br_miss_slot(ctr) >= 0)
		return NULL;
	return "under sim with no only= only what the summary reads runs, and it reads branch.history only with a "
	       "br_miss count, which this core lacks (history_length says so); baremark.only= runs it";
}

/* Where a sweep starts: under sim with no only=, a sweep the summary
 * reads at its largest point alone (kernel.h: summary_reads_largest)
 * starts there, with a skip record saying why its other points do not
 * run; elsewhere at its first point. */
BM_POINT_PATH static unsigned first_point(const struct bm_kernel *k, const struct bm_env *env)
{
	if (!env->opt->only_default || !k->summary_reads_largest || !k->param)
		return 0;
	unsigned n = 0;
	for (uint64_t v; k->param(env, n, &v);)
		n++;
	if (n < 2)
		return 0;
	report_skip_named(k->name, "under sim with no only= only what the summary reads runs, and it reads this sweep at "
				   "its largest point alone: the others do not run; baremark.only= runs them");
	return n - 1;
}

BM_POINT_PATH unsigned harness_run_all(const struct bm_env *run_env, const struct bm_counters *ctr)
{
	/* this core's copy: its own cache registers, or its own cache sweep,
	 * may size its sweeps and chases better than the run could */
	struct bm_env core_env = *run_env, *env = &core_env;
	chase_size_for_core(env);
	static struct job j BM_NOINIT; /* large: off the stack; run_job and verified clear it */
	static const struct bm_kernel *order[MAX_KERNELS] BM_NOINIT; /* the first nk are written */
	unsigned errors = 0, ran = 0;
	bool dropped;
	size_t nk = sorted_kernels(order, MAX_KERNELS, env->opt, &dropped);
	insn_record_reset();
	events_k = NULL; /* this core's counters */
	summary_reset(ctr->cycles_estimated, ctr->slot[BM_SLOT_CYCLES].avail ? NULL : ctr->slot[BM_SLOT_CYCLES].why,
		      br_miss_slot(ctr) < 0);
	nlats = 0;
	retire_ipc_milli = 0;
	/* what measure would do for a form's first try is its bodies once
	 * (form_once): under sim with one repeat, no selftest that changes
	 * the passes or the tries, and no calibration's repeats */
	const struct bm_options *o = env->opt;
	sim_once = o->profile == BM_PROFILE_SIM && harness_repeats(o) == 1 && calibration_repeats <= 1 &&
		   !o->selftest_cold && !o->selftest_coldtimed && !o->selftest_replay;
	if (dropped)
		bm_warn("more than %d kernels selected; the rest do not run", MAX_KERNELS);
	bm_printf("\n%-28s %-19s %9s %9s %9s %8s %6s\n", "kernel", "parameter", "cyc/op", "q1", "q3", "ins/op",
		  "IPC");
	for (size_t ki = 0; ki < nk; ki++) {
		const struct bm_kernel *k = order[ki];
		ran++;
		const char *unread = summary_cannot_read(k, env, ctr);
		if (unread) {
			report_skip_named(k->name, unread);
			continue;
		}
		if (k->verify && !verified(&j, k, env, ctr, &errors))
			continue;
		bool trapped = false;
		for (unsigned i = first_point(k, env);; i++) {
			uint64_t param = 0;
			if (k->param && !k->param(env, i, &param))
				break;
			if (!k->param && i > 0)
				break;
			struct bm_trap t;
			trapped = measured_point(&j, k, env, ctr, param, &t);
			if (trapped) {
				report_error_trap(&j, &t);
				errors++;
				break; /* the run goes on with the next kernel */
			}
			if (j.skip_why && k->form && k->form->grid)
				insn_record_cell_skipped(k, (unsigned)param, j.skip_why); /* a null in the grid */
			else if (j.skip_why)
				report_skip(&j);
			else if (j.check_failed) {
				report_check_failure(&j);
				errors++;
			} else if (counted_nothing(&j)) {
				report_uncounted(&j);
				errors++;
			} else if (!(k->form ? report_form(&j) : report_result(&j))) {
				errors++;
			}
		}
		if (k->structure && k->param && !trapped && env->opt->profile != BM_PROFILE_SIM)
			second_pass(&j, k, env, ctr, &errors);
		if (!k->form) /* it reads cache.load.lat's steps alone */
			chase_size_after(env, k);
	}
	insn_record_flush();
	if (ran == 0)
		bm_warn("no kernel matches baremark.only=%s", env->opt->only);
	/* every profile, sim too: what a core's RTL is run for */
	summary_set_chase(miss_chains_bytes(), env->beyond_cache_from);
	summary_emit(env->opt);
	return errors;
}
