/* baremark report: one self-contained HTML page (no scripts, no network)
 * with the plots drawn by gnuplot (Debian's gnuplot-nox, SVG terminal)
 * and inlined, plus the comparison table. A plot whose data no log holds
 * is listed as absent with the reason, never drawn empty. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "crypto.h"
#include "insn.h"
#include "plot.h"
#include "report_multicore.h"
#include "workload.h"

#define MAX_LOGS CMP_MAX_LOGS

/* A sweep: cycles/op of `kernel` against its parameter, one line per core. */
/* The clock every column shares (measured or estimated), or 0 when
 * they differ or one has none: a second axis in ns needs one clock. */
static double shared_mhz(const struct core_col *cols, int ncols)
{
	double mhz = ncols ? cols[0].mhz : 0;
	for (int c = 1; c < ncols; c++)
		if (cols[c].mhz < mhz * 0.99 || cols[c].mhz > mhz * 1.01)
			return 0;
	return mhz;
}

/* A sweep: cycles/op of `kernel` against its parameter, one line per
 * core. With logy the cycles are on a log axis (a latency curve's
 * plateaus, 4 and 14 cycles beside 500 for memory, stay visible), and,
 * where every column has the same clock, ns on the right. */
static bool sweep_plot(FILE *o, const char *id, const char *title, const char *kernel, const char *xlabel,
		       const char *xformat, bool logy, const struct core_col *cols, int ncols, const struct cmp_row *rows,
		       int nrows)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *s = open_memstream(&buf, &len);
	double mhz = logy ? shared_mhz(cols, ncols) : 0;
	fprintf(s, "set terminal svg size 860,440 dynamic font 'sans,12' background '#ffffff'\n");
	fprintf(s, "set logscale x 2\nset grid\nset key top left\nset xlabel '%s'\nset ylabel 'cycles per op'\n", xlabel);
	if (logy)
		fprintf(s, "set logscale y 10\nset format y '%%g'\n");
	fprintf(s, "set format x '%s'\n", xformat);
	int lines = 0, left_out = 0;
	double lo = 0, hi = 0; /* the cycles drawn, for the ns axis */
	for (int c = 0; c < ncols; c++) {
		fprintf(s, "$d%d << EOD\n", c);
		for (int r = 0; r < nrows; r++) {
			if (strcmp(rows[r].kernel, kernel) != 0)
				continue;
			struct cmp_cell x = compare_cell(&cols[c], &rows[r]);
			if (!x.has_cyc) {
				left_out += x.out_of_range; /* a figure past 10^15: refused when read */
				continue;
			}
			if (!plot_value(x.cyc, logy) || rows[r].param <= 0) {
				left_out++; /* the x axis is a log one too */
				continue;
			}
			fprintf(s, "%lld %.3f\n", (long long)rows[r].param, x.cyc), lines++;
			if (x.cyc > 0) {
				lo = lo == 0 || x.cyc < lo ? x.cyc : lo;
				hi = x.cyc > hi ? x.cyc : hi;
			}
		}
		fprintf(s, "EOD\n");
	}
	/* gnuplot links no axis to a log one: both ranges are set from the
	 * data, the right one scaled to ns (cycles x 1000 / MHz) */
	if (mhz > 0 && lo > 0)
		fprintf(s, "set yrange [%g:%g]\nset y2range [%g:%g]\nset logscale y2 10\nset y2tics\nset ytics nomirror\n"
			   "set format y2 '%%g'\nset y2label 'ns per op (at %.0f MHz%s)'\n",
			lo / 1.5, hi * 1.5, lo / 1.5 * 1000.0 / mhz, hi * 1.5 * 1000.0 / mhz, mhz,
			cols[0].mhz_estimated ? ", estimated" : "");
	fprintf(s, "plot ");
	for (int c = 0; c < ncols; c++) {
		fprintf(s, "%s$d%d using 1:2 with linespoints title '", c ? ", " : "", c);
		gp_label(s, cols[c].label);
		fprintf(s, "'");
	}
	fprintf(s, "\n");
	fclose(s);
	bool ok = false;
	if (lines) {
		fprintf(o, "<figure id=\"%s\" class=\"plot\">\n", id);
		ok = run_gnuplot(buf, o);
		fprintf(o, "<figcaption>%s</figcaption></figure>\n", title);
		plot_left_out(o, left_out,
			      logy ? "not a finite number under 10^100, not above 0 (a log axis), or at a parameter of 0 or less"
				   : "not a finite number under 10^100, or at a parameter of 0 or less");
	} else if (left_out) {
		fprintf(o, "<p class=\"absent\" id=\"%s\">%s: none of the %d %s results can be plotted (not finite, "
			   "too large, or not above 0 on a log axis).</p>\n",
			id, title, left_out, kernel);
		ok = true;
	} else {
		fprintf(o, "<p class=\"absent\" id=\"%s\">%s: no %s results in these logs.</p>\n", id, title, kernel);
		ok = true;
	}
	free(buf);
	return ok;
}

