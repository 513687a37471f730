/* baremark compare / report: the workload group (kernels/workload/).
 *
 * Per core type and program: cycles per run, IPC, runs per second per
 * MHz (10^6 / cycles: what a core does per clock, whatever its clock),
 * runs per second (the timer), and branch and L1D misses per thousand
 * instructions where the core counted them.
 *
 * The indices: for each class (integer, fp), the geometric mean over the
 * class's programs of this core's figure over the reference core's, at
 * the smallest working set both ran: per clock (runs per MHz) and per
 * second. The reference is the core of the first column of the reference
 * log (the shipped one unless --reference names another). A figure below
 * its floor is left out; an unstable one is kept and counted; a program
 * whose digest of a fixed input differs from the reference's (its code
 * changed between the builds) is left out and counted. */
#include "workload.h"
#include "lognum.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

/* docs/reference/zen5-workloads.log, as the Makefile builds it in */
extern const char bm_reference_log[];

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static bool is_workload(const struct cmp_row *r)
{
	return strncmp(r->kernel, "workload.", 9) == 0;
}

/* The workload rows of s, by program and then working set. */
static const struct cmp_set *sort_set;
static int by_program(const void *a, const void *b)
{
	const struct cmp_row *x = &sort_set->rows[*(const int *)a], *y = &sort_set->rows[*(const int *)b];
	int k = strcmp(x->kernel, y->kernel);
	return k ? k : (x->param > y->param) - (x->param < y->param);
}

static int program_rows(const struct cmp_set *s, int *idx)
{
	int n = 0;
	for (int r = 0; r < s->nrows; r++)
		if (is_workload(&s->rows[r]))
			idx[n++] = r;
	sort_set = s;
	qsort(idx, (size_t)n, sizeof(*idx), by_program);
	return n;
}

bool wl_reference_load(struct run_log *ref, const char *path)
{
	if (path)
		return log_load(ref, path);
	return log_load_text(ref, "the built-in docs/reference/zen5-workloads.log (AMD Zen 5, the Linux build)",
			     bm_reference_log);
}

bool wl_any(const struct cmp_set *s)
{
	for (int r = 0; r < s->nrows; r++)
		for (int c = 0; c < s->ncols && is_workload(&s->rows[r]); c++) {
			struct cmp_cell x = compare_cell(&s->cols[c], &s->rows[r]);
			if (x.rec && !x.skipped)
				return true;
		}
	return false;
}

struct wl_fig {
	bool has_cyc, has_ipc, has_s, has_br, has_l1d;
	bool ok;     /* the verdict is "ok" */
	bool usable; /* a figure that can be right: "ok" or "unstable", never "below_floor" */
	double cyc, ipc, per_mhz, per_s, br, l1d;
	const char *cls;    /* "integer", "fp" or "" */
	const char *digest; /* program_digest, "" in logs without it */
};

/* o[k], finite and at most 10^15 (lognum.h) */
static bool num(const json_t *o, const char *k, double *v)
{
	return ln_num_at(o, k, -LN_REAL_MAX, LN_REAL_MAX, v);
}

static struct wl_fig fig_of(const struct core_col *c, const struct cmp_row *r)
{
	struct wl_fig f = {0};
	f.cls = "";
	f.digest = "";
	struct cmp_cell x = compare_cell(c, r);
	if (!x.rec || x.skipped)
		return f;
	f.cls = str(x.rec, "program_class");
	f.digest = str(x.rec, "program_digest");
	f.ok = strcmp(x.verdict, "ok") == 0;
	f.usable = f.ok || strcmp(x.verdict, "unstable") == 0;
	if ((f.has_cyc = x.has_cyc && x.cyc > 0))
		f.per_mhz = 1e6 / (f.cyc = x.cyc);
	f.has_ipc = x.has_ipc;
	f.ipc = x.ipc;
	f.has_s = num(x.rec, "ops_per_s", &f.per_s) && f.per_s > 0;
	const json_t *ev = json_object_get(x.rec, "events_per_kilo_instruction");
	f.has_br = num(ev, "br_miss", &f.br);
	f.has_l1d = num(ev, "l1d_miss", &f.l1d);
	return f;
}

