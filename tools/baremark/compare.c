/* baremark compare: one column per core type of each log (or per core),
 * one row per kernel and parameter; cycles per op, IPC, events per op,
 * and the ratio to the first column. */
#include "compare.h"

#include "csv.h"
#include "textbuf.h"
#include "workload.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LOGS CMP_MAX_LOGS

enum fmt { TEXT, MARKDOWN, CSV };

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}


static void events_str(const json_t *rec, char *buf, size_t cap)
{
	struct textbuf t;
	tb_init(&t, buf, cap);
	json_t *ev = json_object_get(rec, "events_per_op");
	const char *k;
	json_t *v;
	json_object_foreach(ev, k, v)
	{
		tb_printf(&t, "%s%s=%.3f", t.len ? " " : "", k, json_number_value(v));
	}
}

/* The ratio of x's figure to the first column's, where both have one in
 * the same unit. */
static bool ratio(const struct cmp_cell *x, const struct cmp_cell *first, bool per_ghz, double *q)
{
	double v, v0;
	const char *u, *u0;
	if (!cmp_figure(x, per_ghz, &v, &u) || !cmp_figure(first, per_ghz, &v0, &u0) || strcmp(u, u0) != 0 || !(v0 > 0))
		return false;
	*q = v / v0;
	return true;
}

static void cell_text(char *buf, size_t cap, const struct cmp_cell *x, const struct cmp_cell *first, bool per_ghz,
		      enum fmt f)
{
	double v, q;
	const char *unit;
	if (!x->rec) {
		snprintf(buf, cap, "—");
	} else if (x->skipped) {
		snprintf(buf, cap, "skipped: %s", str(x->rec, "reason"));
	} else if (!cmp_figure(x, per_ghz, &v, &unit)) {
		snprintf(buf, cap, "%s", cmp_no_figure(x, per_ghz));
	} else {
		struct textbuf t;
		tb_init(&t, buf, cap);
		tb_printf(&t, "%8.3f", v);
		if (strcmp(unit, per_ghz ? "Mops/s/GHz" : "cyc/op") != 0) /* not the table's unit: said */
			tb_printf(&t, " %s", unit);
		else if (x->has_ipc)
			tb_printf(&t, " %6.3f", x->ipc);
		else
			tb_printf(&t, " %6s", "—");
		if (ratio(x, first, per_ghz, &q))
			tb_printf(&t, " %6.2fx", q);
		if (x->multicore && x->has_ns && !x->has_cyc && strcmp(unit, "cyc/op") == 0) /* cycles from the clock */
			tb_printf(&t, " (%.1f ns)", x->ns);
		if (strcmp(x->verdict, "ok") != 0)
			tb_printf(&t, " !%s", x->verdict);
		char ev[256];
		events_str(x->rec, ev, sizeof(ev));
		if (ev[0] && f != TEXT)
			tb_printf(&t, " (%s)", ev);
	}
}

static int usage(void)
{
	fprintf(stderr, "usage: baremark compare <log>... [--per-ghz] [--per-core] [--format text|markdown|csv]\n"
			"                        [--reference <log>]\n"
			"  one column per core type of each log (the median over its cores that ran a kernel);\n"
			"  --per-core: one column per core; --reference: the workload indices' reference core\n"
			"  (default: the one built in, docs/reference/zen5-workloads.log)\n");
	return 2;
}

