/* The summary read off a core's results (harness/summary_record.c keeps
 * them) and written as its record and console line. Computes in floating
 * point: on arm64 built with the FPU (mk/aarch64.mk) and called only
 * where arch_c_float says C may use it. */
#include "summary_derived.h"

#include <stdio.h>
#include <string.h>

#include "log.h"
#include "noinit.h"
#include "options.h"
#include "record.h"
#include "summary.h"

/* Why a parameter could not be derived: the kernel's own reason, or,
 * where the core counts no cycles, that (the kernels ran, timed in ns). */
static const char *no_cycles;
static const struct sm_results *results;
/* What the structure sweeps' second passes read (NULL: none ran). */
static const struct sm_summary *second;
static const char *why(const char *reason)
{
	return no_cycles[0] ? no_cycles : reason;
}

/* baremark.only: a parameter whose kernels the run did not select is left
 * out of `unavailable` (nobody asked for it; issue 30: a one-kernel run's
 * summary listed nineteen), and a summary with nothing derived and
 * nothing asked for is not written at all. NULL: every kernel. */
static const struct bm_options *only;
static bool asked(const char *const *names)
{
	for (; only && *names; names++)
		if (!options_selects(only, *names))
			return false;
	return true;
}
#define ASKED(...) asked((const char *const[]){__VA_ARGS__, NULL})
/* any uarch.window.<filler>: at filler 0 each is the same body */
static bool asked_window(void)
{
	for (int k = 0; k < SM_WINDOW_KINDS; k++) {
		char name[32];
		snprintf(name, sizeof(name), "uarch.window.%s", sm_window_fillers[k]);
		if (ASKED(name))
			return true;
	}
	return false;
}
/* The parameters listed in `unavailable` so far. */
static unsigned nmissing;
static void missing(struct rec *r, const char *key, const char *why)
{
	rec_str(r, key, why);
	nmissing++;
}

/* Why a field that needs `a` and `b` (b may be NULL) is missing: the
 * verdict of whichever ran and was left out (a figure below its floor),
 * else `reason` (they did not run). */
static const char *why_left(const char *a, const char *b, const char *reason)
{
	static char buf[2][240];
	static unsigned next;
	if (no_cycles[0])
		return no_cycles;
	for (int i = 0; i < results->nrefused; i++) {
		const struct sm_refused *f = &results->refused[i];
		if (strcmp(f->kernel, a) != 0 && (!b || strcmp(f->kernel, b) != 0))
			continue;
		char *out = buf[next++ % 2]; /* two may be pending in one record call */
		snprintf(out, sizeof(buf[0]), "%s ran and was left out: %s", f->kernel, f->why);
		return out;
	}
	return reason;
}

/* "btb": {"fits": 1024, "exceeds": 2048, "unit": ..., "from": ...}, or
 * "at_least" when the curve never rose; nothing when it did not run.
 * With `next` (may be NULL) stepping too, next_fits / next_exceeds: a
 * second level of the structure. */
/* With `lv` (a BTB's steps), also "levels": every step the curve took,
 * in order (each fits/exceeds; the last at_least where the curve ends on
 * it), as the caches list theirs. */
static void steps_levels(struct rec *r, const char *key, const struct sm_rise *x, const struct sm_rise *next,
			 const char *shape, const struct sm_rise *lv, int nlv, const char *unit, const char *from)
{
	if (!x->has)
		return;
	rec_obj(r, key);
	if (x->open) {
		rec_u64(r, "at_least", (uint64_t)x->fits);
	} else {
		rec_u64(r, "fits", (uint64_t)x->fits);
		rec_u64(r, "exceeds", (uint64_t)x->exceeds);
		if (shape)
			rec_str(r, "shape", shape);
		if (next && next->has && !next->open) {
			rec_u64(r, "next_fits", (uint64_t)next->fits);
			rec_u64(r, "next_exceeds", (uint64_t)next->exceeds);
		}
	}
	if (lv) {
		rec_arr(r, "levels");
		for (int i = 0; i < nlv; i++) {
			rec_obj(r, NULL);
			rec_u64(r, lv[i].open ? "at_least" : "fits", (uint64_t)lv[i].fits);
			if (!lv[i].open)
				rec_u64(r, "exceeds", (uint64_t)lv[i].exceeds);
			rec_close(r);
		}
		rec_close(r);
	}
	rec_str(r, "unit", unit);
	rec_str(r, "from", from);
	rec_close(r);
}

static void steps_shaped(struct rec *r, const char *key, const struct sm_rise *x, const struct sm_rise *next,
			 const char *shape, const char *unit, const char *from)
{
	steps_levels(r, key, x, next, shape, NULL, 0, unit, from);
}

