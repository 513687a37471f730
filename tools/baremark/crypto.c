/* baremark crypto <log>...: every crypto kernel at every message size,
 * one column per core type: cycles per byte, MB/s per GHz, the speed-up
 * over the scalar version of the same algorithm, and the kernel's bound
 * (crypto_bound.c) with how much of it the kernel reaches. */
#include "crypto.h"
#include "lognum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto_bound.h"
#include "textbuf.h"
#include "plot.h"

bool crypto_row(const struct cmp_row *r)
{
	return strncmp(r->kernel, "crypto.", 7) == 0 && strcmp(r->param_name, "bytes") == 0 && r->param > 0;
}

/* "crypto.aes128-ctr.aesni" -> "crypto.aes128-ctr.scalar" */
static const struct cmp_row *scalar_row(const struct cmp_row *r, const struct cmp_row *rows, int nrows)
{
	const char *dot = strrchr(r->kernel, '.');
	char want[96];
	snprintf(want, sizeof(want), "%.*s.scalar", (int)(dot - r->kernel), r->kernel);
	for (int i = 0; i < nrows; i++)
		if (strcmp(rows[i].kernel, want) == 0 && rows[i].param == r->param)
			return &rows[i];
	return NULL;
}

struct cr_fig crypto_fig(const struct core_col *c, const struct cmp_row *r, const struct cmp_row *rows, int nrows)
{
	struct cr_fig f = {0};
	struct cmp_cell x = compare_cell(c, r);
	if (x.skipped)
		f.skip = json_string_value(json_object_get(x.rec, "reason"));
	if (x.rec && !x.skipped && (!x.has_cyc || x.cyc <= 0)) {
		/* it ran, timed in ns only: the result's reason, else the core's */
		const char *u = json_string_value(json_object_get(x.rec, "cycles_per_op_unavailable"));
		if (!u)
			u = json_string_value(json_object_get(x.rec, "cycles_per_byte_unavailable"));
		const char *core = json_string_value(json_object_get(json_object_get(c->core_rec, "counters"), "cycles"));
		if (!u && core && strncmp(core, "ok", 2) != 0) /* the core's counter is missing: its reason */
			u = core;
		f.why = u ? u : "no cycle count, and neither the result nor the core record says why";
		f.has_mbps = ln_num_at(x.rec, "mb_per_s", 1e-9, LN_REAL_MAX, &f.mbps);
	}
	if (!x.has_cyc || x.cyc <= 0)
		return f;
	f.has = true;
	f.cpb = x.cyc / (double)r->param;
	f.mb_per_ghz = (double)r->param * 1000.0 / x.cyc;
	const struct cmp_row *sr = scalar_row(r, rows, nrows);
	if (sr) {
		struct cmp_cell s = compare_cell(c, sr);
		if (s.has_cyc && s.cyc > 0) {
			f.has_speedup = true;
			f.speedup = s.cyc / x.cyc;
		}
	}
	return f;
}

/* What tells a column apart from another of the same platform: the
 * vector unit's VLEN and the ISA string on RISC-V, the core's name on Arm
 * (in its type label), the CPU model in the Linux build, and the log. */
static void col_identity(const struct core_col *c, char *buf, size_t cap)
{
	const json_t *core = c->core_rec;
	struct textbuf t;
	tb_init(&t, buf, cap);
	tb_printf(&t, "%s", c->type_label[0] ? c->type_label : "(no type label)");
	json_int_t vlen = json_integer_value(json_object_get(json_object_get(core, "vector"), "vlen_bits"));
	const char *isa = json_string_value(json_object_get(core, "isa"));
	const char *compat = json_string_value(json_object_get(core, "compatible"));
	if (vlen > 0)
		tb_printf(&t, "; VLEN %lld", (long long)vlen);
	if (isa)
		tb_printf(&t, "; %s", isa);
	else if (compat && !strstr(c->type_label, compat))
		tb_printf(&t, "; %s", compat);
	tb_printf(&t, "; log %s", c->log->path);
}

/* The kernels a column skipped (crypto.* skip records), each with its
 * whole reason: a skipped kernel has no size, so no row shows it. */