int cmd_compare(int argc, char **argv)
{
	bool per_ghz = false, per_core = false;
	const char *reference = NULL;
	enum fmt f = TEXT;
	const char *paths[MAX_LOGS];
	int nlogs = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--per-ghz") == 0)
			per_ghz = true;
		else if (strcmp(argv[i], "--per-core") == 0)
			per_core = true;
		else if (strcmp(argv[i], "--reference") == 0 && i + 1 < argc)
			reference = argv[++i];
		else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
			const char *v = argv[++i];
			if (strcmp(v, "text") == 0)
				f = TEXT;
			else if (strcmp(v, "markdown") == 0)
				f = MARKDOWN;
			else if (strcmp(v, "csv") == 0)
				f = CSV;
			else
				return usage();
		} else if (argv[i][0] == '-' && argv[i][1] == '-')
			return usage();
		else if (!add_log_path(paths, &nlogs, MAX_LOGS, argv[i], "compare"))
			return 2;
	}
	if (!nlogs)
		return usage();
	static struct cmp_set set;
	int st = cmp_load(&set, paths, nlogs, "compare", per_core);
	if (st)
		return st;
	const struct core_col *cols = set.cols;
	const struct cmp_row *rows = set.rows;
	int ncols = set.ncols, nrows = set.nrows;
	const char *unit = per_ghz ? "Mops/s/GHz" : "cyc/op";
	if (f == CSV) {
		printf("log,column,cores,kernel,param_name,param,%s,ipc,ratio,events,skipped,verdict,unit\n",
		       per_ghz ? "mops_per_s_per_ghz" : "cycles_per_op");
		for (int r = 0; r < nrows; r++) {
			struct cmp_cell first = compare_cell(&cols[0], &rows[r]);
			for (int c = 0; c < ncols; c++) {
				struct cmp_cell x = compare_cell(&cols[c], &rows[r]);
				double v, q;
				const char *unit = NULL;
				char ev[256] = "";
				csv_text(stdout, cols[c].log->path);
				printf(",");
				csv_text(stdout, cols[c].label);
				printf(",%d,", x.ncores);
				csv_text(stdout, rows[r].kernel);
				printf(",");
				csv_text(stdout, rows[r].param_name);
				printf(",");
				if (rows[r].param >= 0)
					printf("%lld", (long long)rows[r].param);
				printf(",");
				if (x.rec && !x.skipped && cmp_figure(&x, per_ghz, &v, &unit))
					printf("%.3f", v);
				printf(",");
				if (x.has_ipc)
					printf("%.3f", x.ipc);
				printf(",");
				if (x.rec && !x.skipped && first.rec && !first.skipped && ratio(&x, &first, per_ghz, &q))
					printf("%.3f", q);
				if (x.rec)
					events_str(x.rec, ev, sizeof(ev));
				printf(",");
				csv_text(stdout, ev[0] ? ev : NULL);
				printf(",");
				csv_text(stdout, x.skipped ? json_string_value(json_object_get(x.rec, "reason")) : NULL);
				printf(",");
				csv_text(stdout, x.rec && !x.skipped ? x.verdict : NULL);
				printf(",");
				csv_text(stdout, unit); /* the figure's: the header names the usual one */
				printf("\n");
			}
		}
		cmp_free(&set);
		return 0;
	}
	/* what each column is: its core type as the image named it */
	for (int c = 0; c < ncols; c++)
		printf(f == MARKDOWN ? "- %s: %s\n" : "# %s: %s\n", cols[c].label,
		       cols[c].type_label[0] ? cols[c].type_label : "(no core type in the log)");
	if (f == MARKDOWN) {
		printf("\n| kernel | param");
		for (int c = 0; c < ncols; c++)
			printf(" | %s: %s IPC ratio", cols[c].label, unit);
		printf(" |\n|---|---");
		for (int c = 0; c < ncols; c++)
			printf("|---");
		printf("|\n");
	} else {
		printf("%-26s %-14s", "kernel", "param");
		for (int c = 0; c < ncols; c++)
			printf(" | %-30.30s", cols[c].label);
		printf("\n%-26s %-14s", "", "");
		for (int c = 0; c < ncols; c++)
			printf(" | %8s %6s %7s        ", unit, "IPC", c ? "vs 1st" : "");
		printf("\n");
	}
	/* why a figure is marked (its result's verdict, said in full), gathered
	 * as the table is drawn and printed under it */
	char *notes = NULL;
	size_t notes_len = 0;
	FILE *nf = open_memstream(&notes, &notes_len);
	for (int r = 0; r < nrows; r++) {
		char param[48] = "";
		if (rows[r].param >= 0)
			snprintf(param, sizeof(param), "%s=%lld", rows[r].param_name, (long long)rows[r].param);
		if (f == MARKDOWN)
			printf("| %s | %s", rows[r].kernel, param);
		else
			printf("%-26s %-14s", rows[r].kernel, param);
		struct cmp_cell first = compare_cell(&cols[0], &rows[r]);
		for (int c = 0; c < ncols; c++) {
			struct cmp_cell x = compare_cell(&cols[c], &rows[r]);
			char cell[384];
			cell_text(cell, sizeof(cell), &x, &first, per_ghz, f);
			printf(f == MARKDOWN ? " | %s" : " | %-30s", cell);
			if (nf && x.rec && !x.skipped && strcmp(x.verdict, "ok") != 0)
				fprintf(nf, "%s %s%s%s (%s): %s: %s\n", f == MARKDOWN ? "-" : "!", rows[r].kernel,
					param[0] ? " " : "", param, cols[c].label, x.verdict, x.verdict_why);
		}
		printf(f == MARKDOWN ? " |\n" : "\n");
	}
	if (nf)
		fclose(nf);
	if (notes_len)
		printf("\n%s figures that are not ok (the image's verdict):\n%s", f == MARKDOWN ? "" : "!", notes);
	free(notes);
	int st_ref = 0;
	if (wl_any(&set)) {
		struct run_log ref;
		if (wl_reference_load(&ref, reference)) {
			wl_table(stdout, &set, &ref, f == MARKDOWN);
			log_free(&ref);
		} else {
			st_ref = 2; /* said why */
		}
	}
	cmp_free(&set);
	return st_ref;
}