/* Do two figures come from the same program? Their digests of the same
 * input agree, or a log predates digests. */
static bool same_program(const struct wl_fig *a, const struct wl_fig *b)
{
	return !a->digest[0] || !b->digest[0] || strcmp(a->digest, b->digest) == 0;
}

/* The row of `kernel` at the smallest working set `a` and `b` both ran
 * with the same program, or -1; *changed is set when they ran it, but
 * not the same program (its code changed between the two builds). */
static int common_row(const struct cmp_set *s, const char *kernel, const struct core_col *a,
		      const struct cmp_set *rs, const struct core_col *b, struct wl_fig *fa, struct wl_fig *fb,
		      bool *changed)
{
	int best = -1;
	*changed = false;
	for (int r = 0; r < s->nrows; r++) {
		if (strcmp(s->rows[r].kernel, kernel) != 0 || (best >= 0 && s->rows[r].param >= s->rows[best].param))
			continue;
		struct wl_fig x = fig_of(a, &s->rows[r]), y = {0};
		for (int q = 0; q < rs->nrows; q++)
			if (strcmp(rs->rows[q].kernel, kernel) == 0 && rs->rows[q].param == s->rows[r].param)
				y = fig_of(b, &rs->rows[q]);
		if (x.has_cyc && y.has_cyc && !same_program(&x, &y)) {
			*changed = true;
			continue;
		}
		if (x.has_cyc && x.usable && y.has_cyc && y.usable) {
			best = r;
			*fa = x;
			*fb = y;
		}
	}
	return best;
}

struct wl_index {
	int n, of;       /* programs in the mean; programs of the class the reference ran */
	int unstable;    /* of the n, those whose figure here or in the reference is "unstable" */
	int changed;     /* programs left out: not the reference's program (digests differ) */
	int n_s;         /* of those, with runs per second on both */
	double clock, s; /* geometric means */
};

/* The distinct workload kernels of the reference, in its row order. */
static int ref_kernels(const struct cmp_set *rs, const char **k, int max)
{
	int n = 0;
	for (int r = 0; r < rs->nrows; r++) {
		if (!is_workload(&rs->rows[r]))
			continue;
		bool seen = false;
		for (int i = 0; i < n && !seen; i++)
			seen = strcmp(k[i], rs->rows[r].kernel) == 0;
		if (!seen && n < max)
			k[n++] = rs->rows[r].kernel;
	}
	return n;
}

static struct wl_index index_of(const struct cmp_set *s, const struct core_col *c, const struct cmp_set *rs,
				const char *cls)
{
	struct wl_index ix = {0};
	const char *k[64];
	int nk = ref_kernels(rs, k, 64);
	double lc = 0, ls = 0;
	for (int i = 0; i < nk; i++) {
		struct wl_fig a, b;
		/* the class as the reference's record gives it */
		bool in_class = false;
		for (int q = 0; q < rs->nrows && !in_class; q++)
			in_class = strcmp(rs->rows[q].kernel, k[i]) == 0 &&
				   strcmp(fig_of(&rs->cols[0], &rs->rows[q]).cls, cls) == 0;
		if (!in_class)
			continue;
		ix.of++;
		bool changed;
		if (common_row(s, k[i], c, rs, &rs->cols[0], &a, &b, &changed) < 0) {
			ix.changed += changed;
			continue;
		}
		ix.n++;
		ix.unstable += !a.ok || !b.ok;
		lc += log(b.cyc / a.cyc);
		if (a.has_s && b.has_s) {
			ix.n_s++;
			ls += log(a.per_s / b.per_s);
		}
	}
	ix.clock = ix.n ? exp(lc / ix.n) : 0;
	ix.s = ix.n_s ? exp(ls / ix.n_s) : 0;
	return ix;
}

/* The reference as a comparison set of its own (its first column is the
 * reference core). */