static int list_skips(const struct cmp_set *set)
{
	int any = 0;
	for (int c = 0; c < set->ncols; c++) {
		size_t i;
		json_t *o;
		json_array_foreach(set->cols[c].log->records, i, o)
		{
			LOG_VISIT();
			const char *t = json_string_value(json_object_get(o, "type"));
			const char *k = json_string_value(json_object_get(o, "kernel"));
			if (!t || strcmp(t, "skip") != 0 || !k || strncmp(k, "crypto.", 7) != 0 ||
			    json_integer_value(json_object_get(o, "core")) != set->cols[c].core[0])
				continue;
			if (!any++)
				printf("\nskipped:\n");
			const char *why = json_string_value(json_object_get(o, "reason"));
			printf("  [%d] %s: %s\n", c + 1, k, why ? why : "(no reason in the record)");
		}
	}
	return any;
}

/* Accelerated kernels that ran in a column but have no bound there (or,
 * partial, one from their single instructions only), once each, with
 * why (the table's cell has no room for it). */
static void list_unbounded(const struct cmp_set *set, bool partial, const char *head)
{
	int any = 0;
	for (int c = 0; c < set->ncols; c++)
		for (int r = 0; r < set->nrows; r++) {
			const struct cmp_row *row = &set->rows[r];
			if (!crypto_row(row) || strstr(row->kernel, ".scalar"))
				continue;
			bool first = true; /* the first size of this kernel */
			for (int q = 0; q < r; q++)
				first &= strcmp(set->rows[q].kernel, row->kernel) != 0;
			struct cr_fig f = crypto_fig(&set->cols[c], row, set->rows, set->nrows);
			struct cr_bound b = crypto_bound(&set->cols[c], row->kernel, set->rows, set->nrows);
			if (!first || !f.has || (partial ? !b.partial : b.has))
				continue;
			if (!any++)
				printf("\n%s\n", head);
			printf("  [%d] %s: %s\n", c + 1, row->kernel, b.why);
		}
}

int cmd_crypto(int argc, char **argv)
{
	if (argc < 1 || argc > CMP_MAX_LOGS || argv[0][0] == '-') {
		fprintf(stderr, "usage: baremark crypto <log>... (at most %d)\n", CMP_MAX_LOGS);
		return 2;
	}
	static struct cmp_set set;
	int st = cmp_load(&set, (const char **)argv, argc, "crypto", false);
	if (st)
		return st;
	for (int c = 0; c < set.ncols; c++) {
		char id[512];
		col_identity(&set.cols[c], id, sizeof(id));
		printf("# [%d] %s: %s\n", c + 1, set.cols[c].label, id);
	}
	printf("%-30s %6s", "kernel", "bytes");
	for (int c = 0; c < set.ncols; c++) {
		char head[200];
		snprintf(head, sizeof(head), "[%d] %s", c + 1, set.cols[c].label);
		printf(" | %-30s", head);
	}
	printf("\n%-30s %6s", "", "");
	for (int c = 0; c < set.ncols; c++)
		printf(" | %8s %10s %9s %14s", "c/B", "MB/s/GHz", "x scalar", "bound c/B (at)");
	printf("\n");
	int shown = 0;
	bool over = false, partial = false;
	const char *no_cycles[CMP_MAX_COLS] = {0}; /* per column: why it has no cycles */
	for (int r = 0; r < set.nrows; r++) {
		if (!crypto_row(&set.rows[r]))
			continue;
		shown++;
		printf("%-30s %6lld", set.rows[r].kernel, (long long)set.rows[r].param);
		for (int c = 0; c < set.ncols; c++) {
			struct cr_fig f = crypto_fig(&set.cols[c], &set.rows[r], set.rows, set.nrows);
			struct cr_bound b = crypto_bound(&set.cols[c], set.rows[r].kernel, set.rows, set.nrows);
			char sp[16] = "—", bd[32] = "—";
			if (f.has_speedup)
				snprintf(sp, sizeof(sp), "%.2fx", f.speedup);
			/* A kernel faster than its bound cannot be: one of the two
			 * figures was disturbed, and the mark says so. */
			if (f.has && b.has) {
				snprintf(bd, sizeof(bd), "%.3f (%3.0f%%)%s%s", b.cpb, 100.0 * b.cpb / f.cpb,
					 b.cpb > f.cpb ? "!" : "", b.partial ? "~" : "");
				over |= b.cpb > f.cpb;
				partial |= b.partial;
			}
			if (f.has)
				printf(" | %8.3f %10.1f %9s %14s", f.cpb, f.mb_per_ghz, sp, bd);
			else if (f.skip)
				printf(" | %-30s", "skipped (listed below)");
			else if (f.why && f.has_mbps) { /* the timer's figure; why no cycles, once below */
				char mb[24];
				snprintf(mb, sizeof(mb), "%.1f MB/s (timer)", f.mbps);
				printf(" | %8s %10s %9s %14s", "—", "—", "—", mb);
				no_cycles[c] = f.why;
			} else if (f.why) {
				printf(" | %-44s", "no cycle count (listed below)");
				no_cycles[c] = f.why;
			}
			else
				printf(" | %-30s", "—");
		}
		printf("\n");
	}
	if (over)
		printf("\n! faster than its bound, which cannot be: the kernel's figure or an instruction's was "
		       "disturbed (their verdicts may say which); run again\n");
	if (partial)
		printf("\n~ from the single instructions only: the kernel's measured mix was not ok, and where its "
		       "instructions share a pipe the bound is higher (listed below)\n");
	for (int c = 0; c < set.ncols; c++)
		if (no_cycles[c])
			printf("\n[%d] no cycle count: %s; MB/s is from the timer\n", c + 1, no_cycles[c]);
	list_unbounded(&set, false, "no bound:");
	list_unbounded(&set, true, "bound from the single instructions only (~):");
	list_skips(&set);
	cmp_free(&set);
	if (!shown) {
		fprintf(stderr, "crypto: no crypto kernel results in these logs\n");
		return 1;
	}
	return 0;
}

