/* baremark insn: the instruction table, a row per form, a column per core
 * type of each log (cells "lat / thr" in cycles), or with --csv / --json
 * a row per form and core for the people who write scheduling models;
 * with --llvm CPU, llvm-mca's figures for that CPU beside them, the forms
 * where they differ first. */
#include "insn.h"

#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "csv.h"

enum out { TEXT, CSV, JSON };

static int usage(void)
{
	fprintf(stderr, "usage: baremark insn <log>... [--csv | --json] [--llvm CPU]...\n"
			"  a row per form, a column per core type of each log: latency / reciprocal throughput in cycles;\n"
			"  --llvm CPU: llvm-mca-19's figures for CPU (e.g. sifive-u74, cortex-a53, znver4) beside them,\n"
			"  the forms where they differ by more than 1 cycle or 25%% first (BAREMARK_LLVM_MCA: another llvm-mca)\n");
	return 2;
}

/* The logs (each run of a file a log of its own) and their columns, as
 * compare has them, without asking for result records. */
static int load(struct cmp_set *s, const char **paths, int n)
{
	s->nlogs = 0;
	for (int i = 0; i < n && s->nlogs < CMP_MAX_LOGS; i++) {
		struct run_log *l = &s->logs[s->nlogs++];
		if (!log_load(l, paths[i])) {
			cmp_free(s);
			return 2;
		}
		log_report_counts(l);
		s->nlogs += log_split_runs(l, &s->logs[s->nlogs], CMP_MAX_LOGS - s->nlogs);
	}
	s->ncols = log_cores(s->logs, s->nlogs, s->cols, CMP_MAX_COLS, false);
	return 0;
}

/* One row of the CSV and JSON: a form on a core. */
enum kind { K_TEXT, K_NUM, K_INT, K_BOOL };
struct field {
	const char *name;
	enum kind kind;
	const char *s; /* K_TEXT; NULL: empty / null */
	double d;      /* K_NUM, K_INT (a whole number), K_BOOL (0 or 1) */
	bool has;      /* K_NUM, K_INT, K_BOOL: false: empty / null */
};
#define MAX_FIELDS 32

static int fig_fields(struct field *f, int n, const struct insn_fig *x, const char *name)
{
	static char names[2][6][24];
	int w = name[0] == 't';
	const char *suffix[6] = {"", "_q1", "_q3", "_why", "_verdict", "_verdict_why"};
	for (int i = 0; i < 6; i++)
		snprintf(names[w][i], sizeof(names[w][i]), "%s%s", name, suffix[i]);
	f[n++] = (struct field){names[w][0], K_NUM, NULL, x->est, x->has};
	f[n++] = (struct field){names[w][1], K_NUM, NULL, x->q1, x->has};
	f[n++] = (struct field){names[w][2], K_NUM, NULL, x->q3, x->has};
	f[n++] = (struct field){names[w][3], K_TEXT, x->has ? NULL : x->why, 0, false};
	f[n++] = (struct field){names[w][4], K_TEXT, x->has ? x->verdict : NULL, 0, false};
	f[n++] = (struct field){names[w][5], K_TEXT, x->has ? x->verdict_why : NULL, 0, false};
	return n;
}