static bool ref_set(const struct run_log *ref, struct cmp_set *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->ncols = log_cores(ref, 1, rs->cols, CMP_MAX_COLS, false);
	rs->nrows = compare_rows(ref, 1, rs->rows, CMP_MAX_ROWS);
	return rs->ncols > 0 && rs->nrows > 0;
}

static void index_text(char *buf, size_t cap, struct wl_index ix, bool per_s)
{
	char more[96] = "";
	if (ix.unstable)
		snprintf(more, sizeof(more), ", %d unstable", ix.unstable);
	if (ix.changed)
		snprintf(more + strlen(more), sizeof(more) - strlen(more), ", %d not the reference's program",
			 ix.changed);
	if (!ix.of)
		snprintf(buf, cap, "no reference");
	else if (per_s ? !ix.n_s : !ix.n)
		snprintf(buf, cap, "none in common%s", more);
	else
		snprintf(buf, cap, "%.3f (%d of %d%s)", per_s ? ix.s : ix.clock, per_s ? ix.n_s : ix.n, ix.of, more);
}

static void ref_name(char *buf, size_t cap, const struct cmp_set *rs, const struct run_log *ref)
{
	const struct core_col *c = &rs->cols[0];
	snprintf(buf, cap, "%s (%s) in %s", c->type_label[0] ? c->type_label : c->label,
		 ref->run ? str(ref->run, "platform") : "?", ref->path);
}

void wl_table(FILE *o, const struct cmp_set *s, const struct run_log *ref, bool markdown)
{
	static struct cmp_set rs;
	bool have_ref = ref && ref_set(ref, &rs);
	fprintf(o, "\n%s workload group: cycles per run, IPC, runs per second per MHz (10^6 / cycles)\n",
		markdown ? "###" : "#");
	if (markdown) {
		fprintf(o, "\n| program | set_bytes");
		for (int c = 0; c < s->ncols; c++)
			fprintf(o, " | %s: cyc/run IPC runs/s/MHz", s->cols[c].label);
		fprintf(o, " |\n|---|---");
		for (int c = 0; c < s->ncols; c++)
			fprintf(o, "|---");
		fprintf(o, "|\n");
	} else {
		fprintf(o, "%-20s %-9s", "program", "set_bytes");
		for (int c = 0; c < s->ncols; c++)
			fprintf(o, " | %-34.34s", s->cols[c].label);
		fprintf(o, "\n%-20s %-9s", "", "");
		for (int c = 0; c < s->ncols; c++)
			fprintf(o, " | %12s %6s %10s   ", "cyc/run", "IPC", "runs/s/MHz");
		fprintf(o, "\n");
	}
	bool any_events = false;
	static int idx[CMP_MAX_ROWS];
	int nidx = program_rows(s, idx);
	for (int i = 0; i < nidx; i++) {
		int r = idx[i];
		fprintf(o, markdown ? "| %s | %lld" : "%-20s %-9lld", s->rows[r].kernel + 9, (long long)s->rows[r].param);
		for (int c = 0; c < s->ncols; c++) {
			struct wl_fig f = fig_of(&s->cols[c], &s->rows[r]);
			char cell[96];
			if (!f.has_cyc) {
				snprintf(cell, sizeof(cell), "—");
			} else {
				char ipc[16] = "—";
				if (f.has_ipc)
					snprintf(ipc, sizeof(ipc), "%.3f", f.ipc);
				snprintf(cell, sizeof(cell), "%12.0f %6s %10.3f%s", f.cyc, ipc, f.per_mhz, f.ok ? "" : " !");
			}
			any_events |= f.has_br || f.has_l1d;
			fprintf(o, markdown ? " | %s" : " | %-34s", cell);
		}
		fprintf(o, markdown ? " |\n" : "\n");
	}
	if (any_events) {
		fprintf(o, "\n%s misses per thousand instructions, where the core counted them (branch / L1D)\n",
			markdown ? "" : "#");
		for (int i = 0; i < nidx; i++) {
			int r = idx[i];
			fprintf(o, "%s%-20s %-9lld", markdown ? "- " : "", s->rows[r].kernel + 9, (long long)s->rows[r].param);
			for (int c = 0; c < s->ncols; c++) {
				struct wl_fig f = fig_of(&s->cols[c], &s->rows[r]);
				char br[16] = "—", l1[16] = "—";
				if (f.has_br)
					snprintf(br, sizeof(br), "%.2f", f.br);
				if (f.has_l1d)
					snprintf(l1, sizeof(l1), "%.2f", f.l1d);
				fprintf(o, " | %s: %s / %s", s->cols[c].label, br, l1);
			}
			fprintf(o, "\n");
		}
	}
	if (!have_ref) {
		fprintf(o, "\nno indices: the reference log has no core with results\n");
		return;
	}
	char who[400];
	ref_name(who, sizeof(who), &rs, ref);
	fprintf(o, "\n%sindices against %s (geometric mean of this core over the reference, at the smallest working "
		   "set both ran; programs counted: in common of the reference's)\n",
		markdown ? "" : "# ", who);
	for (int c = 0; c < s->ncols; c++) {
		char ic[160], fc[160], is[160], fs[160];
		struct wl_index ii = index_of(s, &s->cols[c], &rs, "integer"), fi = index_of(s, &s->cols[c], &rs, "fp");
		index_text(ic, sizeof(ic), ii, false);
		index_text(fc, sizeof(fc), fi, false);
		index_text(is, sizeof(is), ii, true);
		index_text(fs, sizeof(fs), fi, true);
		fprintf(o, "%s%s: integer %s, fp %s per clock; integer %s, fp %s per second\n", markdown ? "- " : "",
			s->cols[c].label, ic, fc, is, fs);
	}
}