/* What the image warned about (warning records), log by log. */
static void warnings_list(FILE *o, const struct run_log *logs, int nlogs)
{
	bool any = false;
	for (int i = 0; i < nlogs; i++) {
		size_t k;
		json_t *r;
		json_array_foreach(logs[i].records, k, r)
		{
			LOG_VISIT();
			if (strcmp(json_string_value(json_object_get(r, "type")), "warning") != 0)
				continue;
			if (!any)
				fprintf(o, "<h2>Warnings</h2>\n<ul id=\"warnings\">\n");
			any = true;
			fprintf(o, "<li>");
			html_text(o, logs[i].path);
			fprintf(o, ": ");
			html_text(o, json_string_value(json_object_get(r, "text")));
			fprintf(o, "</li>\n");
		}
	}
	if (any)
		fprintf(o, "</ul>\n");
}

/* IPC of every unparameterised kernel, one figure per family (the name's
 * first part: pipeline, cache, branch, uarch, vector, crypto, workload):
 * horizontal bars, a row per kernel with its name beside it, the columns'
 * bars side by side in the row. One figure of ~200 kernels with vertical
 * names had overprinted them into a smear (issue 28). A column that
 * counted no instructions has no bars and is named in a line. */
#define IPC_FAMILIES 16

/* The family of a kernel name: its first part, into out. */
static void family_of(const char *kernel, char *out, size_t cap)
{
	size_t n = strcspn(kernel, ".");
	snprintf(out, cap, "%.*s", (int)(n < cap - 1 ? n : cap - 1), kernel);
}

static bool ipc_family_plot(FILE *o, const char *fam, const struct core_col *cols, int ncols,
			    const struct cmp_row *rows, int nrows, const int *has_col)
{
	char *buf = NULL, f[48];
	size_t len = 0;
	FILE *s = open_memstream(&buf, &len);
	int n = 0, drawn = 0, left_out = 0;
	fprintf(s, "$ipc << EOD\n");
	for (int r = 0; r < nrows; r++) {
		family_of(rows[r].kernel, f, sizeof(f));
		if (rows[r].param >= 0 || strcmp(f, fam) != 0)
			continue;
		bool any = false;
		double v[CMP_MAX_COLS];
		for (int c = 0; c < ncols; c++) {
			struct cmp_cell x = compare_cell(&cols[c], &rows[r]);
			bool plottable = x.has_ipc && plot_value(x.ipc, false) && x.ipc >= 0;
			left_out += x.has_ipc && !plottable;
			v[c] = plottable ? x.ipc : -1;
			any |= plottable;
		}
		if (!any)
			continue;
		gp_token(s, rows[r].kernel + strlen(fam) + (rows[r].kernel[strlen(fam)] == '.'));
		for (int c = 0; c < ncols; c++)
			fprintf(s, v[c] < 0 ? " NaN" : " %.4f", v[c]);
		fprintf(s, "\n");
		n++;
	}
	fprintf(s, "EOD\n");
	for (int c = 0; c < ncols; c++)
		drawn += has_col[c] != 0;
	/* a row's bars share its height; the page is 1400 px wide at most */
	double bar = 0.8 / (drawn ? drawn : 1);
	int height = 90 + n * (drawn * 11 + 8);
	fprintf(s, "set terminal svg size 900,%d dynamic font 'sans,11' background '#ffffff'\n", height < 200 ? 200 : height);
	fprintf(s, "set style fill solid 0.8 border -1\nset ytics scale 0 noenhanced\nset yrange [%d.4:-0.6]\n"
		   "set xrange [0:*]\nset grid xtics\nset xlabel 'instructions per cycle'\nset key above noenhanced\n",
		n - 1);
	fprintf(s, "plot ");
	for (int c = 0, k = 0; c < ncols; c++) {
		if (!has_col[c])
			continue;
		double off = (k - (drawn - 1) / 2.0) * bar;
		fprintf(s, "%s$ipc using %d:($0+%g):(0):%d:($0+%g):($0+%g)%s with boxxyerror title '", k ? ", " : "", c + 2, off,
			c + 2, off - bar / 2, off + bar / 2, k ? "" : ":ytic(1)");
		gp_label(s, cols[c].label);
		fprintf(s, "'");
		k++;
	}
	fprintf(s, "\n");
	fclose(s);
	bool ok = true;
	if (n) {
		fprintf(o, "<figure id=\"ipc-");
		html_text(o, fam);
		fprintf(o, "\" class=\"plot\">\n");
		ok = run_gnuplot(buf, o);
		fprintf(o, "<figcaption>IPC, %d ", n);
		html_text(o, fam);
		fprintf(o, " kernels</figcaption></figure>\n");
		plot_left_out(o, left_out, "an IPC that is not a finite number from 0 to 10^100");
	}
	free(buf);
	return ok;
}

