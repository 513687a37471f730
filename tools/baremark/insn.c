/* baremark insn: the instruction table, a row per form, a column per core
 * type of each log (cells "lat / thr" in cycles), or with --csv / --json
 * a row per form and core for the people who write scheduling models;
 * with --llvm CPU, llvm-mca's figures for that CPU beside them, the forms
 * where they differ first. */
#include "insn_grid.h"

#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "csv.h"

enum out { TEXT, CSV, JSON };

static int usage(void)
{
	fprintf(stderr, "usage: baremark insn <log>... [--csv | --json] [--llvm CPU]...\n"
			"  a row per form, a column per core type of each log: latency / reciprocal throughput in cycles;\n"
			"  vector forms: a grid per core type, a block per SEW, a column per LMUL, cells lat/thr;\n"
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
	n = insn_fig_fields(f, n, &m->lat, "lat");
	n = insn_fig_fields(f, n, &m->thr, "thr");
	f[n++] = (struct field){"via", K_TEXT, m->via, 0, false};
	f[n++] = (struct field){"via_lat", K_NUM, NULL, m->via_lat, m->has_via_lat};
	f[n++] = (struct field){"rt", K_NUM, NULL, m->rt, m->has_rt};
	f[n++] = (struct field){"thr_ins", K_INT, NULL, m->thr_ins, m->thr_ins > 0};
	f[n++] = (struct field){"cycles_estimated", K_BOOL, NULL, m->cycles_estimated, m->rec != NULL};
	f[n++] = (struct field){"line", K_INT, NULL, (double)json_integer_value(json_object_get(m->rec, "_line")),
				m->rec != NULL};
	n = insn_cell_fields(f, n, 0, -1);
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

/* {"log": log, "line": line, key: text}, comma-joined after the first. */
static void where_obj(const char *log, json_int_t line, const char *key, const char *text, bool first)
{
	json_t *o = json_pack("{s:s,s:I,s:s}", "log", log, "line", line, key, text);
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER) : NULL;
	printf("%s%s", first ? "" : ",", s ? s : "null");
	free(s);
	json_decref(o);
}

static void machine(const struct insn_table *t, const struct insn_llvm *llvm, const unsigned *forms, int nforms,
		    enum out how, const struct vg_table *vt, const struct vg_llvm *vllvm)
{
	struct field f[MAX_FIELDS];
	bool first = true;
	if (how == JSON)
		printf("{\"rows\":[\n");
	for (int i = 0; i < nforms; i++)
		for (int c = 0; c < t->ncols; c++)
			for (int m = t->first[forms[i] * (unsigned)t->ncols + (unsigned)c]; m >= 0; m = t->meas[m].next)
				insn_emit_row(f, row_fields(f, t, &t->meas[m], llvm), how == CSV, &first);
	vg_print_rows(vt, vllvm, how == CSV, &first);
	if (how == JSON) {
		printf("\n],\"grid_errors\":[");
		for (int e = 0; e < vt->nerr; e++)
			where_obj(vt->err[e].log, vt->err[e].line, "error", vt->err[e].text, e == 0);
		printf("],\"unknown_forms\":[");
		for (int u = 0; u < t->nunknown; u++)
			where_obj(t->unknown[u].log, t->unknown[u].line, "form", t->unknown[u].id, u == 0);
		printf("]}\n");
	}
}

int insn_width(const char *s)
{
	int w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

void insn_pad(const char *s, int w)
{
	printf("%s%*s", s, w > insn_width(s) ? w - insn_width(s) : 0, "");
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
			insn_pad(cell, CELL_W);
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
		idw = insn_width(insn_texts[forms[i]].id) > idw ? insn_width(insn_texts[forms[i]].id) : idw;
		extw = insn_width(insn_texts[forms[i]].ext) > extw ? insn_width(insn_texts[forms[i]].ext) : extw;
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
	insn_notes_print(&notes);
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
	struct vg_table vt;
	struct insn_llvm *llvm = NULL;
	struct vg_llvm *vllvm = NULL;
	unsigned *forms = malloc((insn_ntexts ? insn_ntexts : 1) * sizeof(*forms));
	if (!forms || !insn_collect(&t, set.logs, set.nlogs, set.cols, set.ncols) ||
	    !vg_collect(&vt, set.logs, set.nlogs, set.cols, set.ncols)) {
		fprintf(stderr, "insn: no memory\n");
		exit(2);
	}
	if (t.duplicates + vt.duplicates)
		fprintf(stderr, "insn: %lu records repeat a form on a core: the first in each log is shown\n",
			t.duplicates + vt.duplicates);
	if (t.no_column + vt.no_column)
		fprintf(stderr, "insn: %lu records of cores that no core, result, skip or insn record names: not shown\n",
			t.no_column + vt.no_column);
	vg_print_errors(&vt, stderr);
	int ndiffer = 0, nforms = order(&t, NULL, forms, &ndiffer);
	if (!nforms && !vt.nforms) {
		fprintf(stderr, "insn: no insn records of a known form in these logs (run the image with "
				"baremark.only=insn.*)\n");
		if (how == TEXT)
			say_unknown(&t);
		st = 1;
	} else if (ncpus) {
		llvm = calloc(insn_ntexts ? insn_ntexts : 1, sizeof(*llvm));
		vllvm = calloc(vt.nforms ? (size_t)vt.nforms : 1, sizeof(*vllvm));
		st = !llvm || !vllvm ? 2 : insn_llvm_run(&t, &vt, cpus, ncpus, llvm, vllvm);
		if (!llvm || !vllvm)
			fprintf(stderr, "insn: no memory\n");
		if (!st)
			nforms = order(&t, llvm, forms, &ndiffer);
	}
	if ((nforms || vt.nforms) && !st) {
		if (how == TEXT) {
			if (nforms)
				text(&t, llvm, cpus, ncpus, forms, nforms, ndiffer);
			vg_print_text(&vt, vllvm);
			say_unknown(&t);
		} else {
			machine(&t, llvm, forms, nforms, how, &vt, vllvm);
			if (how == CSV && t.nunknown)
				fprintf(stderr, "insn: %d records name a form this tool's table does not have (not in the CSV; "
						"the text table lists them)\n",
					t.nunknown);
		}
	}
	free(vllvm);
	vg_free(&vt);
	free(llvm);
	free(forms);
	insn_table_free(&t);
	cmp_free(&set);
	return st;
}