static void steps_field(struct rec *r, const char *key, const struct sm_rise *x, const struct sm_rise *next,
			const char *unit, const char *from)
{
	steps_shaped(r, key, x, next, NULL, unit, from);
}

static void rise_field(struct rec *r, const char *key, const struct sm_rise *x, const char *unit, const char *from)
{
	steps_field(r, key, x, NULL, unit, from);
}

/* A return chain with no knee, judged without the mispredict penalty
 * (branch.random or branch.predictable did not run; where they ran and
 * read no penalty, an emulator's, no knee is what the core does): the
 * least rise was half the chain's lowest cost, more than a missed return
 * costs on many cores (the C906's RTL: a clean knee at 4 entries that
 * rises 2.97 cycles over a lowest cost of 19), so no knee is no reading,
 * listed under `unavailable` with this reason, not "at least" the
 * deepest depth. */
static bool knee_unjudged(const struct sm_rise *x, bool penalty_read)
{
	return !penalty_read && x->has && x->open;
}
#define KNEE_UNJUDGED_WHY                                                                                   \
	"no knee rising by half the chain's lowest cost, and without the mispredict penalty (branch.random and " \
	"branch.predictable did not both run) a smaller rise cannot be judged"

/* A capacity read off its knee (lib/summary.c, sm_knee): a gradual rise
 * gives entries (the best fit, and fits..exceeds-1 the range as good), a
 * step the depths either side. */
static void knee_field(struct rec *r, const char *key, const struct sm_rise *x, const struct sm_knee_fit *k,
		       const char *unit, const char *from)
{
	if (!x->has || x->open || k->shape != SM_SHAPE_GRADUAL) {
		steps_shaped(r, key, x, NULL, x->open ? NULL : "step", unit, from);
		return;
	}
	rec_obj(r, key);
	rec_u64(r, "entries", (uint64_t)k->entries);
	rec_u64(r, "fits", (uint64_t)x->fits);
	rec_u64(r, "exceeds", (uint64_t)x->exceeds);
	rec_str(r, "shape", "gradual");
	rec_str(r, "unit", "entries: returns in flight, the body's own call included");
	rec_str(r, "from", from);
	rec_close(r);
}

/* Did a bracket move between its sweep's two passes? Each says the
 * capacity lies in [fits, exceeds) (at_least: [fits, on)); the knee moved
 * where the two cannot both be right, their ranges disjoint (a return
 * stack's 31-32 entries and 27-32 agree; 408/456 and 256/320 do not).
 * Only where both passes read one (b NULL: no second pass). */
static bool disjoint(double alo, double ahi, bool aopen, double blo, double bhi, bool bopen)
{
	return (!bopen && bhi <= alo) || (!aopen && ahi <= blo);
}

static bool moved(const struct sm_rise *a, const struct sm_rise *b)
{
	return b && a->has && b->has && disjoint(a->fits, a->exceeds, a->open, b->fits, b->exceeds, b->open);
}

static bool levels_moved(const struct sm_rise *a, int na, const struct sm_rise *b, int nb)
{
	if (!b || na != nb)
		return b != NULL;
	for (int i = 0; i < na; i++)
		if (moved(&a[i], &b[i]))
			return true;
	return false;
}

/* One pass's bracket: fits/exceeds, or at_least; with its levels. */
static void bracket(struct rec *r, const struct sm_rise *x, const struct sm_rise *lv, int nlv)
{
	rec_obj(r, NULL);
	rec_u64(r, x->open ? "at_least" : "fits", (uint64_t)x->fits);
	if (!x->open)
		rec_u64(r, "exceeds", (uint64_t)x->exceeds);
	if (lv) {
		rec_arr(r, "levels");
		for (int i = 0; i < nlv; i++)
			bracket(r, &lv[i], NULL, 0);
		rec_close(r);
	}
	rec_close(r);
}

/* A structure one pass of its sweep read at one knee and the other at
 * another: "unstable", both brackets (first pass first), never one
 * stated as the fact (a busy machine moved an ROB reading from 448/512
 * to 256/320 between two runs). */
struct two_readings {
	const struct sm_rise *a, *b; /* the first pass's and the second's */
	const struct sm_rise *alv, *blv; /* and their levels (NULL: none) */
	int na, nb;
};

static bool two_differ(const struct two_readings *t)
{
	return moved(t->a, t->b) || (t->alv && t->b && levels_moved(t->alv, t->na, t->blv, t->nb));
}

static void unstable_brackets(struct rec *r, const struct two_readings *t)
{
	rec_arr(r, "unstable");
	bracket(r, t->a, t->alv, t->na);
	bracket(r, t->b, t->blv, t->nb);
	rec_close(r);
}

/* The field `key` as unstable (with its unit and source), when its two
 * passes differ; false, nothing written, when they agree. */