static bool ipc_plot(FILE *o, const struct core_col *cols, int ncols, const struct cmp_row *rows, int nrows)
{
	/* which columns counted instructions, and the families, in order */
	int has_col[CMP_MAX_COLS] = {0}, nfam = 0, families_out = 0; /* rows of families past IPC_FAMILIES */
	char fams[IPC_FAMILIES][48];
	for (int r = 0; r < nrows; r++) {
		if (rows[r].param >= 0)
			continue;
		bool any = false;
		for (int c = 0; c < ncols; c++) {
			struct cmp_cell x = compare_cell(&cols[c], &rows[r]);
			has_col[c] += x.has_ipc;
			any |= x.has_ipc;
		}
		char f[48];
		family_of(rows[r].kernel, f, sizeof(f));
		bool seen = false;
		for (int i = 0; i < nfam && !seen; i++)
			seen = strcmp(fams[i], f) == 0;
		if (any && !seen && nfam < IPC_FAMILIES)
			snprintf(fams[nfam++], sizeof(fams[0]), "%s", f);
		else if (any && !seen)
			families_out++;
	}
	fprintf(o, "<section id=\"ipc\">\n");
	bool ok = true;
	if (!nfam)
		fprintf(o, "<p class=\"absent\">IPC per kernel: no core counted both cycles and instructions.</p>\n");
	int without = 0;
	for (int c = 0; c < ncols; c++)
		if (!has_col[c]) {
			fprintf(o, without++ ? ", " : "<p class=\"absent\" id=\"ipc-none\">No instruction count, so no IPC, from ");
			html_text(o, cols[c].label);
		}
	if (without)
		fprintf(o, " (the core record says why).</p>\n");
	for (int i = 0; i < nfam; i++)
		ok &= ipc_family_plot(o, fams[i], cols, ncols, rows, nrows, has_col);
	if (families_out)
		fprintf(o, "<p class=\"absent\">%d kernels of families past the first %d have no IPC figure here (the table of "
			   "all results has them).</p>\n",
			families_out, IPC_FAMILIES);
	fprintf(o, "</section>\n");
	return ok;
}