static void td_num(FILE *o, bool has, const char *fmt, double v)
{
	fprintf(o, "<td>");
	if (has)
		fprintf(o, fmt, v);
	else
		fprintf(o, "—");
	fprintf(o, "</td>");
}

/* One bar chart: a value per program (smallest set) per column. */
static bool bars(FILE *o, const struct cmp_set *s, const struct cmp_set *rs, bool ipc, const char *id,
		 const char *caption, const char *absent)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *g = open_memstream(&buf, &len);
	histogram_head(g, ipc ? "instructions per cycle" : "runs per MHz over the reference core", "$w");
	int points = 0, per_col[CMP_MAX_COLS] = {0};
	static int idx[CMP_MAX_ROWS];
	int nidx = program_rows(s, idx);
	for (int i = 0; i < nidx; i++) {
		int r = idx[i];
		bool smallest = true;
		for (int q = 0; q < s->nrows; q++)
			smallest &= strcmp(s->rows[q].kernel, s->rows[r].kernel) != 0 || s->rows[q].param >= s->rows[r].param;
		if (!smallest)
			continue;
		gp_token(g, s->rows[r].kernel + 9);
		for (int c = 0; c < s->ncols; c++) {
			struct wl_fig a = fig_of(&s->cols[c], &s->rows[r]), b = {0};
			double v = 0;
			bool has = false;
			if (ipc) {
				has = a.has_ipc;
				v = a.ipc;
			} else if (rs) {
				for (int q = 0; q < rs->nrows; q++)
					if (strcmp(rs->rows[q].kernel, s->rows[r].kernel) == 0 &&
					    rs->rows[q].param == s->rows[r].param)
						b = fig_of(&rs->cols[0], &rs->rows[q]);
				has = a.has_cyc && b.has_cyc && same_program(&a, &b);
				v = has ? b.cyc / a.cyc : 0;
			}
			histogram_cell(g, has, v, &points, &per_col[c]);
		}
		fprintf(g, "\n");
	}
	fprintf(g, "EOD\n");
	histogram_plot(g, "$w", s->cols, s->ncols, per_col);
	fclose(g);
	bool ok = true;
	if (points)
		ok = plot_figure(o, id, caption, buf);
	plot_left_out(o, histogram_left_out(), "not a finite number under 10^100");
	if (!points)
		fprintf(o, "<p class=\"absent\" id=\"%s\">%s</p>\n", id, absent);
	free(buf);
	return ok;
}

