/* The instruction table's `insn` record (insn_record.h; docs/records.md). */
#include "insn_record.h"

#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "cores.h"
#include "insn.h"
#include "log.h"
#include "record.h"
#include "text.h"

static const struct bm_kernel *pending_k; /* the form whose latency point waits for its throughput */
static struct insn_point pending;

/* Companions' latencies this suite measured (only companions are kept:
 * a form whose chain runs through one subtracts it). */
#define MAX_COMPANIONS 32
static struct {
	const char *id;
	int64_t milli;
} comps[MAX_COMPANIONS];
static int ncomps;

/* the extensions already said skipped in this suite (a companion of an
 * extension runs before its other forms, so they need not be adjacent) */
#define MAX_SKIPPED 32
static char skipped[MAX_SKIPPED][40];
static int nskipped;

void insn_record_reset(void)
{
	pending_k = NULL;
	ncomps = 0;
	nskipped = 0;
}

static bool companion_lat(const char *id, int64_t *milli)
{
	for (int i = 0; i < ncomps; i++)
		if (strcmp(comps[i].id, id) == 0) {
			*milli = comps[i].milli;
			return true;
		}
	return false;
}

static void figure(struct rec *r, const char *key, struct bm_estimate e)
{
	if (e.q1 == e.est && e.q3 == e.est) {
		rec_milli(r, key, e.est);
		return;
	}
	rec_arr(r, key);
	rec_milli(r, NULL, e.est);
	rec_milli(r, NULL, e.q1);
	rec_milli(r, NULL, e.q3);
	rec_close(r);
}

static void verdict(struct rec *r, const char *vd_key, const char *vw_key, const struct insn_point *p)
{
	if (p->vd && strcmp(p->vd, "ok") != 0)
		rec_str(r, vd_key, p->vd);
	if (p->why && p->why[0])
		rec_str(r, vw_key, p->why);
}

static bool ok(const struct insn_point *p)
{
	return p->measured && (!p->vd || strcmp(p->vd, "ok") == 0);
}

static void shift(struct bm_estimate *e, int64_t by)
{
	e->est -= by, e->q1 -= by, e->q3 -= by;
}

struct table_line_out {
	char buf[160];
};

/* The latency fields: the chain's own figure, or net of its companion,
 * or for a chain across register files the round trip (never split: the
 * two moves' shares cannot be told apart). */
static void table_figure(struct table_line_out *t, const char *fmt, int64_t milli)
{
	if (!log_table_shown()) /* under console=records nobody reads it (a simulated core pays for it) */
		return;
	char a[24];
	fmt_milli(a, sizeof(a), milli);
	snprintf(t->buf, sizeof(t->buf), fmt, a);
}

static void latency_fields(struct rec *r, const struct insn_form *f, struct insn_point *lat, struct table_line_out *t)
{
	if (!lat->measured) {
		rec_str(r, "lat_why", lat->why ? lat->why : "not measured");
		return;
	}
	struct bm_estimate e = lat->cyc;
	if (f->via) {
		rec_str(r, "via", f->via);
		int64_t c = 0;
		if (f->cross) {
			figure(r, "rt", e);
			rec_str(r, "lat_why", "a round trip between register files through the companion: the two "
					      "instructions' shares cannot be told apart");
			table_figure(t, "%8s*", e.est);
			return;
		}
		if (!companion_lat(f->via, &c)) {
			figure(r, "rt", e);
			rec_str(r, "lat_why", "the companion's latency was not measured in this run");
			return;
		}
		rec_milli(r, "via_lat", c);
		shift(&e, c);
	}
	figure(r, "lat", e);
	verdict(r, "lvd", "lvw", lat);
	table_figure(t, "%9s", e.est);
}