/* The report's crypto figure: speed-up over scalar at the largest
 * message size each accelerated kernel ran, clustered by kernel, one bar
 * per column; or why there is none. */
bool crypto_plot(FILE *o, const struct cmp_set *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *g = open_memstream(&buf, &len);
	histogram_head(g, "speed-up over scalar C", "$s");
	int points = 0, per_col[CMP_MAX_COLS] = {0};
	for (int r = 0; r < s->nrows; r++) {
		const struct cmp_row *row = &s->rows[r];
		if (!crypto_row(row) || strstr(row->kernel, ".scalar"))
			continue;
		bool largest = true; /* the last size listed for this kernel */
		for (int q = r + 1; q < s->nrows; q++)
			largest &= strcmp(s->rows[q].kernel, row->kernel) != 0 || s->rows[q].param <= row->param;
		if (!largest)
			continue;
		char name[200];
		snprintf(name, sizeof(name), "%s %lldB", row->kernel + 7, (long long)row->param);
		gp_token(g, name);
		for (int c = 0; c < s->ncols; c++) {
			struct cr_fig f = crypto_fig(&s->cols[c], row, s->rows, s->nrows);
			histogram_cell(g, f.has_speedup, f.speedup, &points, &per_col[c]);
		}
		fprintf(g, "\n");
	}
	fprintf(g, "EOD\n");
	histogram_plot(g, "$s", s->cols, s->ncols, per_col);
	fclose(g);
	bool ok = true;
	if (points)
		ok = plot_figure(o, "crypto", "Crypto: speed-up of each accelerated version over scalar C on the same cores, "
					      "largest message size (cycles per byte ratio)",
				 buf);
	plot_left_out(o, histogram_left_out(), "a speed-up that is not a finite number under 10^100");
	if (!points)
		fprintf(o, "<p class=\"absent\" id=\"crypto\">Crypto speed-ups: no accelerated crypto kernel ran with a cycle "
			   "count beside its scalar version in these logs (each skip record says why).</p>\n");
	free(buf);
	return ok;
}