static bool unstable_field(struct rec *r, const char *key, const struct two_readings *t, const char *unit,
			   const char *from)
{
	if (!two_differ(t))
		return false;
	rec_obj(r, key);
	unstable_brackets(r, t);
	rec_str(r, "unit", unit);
	rec_str(r, "from", from);
	rec_close(r);
	return true;
}

/* The two passes of the same field of s and of second. */
#define TWO(field) ((struct two_readings){&s.field, second ? &second->field : NULL, NULL, NULL, 0, 0})
/* writer(&r, key, x, unit, from), unless the two passes t differ: then
 * the field is unstable instead */
#define SETTLED_OR(writer, key, t, x, unit, from)                              \
	do {                                                                   \
		const struct two_readings two_ = (t);                          \
		if (!unstable_field(&r, key, &two_, unit, from))               \
			writer(&r, key, x, unit, from);                        \
	} while (0)

static bool caches_moved(const struct sm_summary *a, const struct sm_summary *b)
{
	if (!b || a->nlevels != b->nlevels)
		return b != NULL && (a->nlevels || b->nlevels);
	for (int i = 0; i < a->nlevels; i++) /* each level holds [upto, next) */
		if (disjoint(a->upto[i], a->next[i], false, b->upto[i], b->next[i], false))
			return true;
	return false;
}

/* The caches' levels as each pass read them, for `unavailable`. */
static const char *caches_unstable_why(const struct sm_summary *a, const struct sm_summary *b)
{
	static char out[400];
	int n = snprintf(out, sizeof(out), "unstable: the levels cache.load.lat read moved between its sweep's two "
					  "passes (holds / steps before, bytes;");
	const struct sm_summary *pass[2] = {a, b};
	for (int p = 0; p < 2 && n < (int)sizeof(out); p++) {
		n += snprintf(out + n, sizeof(out) - (size_t)n, "%s", p ? "; second:" : " first:");
		for (int i = 0; i < pass[p]->nlevels && n < (int)sizeof(out); i++)
			n += snprintf(out + n, sizeof(out) - (size_t)n, "%s %llu / %llu", i ? "," : "",
				      (unsigned long long)pass[p]->upto[i], (unsigned long long)pass[p]->next[i]);
		if (!pass[p]->nlevels && n < (int)sizeof(out))
			n += snprintf(out + n, sizeof(out) - (size_t)n, " no step");
	}
	if (n < (int)sizeof(out))
		snprintf(out + n, sizeof(out) - (size_t)n, ")");
	return out;
}

/* A window kind the probe cannot see (lib/summary.c, window_blind):
 * no bracket, the reason with its figures instead. */
static void window_blind_why(struct rec *r, const struct sm_summary *s, int k)
{
	char f[32], c[32], w[32], m[32], why[448];
	sm_decimal(f, sizeof(f), s->window[k].exceeds, 0);
	sm_decimal(c, sizeof(c), s->window_fill_cycles[k], 0);
	sm_decimal(w, sizeof(w), s->width, 2);
	sm_decimal(m, sizeof(m), s->miss_cycles, 0);
	snprintf(why, sizeof(why),
		 "the cost rose at %s fillers, whose op takes at least %s cycles at the core's best IPC (%s): no "
		 "less than the %s-cycle miss they hide behind, so the rise may be the fillers' own time, not a full "
		 "structure (a miss that short: a chase within a cache?)",
		 f, c, w, m);
	rec_str(r, "blind", why);
}

static int64_t milli(double v)
{
	return (int64_t)(v * 1000.0 + (v < 0 ? -0.5 : 0.5));
}

/* The square root of x > 0 by Newton's method (no libm in the image). */
static double root(double x)
{
	double r = x > 1 ? x : 1;
	for (int i = 0; i < 64; i++) {
		double next = (r + x / r) / 2;
		if (next >= r)
			break;
		r = next;
	}
	return r;
}

/* Where no counter says how many of branch.random's outcomes
 * mispredicted, half of them is assumed, and the penalty carries the
 * sample's error: of n fresh random outcomes in the 2N - N difference,
 * the mispredicts differ from n/2 by sqrt(3n)/2 (the N and 2N bodies'
 * samples, n and 2n outcomes, both fresh), over the median of r repeats
 * by sqrt(pi/2 / r) more (three or more; 1/sqrt(r) below). The range is
 * that penalty at 1.96 of it either way, about 95%: the C906's RTL read
 * 2.996 cycles from 4,096 outcomes, 2.84 to 3.17 by this, for a core
 * whose penalty is 3. */