static int row_fields(struct field *f, const struct insn_table *t, const struct insn_meas *m,
		      const struct insn_llvm *llvm)
{
	const struct core_col *c = &t->cols[m->col];
	const struct insn_text *x = &insn_texts[m->form];
	int n = 0;
	f[n++] = (struct field){"log", K_TEXT, c->log->path, 0, false};
	f[n++] = (struct field){"column", K_TEXT, c->label, 0, false};
	f[n++] = (struct field){"core", K_INT, NULL, (double)m->core, true};
	f[n++] = (struct field){"core_type", K_INT, NULL, (double)c->type, c->type >= 0};
	f[n++] = (struct field){"type_label", K_TEXT, c->type_label, 0, false};
	f[n++] = (struct field){"form", K_TEXT, x->id, 0, false};
	f[n++] = (struct field){"isa", K_TEXT, x->isa, 0, false};
	f[n++] = (struct field){"ext", K_TEXT, x->ext, 0, false};
	n = fig_fields(f, n, &m->lat, "lat");
	n = fig_fields(f, n, &m->thr, "thr");
	f[n++] = (struct field){"via", K_TEXT, m->via, 0, false};
	f[n++] = (struct field){"via_lat", K_NUM, NULL, m->via_lat, m->has_via_lat};
	f[n++] = (struct field){"rt", K_NUM, NULL, m->rt, m->has_rt};
	f[n++] = (struct field){"thr_ins", K_INT, NULL, m->thr_ins, m->thr_ins > 0};
	f[n++] = (struct field){"cycles_estimated", K_BOOL, NULL, m->cycles_estimated, m->rec != NULL};
	f[n++] = (struct field){"line", K_INT, NULL, (double)json_integer_value(json_object_get(m->rec, "_line")),
				m->rec != NULL};
	if (llvm) {
		const struct insn_llvm *l = &llvm[m->form];
		f[n++] = (struct field){"llvm_cpu", K_TEXT, l->cpu, 0, false};
		f[n++] = (struct field){"llvm_lat", K_NUM, NULL, l->lat, l->has};
		f[n++] = (struct field){"llvm_thr", K_NUM, NULL, l->thr, l->has};
		f[n++] = (struct field){"llvm_why", K_TEXT, l->has ? NULL : l->why, 0, false};
		f[n++] = (struct field){"llvm_differs", K_BOOL, NULL, insn_llvm_differs(t, m->form, l), true};
	}
	return n;
}

static void csv_row(const struct field *f, int n, bool header)
{
	for (int i = 0; i < n; i++) {
		if (i)
			printf(",");
		if (header)
			printf("%s", f[i].name);
		else if (f[i].kind == K_TEXT)
			csv_text(stdout, f[i].s);
		else if (f[i].has && f[i].kind == K_BOOL)
			printf("%s", f[i].d ? "true" : "false");
		else if (f[i].has)
			printf(f[i].kind == K_INT ? "%.0f" : "%.6g", f[i].d);
	}
	printf("\n");
}

static void json_row(const struct field *f, int n, bool first)
{
	json_t *o = json_object();
	for (int i = 0; i < n; i++) {
		json_t *v;
		if (f[i].kind == K_TEXT)
			v = f[i].s ? json_string(f[i].s) : json_null();
		else if (!f[i].has)
			v = json_null();
		else
			v = f[i].kind == K_BOOL ? json_boolean(f[i].d != 0)
			    : f[i].kind == K_INT ? json_integer((json_int_t)f[i].d)
						 : json_real(f[i].d);
		json_object_set_new(o, f[i].name, v);
	}
	char *s = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER);
	printf("%s%s", first ? "" : ",\n", s ? s : "null");
	free(s);
	json_decref(o);
}

/* The forms in the order shown: with llvm, those it differs on first. */
static int order(const struct insn_table *t, const struct insn_llvm *llvm, unsigned *out, int *ndiffer)
{
	int n = 0;
	*ndiffer = 0;
	for (int pass = llvm ? 0 : 1; pass < 2; pass++)
		for (unsigned f = 0; f < insn_ntexts; f++) {
			if (!t->shown[f])
				continue;
			bool d = llvm && insn_llvm_differs(t, f, &llvm[f]);
			if (pass == 0 && d)
				out[n++] = f, ++*ndiffer;
			else if (pass == 1 && !d)
				out[n++] = f;
		}
	return n;
}

