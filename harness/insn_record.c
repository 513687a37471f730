/* The instruction table's `insn` record (insn_record.h; docs/records.md). */
#include "insn_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "cores.h"
#include "insn.h"
#include "insn_line.h"
#include "log.h"
#include "noinit.h"
#include "record.h"
#include "text.h"
#include "point_path.h"

static const struct bm_kernel *pending_k; /* the form whose latency point waits for its throughput */
static struct insn_point pending;

/* A vector form's grid (issue 43): its cells' points, kept until the
 * next form starts or the suite ends, then one record. */
static struct {
	const struct insn_form *f;
	struct insn_point lat[INSN_NCELL], thr[INSN_NCELL];
	bool has_lat[INSN_NCELL], has_thr[INSN_NCELL];
} grid;

/* VLEN in bits as the core reports it (kernels/insn/insn_rvv_riscv64.c);
 * 0 on an ISA without the vector table. */
__attribute__((weak)) unsigned insn_vlen_bits(void)
{
	return 0;
}

const char *insn_cell_name(unsigned c)
{
	static const char *names[INSN_NCELL] = {
		"e8mf8",  "e8mf4",  "e8mf2",  "e8m1",   "e8m2",   "e8m4",   "e8m8",  "e16mf8", "e16mf4", "e16mf2",
		"e16m1",  "e16m2",  "e16m4",  "e16m8",  "e32mf8", "e32mf4", "e32mf2", "e32m1", "e32m2",  "e32m4",
		"e32m8",  "e64mf8", "e64mf4", "e64mf2", "e64m1",  "e64m2",  "e64m4", "e64m8"};
	return c < INSN_NCELL ? names[c] : "?";
}

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
#define MAX_SKIPPED 64 /* rv64: 19 scalar extensions, RVV and 8 vector crypto ones */
static char skipped[MAX_SKIPPED][INSN_SKIP_NAME];
static int nskipped;

void insn_record_reset(void)
{
	pending_k = NULL;
	grid.f = NULL;
	ncomps = 0;
	nskipped = 0;
}

BM_POINT_PATH static bool companion_lat(const char *id, int64_t *milli)
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
	if (p->vd && !insn_vd_ok(p->vd))
		rec_str(r, vd_key, p->vd);
	if (p->why && p->why[0])
		rec_str(r, vw_key, p->why);
}