static void mispredict_range(struct rec *r, double penalty, const struct sm_results *run)
{
	uint64_t n = 0;
	unsigned repeats = 0;
	for (int i = 0; i < run->n; i++) /* branch.random's first-pass result: its sample */
		if (run->r[i].pass == 1 && strcmp(run->r[i].kernel, "branch.random") == 0) {
			n = run->r[i].ops;
			repeats = run->r[i].repeats;
		}
	if (!n || !repeats)
		return;
	double var = 3.0 / (double)n / repeats * (repeats >= 3 ? 1.5707963267948966 : 1.0);
	double e = 1.96 * root(var);
	if (e >= 1)
		return;
	rec_arr(r, "sampling_range");
	rec_milli(r, NULL, milli(penalty / (1 + e)));
	rec_milli(r, NULL, milli(penalty / (1 - e)));
	rec_close(r);
	rec_u64(r, "random_branches", n);
}

/* Did the window sweeps' two passes disagree on the execution order
 * itself? */
static bool order_moved(const struct sm_summary *s)
{
	return second && s->order != SM_ORDER_UNKNOWN && second->order != SM_ORDER_UNKNOWN && second->order != s->order;
}

/* The summary's one console line. Figures go through sm_decimal: the
 * image's printf formats integers only. */
static void console_line(const struct sm_summary *s)
{
	char line[400], a[32], b[32];
	int n = snprintf(line, sizeof(line), "summary:");
#define ADD(...)                                                                   \
	do {                                                                       \
		if (n < (int)sizeof(line))                                         \
			n += snprintf(line + n, sizeof(line) - (size_t)n, __VA_ARGS__); \
	} while (0)
	for (int i = 0; i < s->nlevels; i++) {
		sm_decimal(a, sizeof(a), s->latency[i], 1);
		ADD(" L%d >=%llu B %s cyc;", i + 1, (unsigned long long)s->upto[i], a);
	}
	if (s->has_memory) {
		sm_decimal(a, sizeof(a), s->memory_latency, 0);
		ADD(" memory %s cyc;", a);
	}
	if (s->has_line) {
		sm_decimal(a, sizeof(a), s->line_size, 0);
		ADD(" line %s B;", a);
	}
	if (s->order != SM_ORDER_UNKNOWN)
		ADD(" %s", order_moved(s) ? "order unstable" : s->order == SM_IN_ORDER ? "in-order" : "out-of-order");
	for (int k = 0; s->order == SM_OUT_OF_ORDER && !order_moved(s) && k < SM_WINDOW_KINDS; k++) {
		if (!s->window[k].has)
			continue;
		sm_decimal(a, sizeof(a), s->window[k].fits, 0);
		sm_decimal(b, sizeof(b), s->window[k].exceeds, 0);
		if (s->window_blind[k])
			ADD("%s %s blind", k ? "," : "; window", sm_window_fillers[k]);
		else if (s->window[k].open)
			ADD("%s %s >=%s", k ? "," : "; window", sm_window_fillers[k], a);
		else
			ADD("%s %s %s-%s", k ? "," : "; window", sm_window_fillers[k], a, b);
	}
	if (s->has_addi && s->addi_eliminated)
		ADD("; immediate adds eliminated at rename");
#undef ADD
	bm_printf("%s\n", line);
}

static uint64_t chase_bytes;
static const char *chase_from;

void summary_set_chase(uint64_t bytes, const char *from)
{
	chase_bytes = bytes;
	chase_from = from;
}

/* The results as lib/summary.c reads them, of one pass: pass 1's, or
 * for pass 2 each structure sweep's second pass in place of its first
 * (the other kernels' results as they are). Returns how many. */
static struct sm_point points_of_run[SM_MAX_RESULTS] BM_NOINIT; /* the first n written before read */
static bool has_second_pass(const struct sm_results *run, const char *kernel)
{
	for (int i = 0; i < run->n && i < SM_MAX_RESULTS; i++)
		if (run->r[i].pass == 2 && run->r[i].kernel == kernel) /* the kernel's own name: one pointer */
			return true;
	return false;
}

static int points_of(const struct sm_results *run, unsigned pass)
{
	int n = run->n < SM_MAX_RESULTS ? run->n : SM_MAX_RESULTS, m = 0;
	for (int i = 0; i < n; i++) {
		const struct sm_result *q = &run->r[i];
		bool take = pass == 1 ? q->pass == 1 : q->pass == 2 || !has_second_pass(run, q->kernel);
		if (take)
			points_of_run[m++] = (struct sm_point){q->kernel, q->param, (double)q->cyc_milli / 1000.0,
								(double)q->br_miss_milli / 1000.0, q->has_br_miss,
								(double)q->bytes};
	}
	return m;
}

bool summary_memory_step_derived(const struct sm_results *run, uint64_t *bytes)
{
	double next;
	if (!sm_memory_step(points_of_run, points_of(run, 1), &next) || next < 1)
		return false;
	*bytes = (uint64_t)next;
	return true;
}