bool wl_report(FILE *o, const struct cmp_set *s, const struct run_log *ref)
{
	static struct cmp_set rs;
	bool have_ref = ref && ref_set(ref, &rs);
	if (!wl_any(s)) {
		fprintf(o, "<p class=\"absent\" id=\"workload\">No workload results in these logs.</p>\n");
		return true;
	}
	fprintf(o, "<table id=\"workload\"><tr><th>program</th><th>set_bytes</th><th>column</th><th>cycles per run</th>"
		   "<th>IPC</th><th>runs/s per MHz</th><th>runs/s</th><th>branch MPKI</th><th>L1D MPKI</th></tr>\n");
	static int idx[CMP_MAX_ROWS];
	int nidx = program_rows(s, idx);
	for (int i = 0; i < nidx; i++) {
		int r = idx[i];
		for (int c = 0; c < s->ncols; c++) {
			struct wl_fig f = fig_of(&s->cols[c], &s->rows[r]);
			fprintf(o, "<tr><td>");
			html_text(o, s->rows[r].kernel + 9);
			fprintf(o, "</td><td>%lld</td><td>", (long long)s->rows[r].param);
			html_text(o, s->cols[c].label);
			fprintf(o, "</td>");
			td_num(o, f.has_cyc, "%.0f", f.cyc);
			td_num(o, f.has_ipc, "%.3f", f.ipc);
			td_num(o, f.has_cyc, "%.3f", f.per_mhz);
			td_num(o, f.has_s, "%.1f", f.per_s);
			td_num(o, f.has_br, "%.2f", f.br);
			td_num(o, f.has_l1d, "%.2f", f.l1d);
			fprintf(o, "</tr>\n");
		}
	}
	fprintf(o, "</table>\n");
	if (have_ref) {
		char who[400];
		ref_name(who, sizeof(who), &rs, ref);
		fprintf(o, "<p>Indices against ");
		html_text(o, who);
		fprintf(o, " (geometric mean over the class of this core's figure over the reference's, at the smallest "
			   "working set both ran):</p>\n<table id=\"workload-index\"><tr><th>column</th><th>integer, per "
			   "clock</th><th>fp, per clock</th><th>integer, per second</th><th>fp, per second</th></tr>\n");
		for (int c = 0; c < s->ncols; c++) {
			struct wl_index ii = index_of(s, &s->cols[c], &rs, "integer"), fi = index_of(s, &s->cols[c], &rs, "fp");
			char t[4][160];
			index_text(t[0], sizeof(t[0]), ii, false);
			index_text(t[1], sizeof(t[1]), fi, false);
			index_text(t[2], sizeof(t[2]), ii, true);
			index_text(t[3], sizeof(t[3]), fi, true);
			fprintf(o, "<tr><td>");
			html_text(o, s->cols[c].label);
			fprintf(o, "</td>");
			for (int k = 0; k < 4; k++) {
				fprintf(o, "<td>");
				html_text(o, t[k]);
				fprintf(o, "</td>");
			}
			fprintf(o, "</tr>\n");
		}
		fprintf(o, "</table>\n");
	} else {
		fprintf(o, "<p class=\"absent\" id=\"workload-index\">No indices: the reference log has no core with "
			   "results.</p>\n");
	}
	bool ok = bars(o, s, NULL, true, "workload-ipc", "Workload group: IPC per program (smallest working set)",
		       "Workload IPC: no core counted both cycles and instructions.");
	ok &= bars(o, s, have_ref ? &rs : NULL, false, "workload-per-mhz",
		   "Workload group: runs per MHz over the reference core's (per-clock throughput; smallest working set)",
		   "Workload runs per MHz: no reference with cycles for these programs.");
	return ok;
}
