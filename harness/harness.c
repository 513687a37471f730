/* The one place where measuring happens: warm-up, the N and 2N bodies,
 * repeats, statistics, self-checks, and the result/skip/error records. */
#include "harness.h"
#include "summary_record.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "log.h"
#include "stats.h"

#define MAX_REPEATS 64

static int core_type;

void harness_set_core_type(int type)
{
	core_type = type;
}

int harness_core_type(void)
{
	return core_type;
}

/* Every record says which core wrote it, and that core's type. */
void rec_core(struct rec *r)
{
	rec_u64(r, "core", arch_core_id());
	rec_u64(r, "core_type", (uint64_t)core_type);
}

extern const struct bm_kernel __start_bm_kernels[], __stop_bm_kernels[];

unsigned harness_repeats(const struct bm_options *o)
{
	if (o->repeat)
		return o->repeat > MAX_REPEATS ? MAX_REPEATS : o->repeat;
	return o->profile == BM_PROFILE_FULL ? 11 : 5;
}

struct job {
	const struct bm_kernel *k;
	const struct bm_env *env;
	const struct bm_counters *ctr;
	uint64_t param;
	bool has_param; /* false for what is said before any parameter runs */
	unsigned repeats;
	/* results */
	const char *skip_why;
	bool check_failed;
	unsigned failed_variant;
	uint64_t iters;
	uint64_t bytes_per_op; /* 0 unless the kernel says what an op moves */
	uint64_t ops_per_iter; /* the kernel's, or what its state says */
	int64_t d[BM_MAX_SLOTS][MAX_REPEATS]; /* 2N minus N, per slot */
	int64_t dt[MAX_REPEATS];              /* same, timer ticks */
};

/* The measured region: nothing here but counter reads and the body. */
static void run_pair(struct job *j, void *st, int64_t *dslot, int64_t *dtime, uint64_t res[2])
{
	uint64_t a[BM_MAX_SLOTS] = {0}, b[BM_MAX_SLOTS] = {0}, c[BM_MAX_SLOTS] = {0}, e[BM_MAX_SLOTS] = {0};
	uint64_t ta, tb, tc, te;
	const struct bm_kernel *k = j->k;
	uint64_t iters = j->iters;

	ta = arch_time();
	arch_counters_read(a);
	res[0] = k->body[0](st, iters);
	arch_counters_read(b);
	tb = arch_time();

	tc = arch_time();
	arch_counters_read(c);
	res[1] = k->body[1](st, iters);
	arch_counters_read(e);
	te = arch_time();

	for (int s = 0; s < BM_MAX_SLOTS; s++)
		dslot[s] = (int64_t)(e[s] - c[s]) - (int64_t)(b[s] - a[s]);
	*dtime = (int64_t)(te - tc) - (int64_t)(tb - ta);
}

static bool checked(struct job *j, void *st, unsigned variant, uint64_t result)
{
	if (j->k->check(st, variant, j->iters, result))
		return true;
	j->check_failed = true;
	j->failed_variant = variant;
	return false;
}

/* Runs under bm_guard: a trap anywhere in here comes back as an error. */
static void measure(void *p)
{
	struct job *j = p;
	j->iters = j->env->iters;
	void *st = j->k->prepare(j->k, j->env, j->param, &j->iters, &j->skip_why);
	if (!st)
		return;
	j->bytes_per_op = j->k->param_is_bytes ? j->param : j->k->op_bytes ? j->k->op_bytes(st) : 0;
	j->ops_per_iter = j->k->ops_of ? j->k->ops_of(st) : j->k->ops_per_iter;
	/* Warm-up: caches, predictors, and the self-check of each body. */
	uint64_t res[2];
	res[0] = j->k->body[0](st, j->iters);
	res[1] = j->k->body[1](st, j->iters);
	if (!checked(j, st, 0, res[0]) || !checked(j, st, 1, res[1]))
		return;
	for (unsigned r = 0; r < j->repeats; r++) {
		int64_t d[BM_MAX_SLOTS];
		run_pair(j, st, d, &j->dt[r], res);
		if (!checked(j, st, 0, res[0]) || !checked(j, st, 1, res[1]))
			return;
		for (int s = 0; s < BM_MAX_SLOTS; s++)
			j->d[s][r] = d[s];
	}
}