static bool ok(const struct insn_point *p)
{
	return p->measured && (!p->vd || insn_vd_ok(p->vd));
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
			rec_str(r, "lat_why", INSN_RT_WHY);
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

/* What the run says of a point's figures (repeats other than the run's,
 * cycles estimated), then the record out. */
static void run_fields(struct rec *r, const struct insn_point *any)
{
	if (any && any->repeats)
		rec_u64(r, "r", any->repeats);
	if (any && any->cycles_estimated)
		rec_bool(r, "cycles_estimated", true);
	bm_emit(r);
}

BM_POINT_PATH static void emit(const struct bm_kernel *k, struct insn_point *lat, const struct insn_point *thr)
{
	const struct insn_form *f = k->form;
	int64_t via_lat = 0;
	bool via_known = f->via && !f->cross && companion_lat(f->via, &via_lat);
	if (insn_line_emit(f, lat, thr, via_known ? &via_lat : NULL))
		return;
	struct rec r;
	rec_begin(&r, "insn");
	if (arch_core_id() != cores.slot[cores.primary].hwid)
		rec_u64(&r, "c", arch_core_id());
	rec_str(&r, "f", f->id);
	if (f->form_insns > 1) /* the form is that many instructions (an LR/SC pair), one op */
		rec_u64(&r, "ins", f->form_insns);
	struct table_line_out lt, tt; /* not cleared whole: the table is rarely shown (table_figure) */
	lt.buf[0] = tt.buf[0] = '\0';
	if (f->lat_measured && lat)
		latency_fields(&r, f, lat, &lt);
	else if (f->lat_measured)
		rec_str(&r, "lat_why", "no latency point in this run (not selected, or its error record says why)");
	else
		rec_str(&r, "lat_why", INSN_NOLAT_WHY);
	if (thr && thr->measured) {
		figure(&r, "thr", thr->cyc);
		if (f->thr_insns_per_op > 1) /* the op is the form and its companion */
			rec_u64(&r, "thr_ins", f->thr_insns_per_op);
		verdict(&r, "tvd", "tvw", thr);
		table_figure(&tt, "%9s", thr->cyc.est);
	} else {
		rec_str(&r, "thr_why", thr && thr->why ? thr->why : "no throughput point in this run (not selected, or its error record says why)");
	}
	run_fields(&r, thr ? thr : lat);
	if (log_table_shown()) {
		if (!lt.buf[0])
			snprintf(lt.buf, sizeof(lt.buf), "%9s", "-");
		if (!tt.buf[0])
			snprintf(tt.buf, sizeof(tt.buf), "%9s", "-");
		bool flagged = (lat && lat->measured && !ok(lat)) || (thr && thr->measured && !ok(thr));
		bm_printf("%-36s lat %s  thr %s%s\n", f->id, lt.buf, tt.buf, flagged ? "  (flagged: see record)" : "");
	}
}

static void grid_figure(struct rec *r, const struct insn_point *p)
{
	if (!p->measured)
		rec_null(r, NULL);
	else
		figure(r, NULL, p->cyc);
}

static bool grid_cell_ok(const struct insn_point *p)
{
	return !p->measured || !p->vd || insn_vd_ok(p->vd);
}

/* The grid record (docs/records.md#insn, vector forms): g cell -> [lat,
 * thr], a null where a figure is not measured (why says why), lv / tv the
 * verdicts that are not ok, rt the round trip of a chain through its
 * companion (then lat is null). */
static void grid_emit(void)
{
	const struct insn_form *f = grid.f;
	grid.f = NULL;
	struct rec r;
	rec_begin(&r, "insn");
	if (arch_core_id() != cores.slot[cores.primary].hwid)
		rec_u64(&r, "c", arch_core_id());
	rec_str(&r, "f", f->id);
	rec_u64(&r, "vlen", insn_vlen_bits());
	bool rt = f->cross && f->via;
	if (rt)
		rec_str(&r, "via", f->via);
	const struct insn_point *any = NULL;
	bool nulls = false, lbad = false, tbad = false, flagged = false;
	rec_obj(&r, "g");
	for (unsigned c = 0; c < INSN_NCELL; c++) {
		if (!grid.has_lat[c] && !grid.has_thr[c])
			continue;
		struct insn_point none = {0};
		const struct insn_point *l = grid.has_lat[c] ? &grid.lat[c] : &none;
		const struct insn_point *t = grid.has_thr[c] ? &grid.thr[c] : &none;
		any = grid.has_thr[c] ? t : l;
		rec_arr(&r, insn_cell_name(c));
		if (rt)
			rec_null(&r, NULL);
		else
			grid_figure(&r, l);
		grid_figure(&r, t);
		rec_close(&r);
		nulls |= rt || !l->measured || !t->measured;
		lbad |= !rt && !grid_cell_ok(l);
		tbad |= !grid_cell_ok(t);
	}
	rec_close(&r);
	if (nulls) {
		rec_obj(&r, "why");
		for (unsigned c = 0; c < INSN_NCELL; c++) {
			const struct insn_point *l = &grid.lat[c], *t = &grid.thr[c];
			if (!grid.has_lat[c] && !grid.has_thr[c])
				continue;
			const char *w = NULL;
			if (!f->lat_measured)
				w = !grid.has_thr[c] || t->measured ? "lat: no chain (nolat)"
								     : t->why;
			else if (rt && (!grid.has_lat[c] || l->measured || !l->why))
				w = "lat: a round trip (rt)";
			else if (rt) /* the cell never ran (an extension it needs the hart lacks): its reason */
				w = l->why;
			else if (!grid.has_lat[c] || !l->measured)
				w = grid.has_lat[c] && l->why ? l->why : "lat: no point in this run (not selected, or its error record says why)";
			else if (!grid.has_thr[c] || !t->measured)
				w = grid.has_thr[c] && t->why ? t->why : "thr: no point in this run (not selected, or its error record says why)";
			if (w)
				rec_str(&r, insn_cell_name(c), w);
		}
		rec_close(&r);
	}
	if (rt) {
		rec_obj(&r, "rt");
		for (unsigned c = 0; c < INSN_NCELL; c++)
			if (grid.has_lat[c] && grid.lat[c].measured)
				figure(&r, insn_cell_name(c), grid.lat[c].cyc);
		rec_close(&r);
	}
	for (int k = 0; k < 2; k++) {
		if (!(k ? tbad : lbad))
			continue;
		rec_obj(&r, k ? "tv" : "lv");
		for (unsigned c = 0; c < INSN_NCELL; c++) {
			const struct insn_point *p = k ? &grid.thr[c] : &grid.lat[c];
			if ((k ? grid.has_thr[c] : grid.has_lat[c]) && !grid_cell_ok(p)) {
				rec_str(&r, insn_cell_name(c), p->vd);
				flagged = true;
			}
		}
		rec_close(&r);
	}
	if (f->thr_insns_per_op > 1)
		rec_u64(&r, "thr_ins", f->thr_insns_per_op);
	run_fields(&r, any);
	if (log_table_shown()) {
		unsigned n = 0;
		for (unsigned c = 0; c < INSN_NCELL; c++)
			n += grid.has_lat[c] || grid.has_thr[c];
		bm_printf("%-36s %u SEW x LMUL cells (the record has the grid)%s\n", f->id, n,
			  flagged ? "  (flagged: see record)" : "");
	}
}

/* A vector form's point at one cell (measured, or why not). */
static void grid_point(const struct insn_form *f, bool thr, unsigned cell, const struct insn_point *p)
{
	if (grid.f != f) {
		insn_record_flush();
		memset(&grid, 0, sizeof(grid));
		grid.f = f;
	}
	if (cell >= INSN_NCELL)
		return;
	if (thr)
		grid.thr[cell] = *p, grid.has_thr[cell] = true;
	else
		grid.lat[cell] = *p, grid.has_lat[cell] = true;
}

void insn_record_cell_skipped(const struct bm_kernel *k, unsigned cell, const char *why)
{
	size_t n = strlen(k->name);
	struct insn_point p = {.why = why};
	grid_point(k->form, n > 4 && strcmp(k->name + n - 4, ".thr") == 0, cell, &p);
}

BM_POINT_PATH void insn_record_flush(void)
{
	if (grid.f)
		grid_emit();
	if (!pending_k)
		return;
	const struct bm_kernel *k = pending_k;
	pending_k = NULL;
	emit(k, &pending, NULL);
}

BM_POINT_PATH void insn_record_point(const struct bm_kernel *k, bool thr, const struct insn_point *p)
{
	const struct insn_form *f = k->form;
	if (f->grid) {
		grid_point(f, thr, p->cell, p);
		return;
	}
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

bool insn_record_skip_once(const struct bm_kernel *k, char name[INSN_SKIP_NAME])
{
	/* "insn.<isa>.<ext>": the kernel's name up to its form's name */
	const char *id = k->form->id;
	const char *dot = strchr(id, '.');
	dot = dot ? strchr(dot + 1, '.') : NULL;
	size_t n = dot ? (size_t)(dot - id) : strlen(id);
	if (n + 6 > INSN_SKIP_NAME) /* "insn.", the id's head, the NUL */
		n = INSN_SKIP_NAME - 6;
	/* every skipped form of an extension asks, one after another (the
	 * table's forms run sorted by id): the last one said first, then
	 * the rest (a companion of an extension runs before its other
	 * forms); under sim the general comparison was some 600
	 * instructions of each skipped form of the scalar table */
	for (int i = nskipped - 1; i >= 0; i--)
		if (memcmp(skipped[i] + 5, id, n) == 0 && !skipped[i][5 + n])
			return false;
	memcpy(name, "insn.", 5);
	memcpy(name + 5, id, n);
	name[5 + n] = '\0';
	insn_record_flush();
	if (nskipped < MAX_SKIPPED)
		memcpy(skipped[nskipped++], name, n + 6);
	return true;
}

/* The baremark.only patterns that begin "insn" (only those select the
 * table's forms: "*" alone, every kernel, does not, so the default suite
 * never runs the whole table), each with its literal head (up to its
 * first wildcard), found once a suite by insn_select: the test below
 * runs for each of the table's 1,100 kernels, and under sim a core paid
 * some 600,000 instructions for them before its first form. */
static struct {
	const char *p;
	unsigned len, head;
	char at; /* the head's character at `common`, 0 where the head ends there */
} pats[BM_OPT_ONLY_LEN / 2];
static int npats;
static unsigned common; /* the heads' common start ("insn.rv64." for a list of extensions) */

static bool selects_form(const char *name)
{
	/* the common start once, then each head from there: most names
	 * part from them at once, and a name shorter than one parts at its
	 * NUL */
	unsigned c = 0;
	while (c < common && name[c] == pats[0].p[c])
		c++;
	if (c < common)
		return false;
	/* a head that goes on past the common start parts from a name at
	 * once where its next character does (insn.rv64.zba.* from every
	 * name but a Z form's): one comparison a pattern, most names */
	char next = name[c];
	for (int i = 0; i < npats; i++) {
		if (pats[i].at && pats[i].at != next)
			continue;
		const char *p = pats[i].p;
		unsigned h = c;
		while (h < pats[i].head && name[h] == p[h])
			h++;
		if (h == pats[i].head && glob_match(p + h, p + pats[i].len, name + h))
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

/* The companions whose forms a pattern selects (by form id), found in
 * one pass over the table rather than one pass a companion; past
 * MAX_NEEDED of them every companion is looked for the slow way. */
#define MAX_NEEDED 64
static const char *needed[MAX_NEEDED];
static int nneeded;
static bool needed_overflow;

static bool is_needed(const char *id, const struct bm_kernel *all, const struct bm_kernel *end)
{
	for (int i = 0; i < nneeded; i++)
		if (needed[i] == id || strcmp(needed[i], id) == 0)
			return true;
	if (!needed_overflow)
		return false;
	for (const struct bm_kernel *x = all; x < end; x++)
		if (x->form && x->form->via && strcmp(x->form->via, id) == 0 && selects_form(x->name))
			return true;
	return false;
}

void insn_select(const struct bm_options *o, const struct bm_kernel *all, const struct bm_kernel *end)
{
	npats = 0;
	for (int i = 0; i < o->nonly; i++) {
		const char *p = o->only + o->only_at[i];
		unsigned len = o->only_len[i], h = 0;
		if (len < 4 || strncmp(p, "insn", 4) != 0)
			continue;
		while (h < len && p[h] != '*' && p[h] != '?')
			h++;
		pats[npats].p = p;
		pats[npats].len = len;
		pats[npats++].head = h;
	}
	common = npats ? pats[0].head : 0;
	for (int i = 1; i < npats; i++) {
		unsigned c = 0;
		while (c < common && c < pats[i].head && pats[i].p[c] == pats[0].p[c])
			c++;
		common = c;
	}
	for (int i = 0; i < npats; i++)
		pats[i].at = pats[i].head > common ? pats[i].p[common] : 0;
	nneeded = 0;
	needed_overflow = false;
	for (const struct bm_kernel *x = all; npats && x < end; x++) {
		const char *via = x->form ? x->form->via : NULL;
		if (!via || !selects_form(x->name))
			continue;
		bool known = false;
		for (int i = 0; i < nneeded && !known; i++)
			known = needed[i] == via || strcmp(needed[i], via) == 0;
		if (known)
			continue;
		if (nneeded < MAX_NEEDED)
			needed[nneeded++] = via;
		else
			needed_overflow = true;
	}
}

bool insn_wanted(const struct bm_kernel *k, const struct bm_kernel *all, const struct bm_kernel *end)
{
	if (selects_form(k->name))
		return true;
	/* a companion's latency kernel runs wherever a selected form's
	 * chain runs through it */
	if (!k->form->is_companion || !k->form->lat_measured)
		return false;
	size_t n = strlen(k->name);
	return n >= 4 && strcmp(k->name + n - 4, ".lat") == 0 && is_needed(k->form->id, all, end);
}

int insn_order(const struct bm_kernel *a, const struct bm_kernel *b)
{
	if (a->form->is_companion != b->form->is_companion)
		return a->form->is_companion ? -1 : 1;
	/* by form, then .lat before .thr: a form's two points together
	 * (by name, "x.lat" < "x.rs3.lat" < "x.thr" would part them) */
	if (a->form == b->form) /* ids are unique: the same form */
		return strcmp(a->name, b->name);
	return strcmp(a->form->id, b->form->id);
}

static int kernel_insn_order(const void *a, const void *b)
{
	return insn_order(*(const struct bm_kernel *const *)a, *(const struct bm_kernel *const *)b);
}

/* insn_sort's element: the kernel and a key that orders it as
 * insn_order does wherever two keys differ (companions first, then the
 * id's bytes past what every id shares), so that most of the sort's
 * comparisons are one of integers, not a strcmp of two ids sharing
 * their "rv64." (the scalar table's 430 kernels took 0.42 M
 * instructions to sort under sim before its first form ran). */
struct keyed_kernel {
	uint64_t key;
	const struct bm_kernel *k;
};

static int keyed_order(const void *a, const void *b)
{
	const struct keyed_kernel *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return insn_order(x->k, y->k); /* the same key: the ids' bytes past it tell */
}

void insn_sort(const struct bm_kernel **v, size_t n)
{
	static struct keyed_kernel kv[INSN_SORT_MAX] BM_NOINIT;
	if (n < 2)
		return;
	if (n > INSN_SORT_MAX) { /* never (the harness's MAX_KERNELS): the slow way */
		qsort(v, n, sizeof(v[0]), kernel_insn_order);
		return;
	}
	/* the bytes every id shares ("rv64."): the key starts after them */
	const char *first = v[0]->form->id;
	size_t skip = strlen(first);
	for (size_t i = 1; i < n && skip; i++) {
		const char *id = v[i]->form->id;
		size_t c = 0;
		while (c < skip && id[c] == first[c])
			c++;
		skip = c;
	}
	for (size_t i = 0; i < n; i++) {
		/* seven bytes from there, big-endian (an id's end reads as
		 * zeros, as strcmp orders a shorter id first), under the
		 * companion bit (clear: first) */
		const char *id = v[i]->form->id + skip;
		uint64_t key = v[i]->form->is_companion ? 0 : 1ull << 63;
		for (int b = 0, end = 0; b < 7; b++) {
			end = end || !id[b];
			key |= (uint64_t)(end ? 0 : (uint8_t)id[b]) << (8 * (6 - b));
		}
		kv[i] = (struct keyed_kernel){key, v[i]};
	}
	qsort(kv, n, sizeof(kv[0]), keyed_order);
	for (size_t i = 0; i < n; i++)
		v[i] = kv[i].k;
}

bool insn_runs_before(const struct bm_kernel *a, const struct bm_kernel *b)
{
	return insn_order(a, b) < 0;
}