static void machine(const struct insn_table *t, const struct insn_llvm *llvm, const unsigned *forms, int nforms,
		    enum out how)
{
	struct field f[MAX_FIELDS];
	bool first = true;
	if (how == JSON)
		printf("{\"rows\":[\n");
	for (int i = 0; i < nforms; i++)
		for (int c = 0; c < t->ncols; c++)
			for (int m = t->first[forms[i] * (unsigned)t->ncols + (unsigned)c]; m >= 0; m = t->meas[m].next) {
				int n = row_fields(f, t, &t->meas[m], llvm);
				if (how == CSV && first)
					csv_row(f, n, true);
				if (how == CSV)
					csv_row(f, n, false);
				else
					json_row(f, n, first);
				first = false;
			}
	if (how == JSON) {
		printf("\n],\"unknown_forms\":[");
		for (int u = 0; u < t->nunknown; u++) {
			json_t *o = json_pack("{s:s,s:I,s:s}", "log", t->unknown[u].log, "line", t->unknown[u].line, "form",
					      t->unknown[u].id);
			char *s = o ? json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER) : NULL;
			printf("%s%s", u ? "," : "", s ? s : "null");
			free(s);
			json_decref(o);
		}
		printf("]}\n");
	}
}

/* Display width of UTF-8 text (its code points). */
static int width(const char *s)
{
	int w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void pad(const char *s, int w)
{
	printf("%s%*s", s, w > width(s) ? w - width(s) : 0, "");
}

#define CELL_W 22

static void text_row(const struct insn_table *t, unsigned f, int idw, int extw, const struct insn_llvm *llvm,
		     struct insn_notes *notes)
{
	char cell[160];
	printf("%-*.*s %-5s %-*.*s", idw, idw, insn_texts[f].id, insn_texts[f].isa, extw, extw, insn_texts[f].ext);
	for (int c = 0; c < t->ncols; c++) {
		insn_cell_text(t, f, c, notes, cell, sizeof(cell));
		printf(" | ");
		if (c + 1 < t->ncols || llvm)
			pad(cell, CELL_W);
		else
			printf("%s", cell);
	}
	if (llvm) {
		const struct insn_llvm *l = &llvm[f];
		if (l->has)
			snprintf(cell, sizeof(cell), "%.0f / %.2f", l->lat, l->thr);
		else
			snprintf(cell, sizeof(cell), "- [%d]", insn_note(notes, l->why));
		printf(" | %s", cell);
	}
	printf("\n");
}

static void text(const struct insn_table *t, const struct insn_llvm *llvm, const char *const *cpus, int ncpus,
		 const unsigned *forms, int nforms, int ndiffer)
{
	for (int c = 0; c < t->ncols; c++)
		printf("# [C%d] %s: %s\n", c + 1, t->cols[c].label,
		       t->cols[c].type_label[0] ? t->cols[c].type_label : "(no core type in the log)");
	int idw = 4, extw = 3;
	for (int i = 0; i < nforms; i++) {
		idw = width(insn_texts[forms[i]].id) > idw ? width(insn_texts[forms[i]].id) : idw;
		extw = width(insn_texts[forms[i]].ext) > extw ? width(insn_texts[forms[i]].ext) : extw;
	}
	idw = idw > 40 ? 40 : idw;
	extw = extw > 16 ? 16 : extw;
	printf("%-*s %-5s %-*s", idw, "form", "isa", extw, "ext");
	for (int c = 0; c < t->ncols; c++) {
		char h[32];
		snprintf(h, sizeof(h), "[C%d] lat / thr", c + 1);
		printf(" | %-*s", c + 1 < t->ncols || llvm ? CELL_W : 0, h);
	}
	if (llvm) {
		printf(" | llvm-mca");
		for (int i = 0; i < ncpus; i++)
			printf(" %s", cpus[i]);
	}
	printf("\n");
	struct insn_notes notes = {0};
	for (int i = 0; i < nforms; i++) {
		if (llvm && i == 0 && ndiffer)
			printf("# %d form%s where llvm's model differs from a measured figure by more than 1 cycle or 25%%:\n",
			       ndiffer, ndiffer == 1 ? "" : "s");
		if (llvm && i == ndiffer)
			printf("# %s (%d):\n", ndiffer ? "the rest" : "no form differs by more than 1 cycle or 25%", nforms - ndiffer);
		text_row(t, forms[i], idw, extw, llvm, &notes);
	}
	printf("\ncycles: latency / reciprocal throughput, each the median over the column's cores that measured it;\n"
	       "- unavailable (the note says why), ! the image's verdict on that figure is not ok (the note says which),\n"
	       "— the log has nothing of that form%s\n",
	       llvm ? "; llvm-mca: Latency / RThroughput of its Instruction Info" : "");
	for (int i = 0; i < notes.n; i++)
		printf("[%d] %s\n", i + 1, notes.text[i]);
	insn_notes_free(&notes);
}

static void say_unknown(const struct insn_table *t)
{
	if (!t->nunknown)
		return;
	printf("\n%d record%s a form this tool's table does not have (shown nowhere, never given to llvm-mca):\n",
	       t->nunknown, t->nunknown == 1 ? " names" : "s name");
	for (int u = 0; u < t->nunknown && u < 20; u++)
		printf("  %s (%s line %lld)\n", t->unknown[u].id, t->unknown[u].log, (long long)t->unknown[u].line);
	if (t->nunknown > 20)
		printf("  ... and %d more\n", t->nunknown - 20);
}

int cmd_insn(int argc, char **argv)
{
	enum out how = TEXT;
	const char *paths[CMP_MAX_LOGS], *cpus[8];
	int nlogs = 0, ncpus = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--csv") == 0 || strcmp(argv[i], "--json") == 0) {
			if (how != TEXT)
				return usage();
			how = argv[i][2] == 'c' ? CSV : JSON;
		} else if (strcmp(argv[i], "--llvm") == 0 && i + 1 < argc) {
			if (!insn_cpu_ok(argv[++i])) {
				fprintf(stderr, "insn: --llvm '%.80s': a CPU name is 1 to 64 of a-z 0-9 _ . - (llvm's -mcpu, "
						"e.g. sifive-u74, cortex-a53, znver4)\n",
					argv[i]);
				return 2;
			}
			if (ncpus == 8) {
				fprintf(stderr, "insn: at most 8 --llvm CPUs\n");
				return 2;
			}
			cpus[ncpus++] = argv[i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return usage();
		} else if (!add_log_path(paths, &nlogs, CMP_MAX_LOGS, argv[i], "insn")) {
			return 2;
		}
	}
	if (!nlogs)
		return usage();
	static struct cmp_set set;
	int st = load(&set, paths, nlogs);
	if (st)
		return st;
	struct insn_table t;
	struct insn_llvm *llvm = NULL;
	unsigned *forms = malloc((insn_ntexts ? insn_ntexts : 1) * sizeof(*forms));
	if (!forms || !insn_collect(&t, set.logs, set.nlogs, set.cols, set.ncols)) {
		fprintf(stderr, "insn: no memory\n");
		exit(2);
	}
	if (t.duplicates)
		fprintf(stderr, "insn: %lu records repeat a form on a core: the first in each log is shown\n", t.duplicates);
	if (t.no_column)
		fprintf(stderr, "insn: %lu records of cores that no core, result or skip record names: not shown\n",
			t.no_column);
	int ndiffer = 0, nforms = order(&t, NULL, forms, &ndiffer);
	if (!nforms) {
		fprintf(stderr, "insn: no insn records of a known form in these logs (run the image with "
				"baremark.only=insn.*)\n");
		if (how == TEXT)
			say_unknown(&t);
		st = 1;
	} else if (ncpus) {
		llvm = calloc(insn_ntexts, sizeof(*llvm));
		st = !llvm ? 2 : insn_llvm_run(&t, cpus, ncpus, llvm);
		if (!llvm)
			fprintf(stderr, "insn: no memory\n");
		if (!st)
			nforms = order(&t, llvm, forms, &ndiffer);
	}
	if (nforms && !st) {
		if (how == TEXT) {
			text(&t, llvm, cpus, ncpus, forms, nforms, ndiffer);
			say_unknown(&t);
		} else {
			machine(&t, llvm, forms, nforms, how);
			if (how == CSV && t.nunknown)
				fprintf(stderr, "insn: %d records name a form this tool's table does not have (not in the CSV; "
						"the text table lists them)\n",
					t.nunknown);
		}
	}
	free(llvm);
	free(forms);
	insn_table_free(&t);
	cmp_free(&set);
	return st;
}