static void param_field(struct rec *r, const struct job *j)
{
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

/* Per-op spread of slot s over the repeats, in thousandths. */
static struct bm_spread per_op(const struct job *j, int s, int64_t ops)
{
	int64_t v[MAX_REPEATS];
	for (unsigned r = 0; r < j->repeats; r++)
		v[r] = ratio_milli(j->d[s][r], ops);
	return stats_spread(v, j->repeats);
}

static int64_t median_of(const int64_t *src, unsigned n)
{
	int64_t v[MAX_REPEATS];
	memcpy(v, src, sizeof(v[0]) * n);
	return stats_spread(v, n).med;
}

/* For kernels whose operation is a message of `param` bytes, or moves
 * op_bytes(): cycles per byte and MB/s per GHz (= bytes per cycle x 1000)
 * from the cycle counter, MB/s (10^6 bytes per second) from the timer. */
static void bytes_fields(struct rec *r, char *line, size_t cap, int *n, const struct job *j, int64_t ops, int64_t cyc,
			 int64_t dt)
{
	int64_t bytes = ops * (int64_t)j->bytes_per_op;
	char a[24];
	rec_u64(r, "bytes_per_op", j->bytes_per_op);
	if (cyc > 0) {
		rec_milli(r, "cycles_per_byte", ratio_milli(cyc, bytes));
		rec_milli(r, "mb_per_s_per_ghz", ratio_milli(bytes * 1000, cyc));
		fmt_milli(a, sizeof(a), ratio_milli(cyc, bytes));
		*n += snprintf(line + *n, cap - (size_t)*n, "  %s c/B", a);
	}
	if (dt > 0) {
		/* MB/s x 1000 = bytes x timebase / (ticks x 1000) */
		__int128 mb_milli = (__int128)bytes * (__int128)j->env->board->timebase_hz / ((__int128)dt * 1000);
		rec_milli(r, "mb_per_s", (int64_t)mb_milli);
		fmt_milli(a, sizeof(a), (int64_t)mb_milli);
		*n += snprintf(line + *n, cap - (size_t)*n, "  %s MB/s", a);
	}
}

/* The result as the summary reads it: median cycles per op and, where
 * counted, branch mispredicts per op. */
static void summary_point(const struct job *j, int64_t ops)
{
	const struct bm_counters *c = j->ctr;
	if (!c->slot[BM_SLOT_CYCLES].avail)
		return;
	int64_t cyc = per_op(j, BM_SLOT_CYCLES, ops).med, br = 0;
	bool has_br = false;
	for (int s = 2; s < c->nslots; s++)
		if (c->slot[s].avail && strcmp(c->slot[s].name, "br_miss") == 0) {
			has_br = true;
			br = ratio_milli(median_of(j->d[s], j->repeats), ops);
		}
	summary_add(j->k->name, j->k->param_name ? (int64_t)j->param : -1, cyc, has_br, br, j->bytes_per_op);
}

static void report_result(const struct job *j)
{
	const struct bm_counters *c = j->ctr;
	int64_t ops = (int64_t)(j->iters * j->ops_per_iter);
	struct rec r;
	rec_begin(&r, "result");
	rec_core(&r);
	rec_str(&r, "kernel", j->k->name);
	rec_str(&r, "op", j->k->op);
	param_field(&r, j);
	rec_u64(&r, "ops", (uint64_t)ops);
	rec_u64(&r, "repeats", j->repeats);
	char line[200], a[24], b[24], m[24];
	int n = snprintf(line, sizeof(line), "%-28s", j->k->name);
	char pbuf[40] = "";
	if (j->k->param_name)
		snprintf(pbuf, sizeof(pbuf), "%s=%llu", j->k->param_name, (unsigned long long)j->param);
	n += snprintf(line + n, sizeof(line) - (size_t)n, " %-19s", pbuf);

	int64_t cyc_med = 0, ins_med = 0;
	if (c->slot[BM_SLOT_CYCLES].avail) {
		struct bm_spread s = per_op(j, BM_SLOT_CYCLES, ops);
		if (c->cycles_estimated)
			rec_bool(&r, "cycles_estimated", true);
		cyc_med = median_of(j->d[BM_SLOT_CYCLES], j->repeats);
		if (s.med <= 0) {
			/* a cost of zero or less per op is not a measurement */
			rec_str(&r, "cycles_per_op_unavailable",
				"the 2N body took no more cycles than the N body (median): noise larger than the work");
			n += snprintf(line + n, sizeof(line) - (size_t)n, " %29s", "(cycles: noise > work)");
		} else {
			rec_obj(&r, "cycles_per_op");
			rec_milli(&r, "min", s.min);
			rec_milli(&r, "med", s.med);
			rec_milli(&r, "max", s.max);
			rec_close(&r);
			fmt_milli(a, sizeof(a), s.min);
			fmt_milli(m, sizeof(m), s.med);
			fmt_milli(b, sizeof(b), s.max);
			n += snprintf(line + n, sizeof(line) - (size_t)n, " %9s %9s %9s", a, m, b);
		}
	}
	if (c->slot[BM_SLOT_INSTRET].avail) {
		ins_med = median_of(j->d[BM_SLOT_INSTRET], j->repeats);
		rec_milli(&r, "instructions_per_op", ratio_milli(ins_med, ops));
		fmt_milli(a, sizeof(a), ratio_milli(ins_med, ops));
		n += snprintf(line + n, sizeof(line) - (size_t)n, " %8s", a);
	}
	if (c->slot[BM_SLOT_CYCLES].avail && c->slot[BM_SLOT_INSTRET].avail) {
		if (cyc_med > 0) {
			rec_milli(&r, "ipc", ratio_milli(ins_med, cyc_med));
			fmt_milli(a, sizeof(a), ratio_milli(ins_med, cyc_med));
			n += snprintf(line + n, sizeof(line) - (size_t)n, " %6s", a);
		} else {
			rec_str(&r, "ipc_unavailable", "cycle difference not positive (noise larger than the work)");
		}
	}
	int64_t dt = median_of(j->dt, j->repeats);
	bool timed = c->time_avail && j->env->board->timebase_hz && dt > 0;
	if (timed) {
		/* ns per op, thousandths: ticks * 1e9 / timebase / ops. */
		__int128 ns_milli = (__int128)dt * 1000000000 * 1000 / (__int128)j->env->board->timebase_hz;
		rec_milli(&r, "ns_per_op", (int64_t)(ns_milli / ops));
	}
	if (j->bytes_per_op)
		bytes_fields(&r, line, sizeof(line), &n, j, ops, cyc_med, timed ? dt : 0);
	bool any_event = false;
	for (int s = 2; s < c->nslots; s++) {
		if (!c->slot[s].avail)
			continue;
		if (!any_event)
			rec_obj(&r, "events_per_op");
		any_event = true;
		rec_milli(&r, c->slot[s].name, ratio_milli(median_of(j->d[s], j->repeats), ops));
	}
	if (any_event)
		rec_close(&r);
	summary_point(j, ops);
	rec_str(&r, "check", "ok");
	bm_emit(&r);
	bm_printf("%s  ok\n", line);
}

static bool wanted(const struct bm_kernel *k, const struct bm_options *o)
{
	if (k->selftest)
		return o->selftest_trap && options_selects(o, k->name);
	return options_selects(o, k->name);
}

/* Self-tests first (a broken trap path should be known before anything
 * is measured), then kernels in name order, whatever order the linker
 * placed them in, so every log lists them the same way. */
static bool runs_before(const struct bm_kernel *a, const struct bm_kernel *b)
{
	if (a->selftest != b->selftest)
		return a->selftest;
	return strcmp(a->name, b->name) < 0;
}

static size_t sorted_kernels(const struct bm_kernel **out, size_t cap)
{
	size_t n = 0;
	for (const struct bm_kernel *k = __start_bm_kernels; k < __stop_bm_kernels && n < cap; k++) {
		size_t i = n++;
		for (; i > 0 && runs_before(k, out[i - 1]); i--)
			out[i] = out[i - 1];
		out[i] = k;
	}
	return n;
}

struct verify_call {
	const struct bm_kernel *k;
	const struct bm_env *env;
	const char *why;
	bool skip;
};

static void run_verify(void *p)
{
	struct verify_call *v = p;
	v->why = v->k->verify(v->k, v->env, &v->skip);
}

/* The kernel's own verification (known answers, ISA probe), under the
 * trap guard like a measurement. False: said why, no parameter runs. */
static bool verified(struct job *j, const struct bm_kernel *k, const struct bm_env *env,
		     const struct bm_counters *ctr, unsigned *errors)
{
	memset(j, 0, sizeof(*j));
	j->k = k;
	j->env = env;
	j->ctr = ctr;
	struct verify_call v = {k, env, NULL, false};
	struct bm_trap t;
	if (bm_guard(run_verify, &v, &t)) {
		report_error_trap(j, &t);
		++*errors;
		return false;
	}
	if (!v.why)
		return true;
	if (v.skip) {
		j->skip_why = v.why;
		report_skip(j);
	} else {
		report_verify_failure(j, v.why);
		++*errors;
	}
	return false;
}

#define MAX_KERNELS 256

unsigned harness_run_all(const struct bm_env *env, const struct bm_counters *ctr)
{
	static struct job j; /* large: keep it off the stack */
	static const struct bm_kernel *order[MAX_KERNELS];
	unsigned errors = 0, ran = 0;
	size_t nk = sorted_kernels(order, MAX_KERNELS);
	summary_reset(ctr->cycles_estimated);
	if ((size_t)(__stop_bm_kernels - __start_bm_kernels) > nk)
		bm_warn("more than %d kernels registered; the rest do not run", MAX_KERNELS);
	bm_printf("\n%-28s %-19s %9s %9s %9s %8s %6s\n", "kernel", "parameter", "cyc.min", "cyc.med", "cyc.max",
		  "ins/op", "IPC");
	for (size_t ki = 0; ki < nk; ki++) {
		const struct bm_kernel *k = order[ki];
		if (!wanted(k, env->opt))
			continue;
		ran++;
		if (k->verify && !verified(&j, k, env, ctr, &errors))
			continue;
		for (unsigned i = 0;; i++) {
			uint64_t param = 0;
			if (k->param && !k->param(env, i, &param))
				break;
			if (!k->param && i > 0)
				break;
			memset(&j, 0, sizeof(j));
			j.k = k;
			j.env = env;
			j.ctr = ctr;
			j.param = param;
			j.has_param = true;
			j.repeats = harness_repeats(env->opt);
			uint64_t mark = arena_mark();
			struct bm_trap t;
			int trapped = bm_guard(measure, &j, &t);
			arena_release(mark);
			arch_small_pages_end();
			if (trapped) {
				report_error_trap(&j, &t);
				errors++;
				break; /* the run goes on with the next kernel */
			}
			if (j.skip_why)
				report_skip(&j);
			else if (j.check_failed) {
				report_check_failure(&j);
				errors++;
			} else
				report_result(&j);
		}
	}
	if (ran == 0)
		bm_warn("no kernel matches baremark.only=%s", env->opt->only);
	summary_emit();
	return errors;
}