int cmd_report(int argc, char **argv)
{
	const char *out = NULL, *reference = NULL;
	const char *paths[MAX_LOGS];
	int nlogs = 0;
	bool bad = false;
	for (int i = 0; i < argc && !bad; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (strcmp(argv[i], "--reference") == 0 && i + 1 < argc)
			reference = argv[++i];
		else if (argv[i][0] == '-' && argv[i][1])
			bad = true; /* an option we do not know */
		else if (!add_log_path(paths, &nlogs, MAX_LOGS, argv[i], "report"))
			return 2;
	}
	if (bad || !out || !nlogs) {
		fprintf(stderr, "usage: baremark report <log>... -o report.html [--reference <log>]\n");
		return 2;
	}
	/* the workload indices' reference core, read before anything is written */
	struct run_log ref;
	if (!wl_reference_load(&ref, reference))
		return 2;
	static struct cmp_set set;
	set.rows_optional = true;
	int st = cmp_load(&set, paths, nlogs, "report", false);
	if (st) {
		log_free(&ref);
		return st;
	}
	const struct core_col *cols = set.cols;
	const struct cmp_row *rows = set.rows;
	int ncols = set.ncols, nrows = set.nrows;
	FILE *o = fopen(out, "w");
	if (!o) {
		perror(out);
		log_free(&ref);
		cmp_free(&set);
		return 2;
	}
	fprintf(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>baremark report</title>\n"
		   "<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}"
		   "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
		   "td:first-child,th:first-child{text-align:left}.absent{color:#666;font-style:italic}"
		   "figure{margin:1em 0}</style></head><body>\n<h1>baremark report</h1>\n");
	fprintf(o, "<p>QEMU runs count instructions, not hardware cycles; compare boards, not emulators.</p>\n");
	fprintf(o, "<h2>Cores</h2>\n<table><tr><th>column</th><th>log</th><th>build</th><th>MHz</th><th>run ended</th></tr>\n");
	for (int c = 0; c < ncols; c++) {
		fprintf(o, "<tr><td>");
		html_text(o, cols[c].label);
		fprintf(o, "</td><td>");
		html_text(o, cols[c].log->path);
		fprintf(o, "</td><td>");
		html_text(o, cols[c].log->run ? json_string_value(json_object_get(cols[c].log->run, "build")) : NULL);
		if (cols[c].mhz > 0)
			fprintf(o, "</td><td>%.1f%s", cols[c].mhz, cols[c].mhz_estimated ? " (estimated)" : "");
		else
			fprintf(o, "</td><td>unmeasured");
		fprintf(o, "</td><td>%s</td></tr>\n", cols[c].log->ended ? "yes" : "no: cut off");
	}
	fprintf(o, "</table>\n");
	warnings_list(o, set.logs, set.nlogs);
	fprintf(o, "<h2>Plots</h2>\n");
	bool ok = sweep_plot(o, "cache-latency",
			     "Load-to-use latency against working-set size (log scales: each plateau is a cache level)",
			     "cache.load.lat", "working set", "%.0b %BB", true, cols, ncols, rows, nrows);
	ok &= sweep_plot(o, "branch-pattern", "Branch cost against pattern length", "branch.pattern",
			 "pattern period (branches)", "%.0f", false, cols, ncols, rows, nrows);
	ok &= ipc_plot(o, cols, ncols, rows, nrows);
	fprintf(o, "<h2>Every core together</h2>\n");
	ok &= report_multicore(o, set.logs, set.nlogs);
	fprintf(o, "<h2>Crypto</h2>\n");
	ok &= crypto_plot(o, &set);
	fprintf(o, "<h2>Whole programs (the workload group)</h2>\n");
	ok &= wl_report(o, &set, &ref);
	log_free(&ref);
	insn_html(o, set.logs, set.nlogs, cols, ncols);
	fprintf(o, "<h2>All results (cycles per op, median)</h2>\n<table><tr><th>kernel</th><th>param</th>");
	for (int c = 0; c < ncols; c++) {
		fprintf(o, "<th>");
		html_text(o, cols[c].label);
		fprintf(o, "</th>");
	}
	fprintf(o, "</tr>\n");
	for (int r = 0; r < nrows; r++) {
		fprintf(o, "<tr><td>");
		html_text(o, rows[r].kernel);
		fprintf(o, "</td><td>");
		if (rows[r].param >= 0) {
			html_text(o, rows[r].param_name);
			fprintf(o, "=%lld", (long long)rows[r].param);
		}
		fprintf(o, "</td>");
		for (int c = 0; c < ncols; c++) {
			struct cmp_cell x = compare_cell(&cols[c], &rows[r]);
			fprintf(o, "<td>");
			if (!x.rec)
				fprintf(o, "—");
			else if (x.skipped) {
				fprintf(o, "skipped: ");
				html_text(o, json_string_value(json_object_get(x.rec, "reason")));
			} else {
				double v;
				const char *unit;
				if (cmp_figure(&x, false, &v, &unit)) /* a multi-core result says its unit */
					fprintf(o, strcmp(unit, "cyc/op") == 0 ? "%.3f" : "%.3f %s", v, unit);
				else
					fprintf(o, "%s", cmp_no_figure(&x, false));
			}
			fprintf(o, "</td>");
		}
		fprintf(o, "</tr>\n");
	}
	fprintf(o, "</table>\n</body></html>\n");
	fclose(o);
	cmp_free(&set);
	if (!ok) {
		fprintf(stderr, "report: gnuplot failed; %s is incomplete\n", out);
		return 1;
	}
	return 0;
}