void summary_emit_derived(const struct sm_results *run, const struct bm_options *o)
{
	only = o;
	nmissing = 0;
	/* a structure sweep's second pass, where it ran: read on its own
	 * first (the points' one array is then filled with pass 1's) */
	static struct sm_summary s2 BM_NOINIT; /* written by summary_derive before read */
	second = NULL;
	for (int i = 0; i < run->n && i < SM_MAX_RESULTS && !second; i++)
		if (run->r[i].pass == 2) {
			summary_derive(points_of_run, points_of(run, 2), &s2);
			second = &s2;
		}
	const struct sm_point *p = points_of_run;
	int n = points_of(run, 1);
	no_cycles = run->no_cycles;
	results = run;
	struct sm_summary s;
	summary_derive(p, n, &s);
	static struct rec r BM_NOINIT; /* the longest record: off the stack; rec_begin sets it up */
	rec_begin(&r, "summary");
	rec_core(&r);
	if (run->estimated)
		rec_bool(&r, "cycles_estimated", true);
	if (run->left_out)
		rec_u64(&r, "points_left_out", (uint64_t)run->left_out);
	bool caches_unstable = caches_moved(&s, second);
	bool order_unstable = order_moved(&s);
	rec_arr(&r, "caches");
	for (int i = 0; i < s.nlevels && !caches_unstable; i++) {
		rec_obj(&r, NULL);
		rec_u64(&r, "holds_bytes", (uint64_t)s.upto[i]);
		rec_u64(&r, "step_before_bytes", (uint64_t)s.next[i]);
		rec_milli(&r, "latency_cycles", milli(s.latency[i]));
		rec_close(&r);
	}
	rec_close(&r);
	rec_obj(&r, "unavailable");
	if (caches_unstable)
		missing(&r, "caches", caches_unstable_why(&s, second));
	else if (!s.nlevels && ASKED("cache.load.lat"))
		missing(&r, "caches", why("cache.load.lat did not run, or its curve has no step"));
	if (!s.has_mispredict && ASKED("branch.random", "branch.predictable"))
		missing(&r, "mispredict_penalty", why("branch.random and branch.predictable did not both run"));
	if (!s.has_width && (ASKED("pipeline.add.thr") || ASKED("uarch.width.alu_load") ||
			     ASKED("uarch.width.alu_branch") || ASKED("uarch.width.alu_mul")))
		missing(&r, "issue_width", why("no independent-instruction kernel ran"));
	if (s.order == SM_ORDER_UNKNOWN && !s.order_points && asked_window() && (ASKED("uarch.window.miss") || ASKED("uarch.mlp")))
		missing(&r, "execution",
			why("uarch.window.* at filler 0 and one miss (uarch.window.miss or uarch.mlp chains=1) did not both run"));
	else if (order_unstable)
		missing(&r, "window", "the execution order moved between the window sweeps' two passes (execution."
				      "unstable): no window is read off either");
	else if (s.order == SM_ORDER_UNKNOWN && s.order_points)
		missing(&r, "window", "the execution order is not known (execution.why): no window is read");
	else if (s.order == SM_IN_ORDER && asked_window())
		missing(&r, "window", why("in-order: there is no out-of-order window to measure"));
	if (!s.has_mlp && ASKED("uarch.mlp"))
		missing(&r, "memory_parallelism", why("uarch.mlp did not run"));
	if (!s.btb4.has && ASKED("branch.btb.4"))
		missing(&r, "btb", why("branch.btb.4 did not run"));
	if (!s.btb16.has && ASKED("branch.btb.16"))
		missing(&r, "btb_16", why("branch.btb.16 did not run"));
	if (!s.ras.has && ASKED("branch.ret.random"))
		missing(&r, "return_stack", why("branch.ret.random did not run"));
	else if (knee_unjudged(&s.ras, s.has_mispredict))
		missing(&r, "return_stack", why(KNEE_UNJUDGED_WHY));
	if (!s.ret_fixed.has && ASKED("branch.ret.fixed"))
		missing(&r, "return_fixed", why("branch.ret.fixed did not run"));
	else if (knee_unjudged(&s.ret_fixed, s.has_mispredict))
		missing(&r, "return_fixed", why(KNEE_UNJUDGED_WHY));
	if (!s.indirect.has && ASKED("branch.indirect"))
		missing(&r, "indirect_targets", why("branch.indirect did not run"));
	if (!s.pattern.has && ASKED("branch.pattern", "branch.predictable", "branch.random"))
		missing(&r, "pattern_period", why("branch.pattern, branch.predictable and branch.random did not all run, or random was no slower"));
	/* under sim's default set branch.history does not run where nothing
	 * counts br_miss (harness.c, summary_cannot_read): that is the reason */
	if (s.history_why && !s.history.has && run->no_br_miss)
		s.history_why = SM_HISTORY_NO_BR_MISS;
	if (s.history_why && ASKED("branch.history"))
		missing(&r, "history_length", why(s.history_why));
	if (!s.has_bandwidth && ASKED("cache.bw.read"))
		missing(&r, "read_bandwidth", why("cache.bw.read did not run"));
	if (!s.has_vbandwidth && ASKED("cache.bw.vread"))
		missing(&r, "vector_read_bandwidth", why("cache.bw.vread did not run (its skip record says why)"));
	if (!s.has_prefetch && ASKED("cache.seq.lat", "cache.load.lat"))
		missing(&r, "prefetch", why("cache.seq.lat did not run at the largest working set, or no memory level was found"));
	if (!s.has_stlf && ASKED("uarch.stlf.lat", "pipeline.add.lat"))
		missing(&r, "store_to_load_forwarding",
			why_left("uarch.stlf.lat", "pipeline.add.lat", "uarch.stlf.lat and pipeline.add.lat did not both run"));
	if (!s.has_addi && ASKED("pipeline.addi.lat", "pipeline.add.lat"))
		missing(&r, "add_elimination",
			why_left("pipeline.addi.lat", "pipeline.add.lat", "pipeline.addi.lat and pipeline.add.lat did not both run"));
	if (!s.has_line && ASKED("cache.line.lat"))
		missing(&r, "line_size",
			why(run->counted && run->cycles_are_instructions && s.line_no_contrast
				    ? "loads in the flushed line cost less than twice those beside it, and every "
				      "result counted a cycle a retired instruction: an emulator, which models no cache"
				    : s.line_why));
	if (!s.tlb_first.has && ASKED("cache.tlb.lat", "cache.load.lat"))
		missing(&r, "tlb_reach", why("cache.tlb.lat did not run (its skip record says why) or cache.load.lat lacks the matching sizes"));
	else if (!s.tlb_last.has && ASKED("cache.tlb.lat", "cache.load.lat"))
		missing(&r, "tlb_reach_last", why("cache.tlb.lat never rose from one page count to the next"));
	rec_close(&r);
	size_t bare = r.len; /* the derived parameters follow */
	if (s.has_memory) {
		rec_obj(&r, "memory");
		rec_milli(&r, "latency_cycles", milli(s.memory_latency));
		rec_u64(&r, "at_bytes", (uint64_t)s.memory_bytes);
		rec_str(&r, "from", "cache.load.lat");
		rec_close(&r);
	}
	if (s.has_mispredict) {
		rec_obj(&r, "mispredict_penalty");
		rec_milli(&r, "cycles", milli(s.mispredict_penalty));
		rec_str(&r, "mispredicts", s.mispredicts_counted ? "counted (br_miss)" : "assumed 0.5 per random branch (no br_miss count)");
		if (!s.mispredicts_counted)
			mispredict_range(&r, s.mispredict_penalty, run);
		if (s.mispredict_load > 0) {
			rec_milli(&r, "load_latency_subtracted", milli(s.mispredict_load));
			rec_str(&r, "from", "branch.random - branch.predictable - pipeline.load.lat (out-of-order)");
		} else {
			rec_str(&r, "from", s.order == SM_IN_ORDER
						    ? "branch.random - branch.predictable (in-order: the load's wait is on both sides)"
				    : s.order == SM_OUT_OF_ORDER
					    ? "branch.random - branch.predictable (pipeline.load.lat did not run: its load-to-use "
					      "latency is in it)"
					    : "branch.random - branch.predictable (the execution order is not known, so a "
					      "load-to-use may be in it)");
		}
		rec_close(&r);
	}
	if (s.has_width) {
		rec_obj(&r, "issue_width");
		rec_milli(&r, "ipc", milli(s.width));
		rec_str(&r, "from", s.width_from);
		if (s.has_width_bound)
			rec_milli(&r, "bound", milli(s.width_bound));
		if (s.width_left_out[0])
			rec_str(&r, "left_out", s.width_left_out);
		rec_close(&r);
	}
	if (s.order != SM_ORDER_UNKNOWN || s.order_points) {
		rec_obj(&r, "execution");
		if (s.order == SM_ORDER_UNKNOWN) {
			/* one point, or points that disagree: no order, and why */
			rec_str(&r, "order", "unknown");
			rec_str(&r, "why", s.order_why);
			rec_milli(&r, "overlap_ratio", milli(s.overlap_ratio));
		} else if (order_unstable) {
			/* the window sweeps' two passes disagree on the order
			 * itself (a noisy VM's miss read 1.57 against 1.20) */
			rec_str(&r, "order", "unstable");
			rec_arr(&r, "unstable");
			for (int pass = 0; pass < 2; pass++) {
				const struct sm_summary *x = pass ? second : &s;
				rec_obj(&r, NULL);
				rec_str(&r, "order", x->order == SM_IN_ORDER ? "in-order" : "out-of-order");
				rec_milli(&r, "overlap_ratio", milli(x->overlap_ratio));
				rec_close(&r);
			}
			rec_close(&r);
		} else {
			rec_str(&r, "order", s.order == SM_IN_ORDER ? "in-order" : "out-of-order");
			rec_milli(&r, "overlap_ratio", milli(s.overlap_ratio));
		}
		rec_u64(&r, "points", (uint64_t)s.order_points); /* filler-0 points read */
		rec_str(&r, "from", s.miss_from && strcmp(s.miss_from, "uarch.window.miss") == 0
					    ? "uarch.window.* filler=0 / uarch.window.miss"
					    : "uarch.window.* filler=0 / uarch.mlp chains=1");
		/* how far the chases reach decides what they can see */
		rec_u64(&r, "chase_bytes", chase_bytes);
		rec_str(&r, "chase_from", chase_from ? chase_from : "unknown");
		rec_close(&r);
	}
	if (s.order == SM_OUT_OF_ORDER && !order_unstable) {
		/* one structure per filler kind, keyed by what filled it */
		rec_obj(&r, "window");
		for (int k = 0; k < SM_WINDOW_KINDS; k++) {
			const struct sm_rise *w = &s.window[k];
			if (!w->has)
				continue;
			rec_obj(&r, sm_window_fillers[k]);
			const struct two_readings t = TWO(window[k]);
			if (s.window_blind[k]) {
				window_blind_why(&r, &s, k);
			} else if (second && second->order == SM_OUT_OF_ORDER && two_differ(&t)) {
				unstable_brackets(&r, &t);
			} else {
				rec_u64(&r, w->open ? "at_least" : "fits", (uint64_t)w->fits);
				if (!w->open)
					rec_u64(&r, "exceeds", (uint64_t)w->exceeds);
			}
			rec_close(&r);
		}
		rec_str(&r, "unit", "fillers after each of two misses");
		rec_str(&r, "from", "uarch.window.<filler>: the first jump by half a miss");
		rec_close(&r);
	}
	if (s.has_mlp) {
		rec_obj(&r, "memory_parallelism");
		rec_milli(&r, "misses", milli(s.mlp));
		rec_str(&r, "from", "uarch.mlp");
		rec_close(&r);
	}
	SETTLED_OR(rise_field, "tlb_reach", TWO(tlb_first), &s.tlb_first, "4 KiB pages (first TLB level)",
		   "cache.tlb.lat: first page count over 1.25x cache.load.lat at pages x 64 bytes");
	SETTLED_OR(rise_field, "tlb_reach_last", TWO(tlb_last), &s.tlb_last, "4 KiB pages (the biggest step)",
		   "cache.tlb.lat: the biggest rise between two page counts");
	const char *by = s.steps_by_penalty ? "first cost over the median before it by a tenth of the mispredict penalty"
					    : "first cost over 1.5x the median before it";
	struct two_readings btb = TWO(btb4), btb16 = TWO(btb16);
	if (second) {
		btb = (struct two_readings){&s.btb4, &second->btb4, s.btb4_levels, second->btb4_levels, s.nbtb4_levels,
					    second->nbtb4_levels};
		btb16 = (struct two_readings){&s.btb16, &second->btb16, s.btb16_levels, second->btb16_levels,
					      s.nbtb16_levels, second->nbtb16_levels};
	}
	if (!unstable_field(&r, "btb", &btb, "taken jumps, 4 bytes apart", "branch.btb.4: each step over 1.5x its level's median"))
		steps_levels(&r, "btb", &s.btb4, &s.btb4_next, NULL, s.btb4_levels, s.nbtb4_levels,
			     "taken jumps, 4 bytes apart", "branch.btb.4: each step over 1.5x its level's median");
	if (!unstable_field(&r, "btb_16", &btb16, "taken jumps, 16 bytes apart",
			    "branch.btb.16: each step over 1.5x its level's median"))
		steps_levels(&r, "btb_16", &s.btb16, &s.btb16_next, NULL, s.btb16_levels, s.nbtb16_levels,
			     "taken jumps, 16 bytes apart", "branch.btb.16: each step over 1.5x its level's median");
	const char *knee = s.steps_by_penalty
				   ? "the knee of the curve: the best fit of a gradual (d-R)/d rise or a step, rising by a "
				     "quarter of the mispredict penalty or more"
				   : "the knee of the curve: the best fit of a gradual (d-R)/d rise or a step, rising by half "
				     "its lowest cost or more";
	const char *ras_unit = "calls deep, each from a random one of two sites (only a return stack predicts)";
	if (!knee_unjudged(&s.ras, s.has_mispredict) && !unstable_field(&r, "return_stack", &TWO(ras), ras_unit, knee))
		knee_field(&r, "return_stack", &s.ras, &s.ras_knee, ras_unit, knee);
	const char *fixed_unit = "calls deep, returns to fixed places (a BTB can help)";
	if (!knee_unjudged(&s.ret_fixed, s.has_mispredict) &&
	    !unstable_field(&r, "return_fixed", &TWO(ret_fixed), fixed_unit, knee))
		knee_field(&r, "return_fixed", &s.ret_fixed, &s.ret_fixed_knee, fixed_unit, knee);
	SETTLED_OR(rise_field, "indirect_targets", TWO(indirect), &s.indirect,
		   "targets in a repeating cycle at one call site", by);
	SETTLED_OR(rise_field, "history_length", TWO(history), &s.history,
		   "never-taken branches between a random branch and its copy",
		   "branch.history: first filler count with br_miss x (fillers + 2) over 0.75 per group");
	SETTLED_OR(rise_field, "pattern_period", TWO(pattern), &s.pattern, "branches in a repeating outcome pattern",
		   "branch.pattern: first cost over halfway from branch.predictable to branch.random");
	if (s.has_bandwidth) {
		rec_obj(&r, "read_bandwidth");
		rec_milli(&r, "small_bytes_per_cycle", milli(s.bw_small));
		rec_u64(&r, "small_at_bytes", (uint64_t)s.bw_small_bytes);
		rec_milli(&r, "large_bytes_per_cycle", milli(s.bw_large));
		rec_u64(&r, "large_at_bytes", (uint64_t)s.bw_large_bytes);
		rec_str(&r, "from", "cache.bw.read (64-bit loads)");
		rec_close(&r);
	}
	if (s.has_vbandwidth) {
		rec_obj(&r, "vector_read_bandwidth");
		rec_milli(&r, "small_bytes_per_cycle", milli(s.vbw_small));
		rec_milli(&r, "large_bytes_per_cycle", milli(s.vbw_large));
		rec_str(&r, "from", "cache.bw.vread (the widest loads), at the same working sets");
		rec_close(&r);
	}
	if (s.has_prefetch) {
		rec_obj(&r, "prefetch");
		rec_milli(&r, "random_cycles", milli(s.memory_latency));
		rec_milli(&r, "sequential_cycles", milli(s.sequential_latency));
		rec_u64(&r, "at_bytes", (uint64_t)s.memory_bytes);
		rec_str(&r, "from", "cache.load.lat against cache.seq.lat (the same lines in address order)");
		rec_close(&r);
	}
	if (s.has_stlf) {
		rec_obj(&r, "store_to_load_forwarding");
		/* A difference of two estimates can land a hair under zero; no
		 * latency is negative, so it reads 0 and says why. */
		rec_milli(&r, "cycles", milli(s.stlf_latency > 0 ? s.stlf_latency : 0));
		if (s.stlf_latency < 0.5)
			rec_str(&r, "note", "under half a cycle: the reload costs no more than the add chain, so the core hands "
					    "the stored value to the load without the store queue's round trip (memory renaming)");
		rec_str(&r, "from", "uarch.stlf.lat - pipeline.add.lat");
		rec_close(&r);
	}
	if (s.has_addi) {
		/* a finding, not a fault: the immediate chain is the same adds
		 * as pipeline.add.lat's but for the operand */
		rec_obj(&r, "add_elimination");
		rec_milli(&r, "immediate_cycles", milli(s.addi_latency));
		rec_milli(&r, "register_cycles", milli(s.add_latency));
		rec_bool(&r, "eliminated", s.addi_eliminated);
		if (s.addi_eliminated)
			rec_str(&r, "note", "a chain of immediate adds costs under half the register adds: the renamer folds "
					    "them (no execution unit, no register written), so no probe here uses them");
		rec_str(&r, "from", "pipeline.addi.lat against pipeline.add.lat");
		rec_close(&r);
	}
	if (s.has_line) {
		rec_obj(&r, "line_size");
		rec_u64(&r, "bytes", (uint64_t)s.line_size);
		rec_milli(&r, "flushed_cycles", milli(s.line_flushed));
		rec_milli(&r, "kept_cycles", milli(s.line_kept));
		rec_str(&r, "from", "cache.line.lat: the first offset past the flushed line (below the midpoint)");
		rec_close(&r);
	}
	if (!s.nlevels && !nmissing && r.len == bare)
		return; /* nothing derived, nothing asked for: no summary */
	bm_emit(&r);

	console_line(&s);
}