static void emit(const struct bm_kernel *k, struct insn_point *lat, const struct insn_point *thr)
{
	const struct insn_form *f = k->form;
	struct rec r;
	rec_begin(&r, "insn");
	if (arch_core_id() != cores.slot[cores.primary].hwid)
		rec_u64(&r, "c", arch_core_id());
	rec_str(&r, "f", f->id);
	if (f->form_insns > 1) /* the form is that many instructions (an LR/SC pair), one op */
		rec_u64(&r, "ins", f->form_insns);
	struct table_line_out lt = {""}, tt = {""};
	if (f->lat_measured && lat)
		latency_fields(&r, f, lat, &lt);
	else if (f->lat_measured)
		rec_str(&r, "lat_why", "no latency point in this run (not selected, or its error record says why)");
	else
		rec_str(&r, "lat_why", "nolat: no chain (a store, or a result not chained)"); /* short: a byte costs a simulated core ~40 instructions */
	if (thr && thr->measured) {
		figure(&r, "thr", thr->cyc);
		if (f->thr_insns_per_op > 1) /* the op is the form and its companion */
			rec_u64(&r, "thr_ins", f->thr_insns_per_op);
		verdict(&r, "tvd", "tvw", thr);
		table_figure(&tt, "%9s", thr->cyc.est);
	} else {
		rec_str(&r, "thr_why", thr && thr->why ? thr->why : "no throughput point in this run (not selected, or its error record says why)");
	}
	const struct insn_point *any = thr ? thr : lat;
	if (any && any->repeats)
		rec_u64(&r, "r", any->repeats);
	if (any && any->cycles_estimated)
		rec_bool(&r, "cycles_estimated", true);
	bm_emit(&r);
	if (log_table_shown()) {
		if (!lt.buf[0])
			snprintf(lt.buf, sizeof(lt.buf), "%9s", "-");
		if (!tt.buf[0])
			snprintf(tt.buf, sizeof(tt.buf), "%9s", "-");
		bool flagged = (lat && lat->measured && !ok(lat)) || (thr && thr->measured && !ok(thr));
		bm_printf("%-36s lat %s  thr %s%s\n", f->id, lt.buf, tt.buf, flagged ? "  (flagged: see record)" : "");
	}
}

void insn_record_flush(void)
{
	if (!pending_k)
		return;
	const struct bm_kernel *k = pending_k;
	pending_k = NULL;
	emit(k, &pending, NULL);
}

void insn_record_point(const struct bm_kernel *k, bool thr, const struct insn_point *p)
{
	const struct insn_form *f = k->form;
	if (!thr) {
		insn_record_flush();
		if (f->is_companion && ok(p) && ncomps < MAX_COMPANIONS)
		{
			comps[ncomps].id = f->id;
			comps[ncomps++].milli = p->cyc.est;
		}
		pending_k = k;
		pending = *p;
		return;
	}
	if (pending_k && pending_k->form == f) {
		pending_k = NULL;
		emit(k, &pending, p);
		return;
	}
	insn_record_flush();
	emit(k, NULL, p);
}

bool insn_record_skip_once(const struct bm_kernel *k, char *name, size_t cap)
{
	/* "insn.<isa>.<ext>": the kernel's name up to its form's name */
	const char *id = k->form->id;
	const char *dot = strchr(id, '.');
	dot = dot ? strchr(dot + 1, '.') : NULL;
	size_t n = dot ? (size_t)(dot - id) : strlen(id);
	snprintf(name, cap, "insn.%.*s", (int)n, id);
	for (int i = 0; i < nskipped; i++)
		if (strcmp(skipped[i], name) == 0)
			return false;
	insn_record_flush();
	if (nskipped < MAX_SKIPPED)
		snprintf(skipped[nskipped++], sizeof(skipped[0]), "%s", name);
	return true;
}

/* A pattern beginning "insn" selects the table's forms: "*" alone (every
 * kernel) does not, so the default suite never runs the whole table. */
static bool selects_form(const struct bm_options *o, const char *name)
{
	for (int i = 0; i < o->nonly; i++) {
		const char *p = o->only + o->only_at[i];
		if (o->only_len[i] >= 4 && strncmp(p, "insn", 4) == 0 && glob_match(p, p + o->only_len[i], name))
			return true;
	}
	return false;
}

bool insn_asked(const struct bm_options *o)
{
	for (int i = 0; i < o->nonly; i++)
		if (o->only_len[i] >= 4 && strncmp(o->only + o->only_at[i], "insn", 4) == 0)
			return true;
	return false;
}

bool insn_wanted(const struct bm_kernel *k, const struct bm_options *o, const struct bm_kernel *all,
		 const struct bm_kernel *end)
{
	if (!insn_asked(o))
		return false;
	if (selects_form(o, k->name))
		return true;
	/* a companion's latency kernel runs wherever a selected form's
	 * chain runs through it */
	if (!k->form->is_companion || !k->form->lat_measured || strcmp(k->name + strlen(k->name) - 4, ".lat") != 0)
		return false;
	for (const struct bm_kernel *x = all; x < end; x++)
		if (x->form && x->form->via && strcmp(x->form->via, k->form->id) == 0 && selects_form(o, x->name))
			return true;
	return false;
}

bool insn_runs_before(const struct bm_kernel *a, const struct bm_kernel *b)
{
	if (a->form->is_companion != b->form->is_companion)
		return a->form->is_companion;
	/* by form, then .lat before .thr: a form's two points together
	 * (by name, "x.lat" < "x.rs3.lat" < "x.thr" would part them) */
	int c = strcmp(a->form->id, b->form->id);
	return c ? c < 0 : strcmp(a->name, b->name) < 0;
}
