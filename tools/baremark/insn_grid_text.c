/* `baremark insn`'s vector grids as text, as rvv-bench lays its table out
 * (a row a form, a column a cell), one grid per core type: a block per
 * SEW whose columns are the LMULs any form of the core type has at that
 * SEW, each cell "lat/thr" in cycles per instruction, so a block stays
 * within about 100 columns. With --llvm, llvm-mca's figures for each
 * cell on a line under the form. And the CSV / JSON rows: one per form,
 * core and cell. */
#include "insn_grid.h"

#include <string.h>

#include "textbuf.h"

/* A figure in few characters: 1, 0.5, 0.25, 12.5, 1.33, 256. */
static void num(struct textbuf *b, double v)
{
	if (v == (double)(long long)v || v >= 100)
		tb_printf(b, "%.0f", v);
	else
		tb_printf(b, "%.3g", v);
}

static void fig(struct textbuf *b, const struct insn_fig *f)
{
	if (!f->has) {
		tb_printf(b, "-");
		return;
	}
	num(b, f->est);
	if (strcmp(f->verdict, "ok") != 0)
		tb_printf(b, "!");
}

static void cell_text(const struct vg_cell *x, char *buf, size_t cap)
{
	struct textbuf b;
	tb_init(&b, buf, cap);
	if (!x->present) {
		tb_printf(&b, "—");
		return;
	}
	fig(&b, &x->lat);
	tb_printf(&b, "/");
	fig(&b, &x->thr);
}

/* The notes a cell needs: why a figure is missing, a verdict, a round
 * trip, a companion. Each added to `notes`; their numbers into k[]. */
static int cell_notes(const struct vg_meas *m, int c, struct insn_notes *notes, int *k)
{
	const struct vg_cell *x = &m->cell[c];
	char text[240];
	int n = 0;
	if (!x->present)
		return 0;
	const struct insn_fig *both[2] = {&x->lat, &x->thr};
	for (int i = 0; i < 2; i++) {
		const struct insn_fig *f = both[i];
		const char *name = i ? "throughput" : "latency";
		text[0] = '\0';
		if (!f->has && i == 1 && !x->lat.has && strcmp(x->lat.why, f->why) == 0)
			continue; /* one reason for both: said once */
		if (!f->has)
			snprintf(text, sizeof(text), "%s unavailable: %.200s", name, f->why);
		else if (strcmp(f->verdict, "ok") != 0)
			snprintf(text, sizeof(text), "%s verdict %.200s", name, f->verdict);
		if (text[0])
			k[n++] = insn_note(notes, text);
	}
	if (x->has_rt && !x->lat.has) {
		snprintf(text, sizeof(text), "round trip through %.72s: %.4g cycles, not split", m->via ? m->via : "its companion",
			 x->rt);
		k[n++] = insn_note(notes, text);
	}
	if (m->via && x->lat.has) {
		snprintf(text, sizeof(text), "latency through %.72s, its own latency subtracted", m->via);
		k[n++] = insn_note(notes, text);
	}
	return n;
}

/* " [n:m1,m2]" for each note of a row, the LMULs of its cells after it. */
struct row_notes {
	int k[VG_NCELLS * 4];
	char where[VG_NCELLS * 4][40];
	int n;
};

static void row_note(struct row_notes *r, int k, const char *lmul)
{
	if (!k)
		return;
	int i = 0;
	while (i < r->n && r->k[i] != k)
		i++;
	if (i == r->n) {
		if (r->n == VG_NCELLS * 4)
			return;
		r->k[r->n] = k;
		r->where[r->n++][0] = '\0';
	}
	size_t len = strlen(r->where[i]);
	if (!strstr(r->where[i], lmul) || len == 0)
		snprintf(r->where[i] + len, sizeof(r->where[i]) - len, "%s%s", len ? "," : "", lmul);
}

static void llvm_text(const struct vg_llvm *l, int c, char *buf, size_t cap)
{
	struct textbuf b;
	tb_init(&b, buf, cap);
	if (!l->has[c]) {
		tb_printf(&b, "-");
		return;
	}
	num(&b, l->lat[c]);
	tb_printf(&b, "/");
	num(&b, l->thr[c]);
}

static void column(const struct vg_table *t, int col, const struct vg_llvm *llvm, struct insn_notes *notes)
{
	const struct core_col *cc = &t->cols[col];
	int cells[VG_NCELLS], ncells = vg_col_cells(t, col, cells);
	unsigned vlen = 0;
	json_int_t core = -1;
	int nforms = 0, idw = 9;
	for (int f = 0; f < t->nforms; f++) {
		const struct vg_meas *m = vg_first(t, f, col);
		if (!m)
			continue;
		if (!vlen || (m->vlen && m->core < core))
			vlen = m->vlen, core = m->core;
		nforms++;
		int w = insn_width(t->forms[f].id) - 5; /* "rv64." is not shown */
		idw = w > idw ? (w > 32 ? 32 : w) : idw;
	}
	bool skipped = false;
	for (int s = 0; s < t->nskips; s++)
		skipped |= t->skips[s].col == col;
	if (!nforms && !skipped)
		return;
	printf("\n# vector grid [C%d] %s: %s\n", col + 1, cc->label, cc->type_label[0] ? cc->type_label : "(no core type in the log)");
	if (nforms)
		printf("# %d form%s, VLEN %u: core %lld's grids%s\n", nforms, nforms == 1 ? "" : "s", vlen, (long long)core,
		       cc->ncores > 1 ? " (the type's other cores: --csv)" : "");
	for (int s = 0; s < t->nskips; s++)
		if (t->skips[s].col == col)
			printf("# %s skipped: %s\n", t->skips[s].ext, t->skips[s].reason);
	for (int sew = 0; sew < 4; sew++) {
		int cw[7] = {0}, any = 0;
		char buf[96];
		/* each LMUL column as wide as its widest cell */
		for (int i = 0; i < ncells; i++) {
			int c = cells[i];
			if (c / 7 != sew)
				continue;
			any++;
			cw[c % 7] = 5;
			for (int f = 0; f < t->nforms; f++) {
				const struct vg_meas *m = vg_first(t, f, col);
				if (!m)
					continue;
				cell_text(&m->cell[c], buf, sizeof(buf));
				cw[c % 7] = insn_width(buf) > cw[c % 7] ? insn_width(buf) : cw[c % 7];
				if (llvm) {
					llvm_text(&llvm[f], c, buf, sizeof(buf));
					cw[c % 7] = insn_width(buf) > cw[c % 7] ? insn_width(buf) : cw[c % 7];
				}
			}
			cw[c % 7] = cw[c % 7] > 15 ? 15 : cw[c % 7];
		}
		if (!any)
			continue;
		int last = 6;
		while (!cw[last])
			last--;
		printf("%-*s", idw, sew == 0 ? "SEW 8" : sew == 1 ? "SEW 16" : sew == 2 ? "SEW 32" : "SEW 64");
		for (int l = 0; l < 7; l++)
			if (cw[l]) {
				printf(" ");
				insn_pad(vg_cell_lmul(sew * 7 + l), l < last ? cw[l] : 0);
			}
		printf("\n");
		for (int f = 0; f < t->nforms; f++) {
			const struct vg_meas *m = vg_first(t, f, col);
			bool here = false;
			for (int l = 0; l < 7 && m; l++)
				here |= m->cell[sew * 7 + l].present;
			if (!here) /* nothing of the form at this SEW */
				continue;
			struct row_notes rn = {.n = 0};
			printf("%-*.*s", idw, idw, t->forms[f].id + 5);
			for (int l = 0; l < 7; l++) {
				if (!cw[l])
					continue;
				int c = sew * 7 + l, k[4];
				cell_text(&m->cell[c], buf, sizeof(buf));
				printf(" ");
				insn_pad(buf, cw[l]);
				for (int i = 0, n = cell_notes(m, c, notes, k); i < n; i++)
					row_note(&rn, k[i], vg_cell_lmul(c));
			}
			for (int i = 0; i < rn.n; i++)
				printf(" [%d:%s]", rn.k[i], rn.where[i]);
			printf("\n");
			if (!llvm)
				continue;
			const struct vg_llvm *lv = &llvm[f];
			printf("%-*s", idw, "  llvm-mca");
			if (lv->why[0]) {
				printf(" %s\n", lv->why);
				continue;
			}
			for (int l = 0; l < 7; l++)
				if (cw[l]) {
					llvm_text(lv, sew * 7 + l, buf, sizeof(buf));
					printf(" ");
					insn_pad(buf, l < last ? cw[l] : 0);
				}
			printf("\n");
		}
	}
}

void vg_print_text(const struct vg_table *t, const struct vg_llvm *llvm)
{
	struct insn_notes notes = {0};
	for (int c = 0; c < t->ncols; c++)
		column(t, c, llvm, &notes);
	if (t->nforms) {
		printf("\nvector cells: latency/reciprocal throughput in cycles per instruction at vl = VLMAX = "
		       "VLEN*LMUL/SEW;\n- unavailable, ! the image's verdict is not ok, — the log has nothing at that cell, "
		       "[n:LMULs] note n\nfor the cells at those LMULs%s\n",
		       llvm ? ";\nllvm-mca: Latency/RThroughput of its Instruction Info after the cell's vsetvli" : "");
	}
	insn_notes_print(&notes);
}

void vg_print_rows(const struct vg_table *t, const struct vg_llvm *llvm, bool csv, bool *first)
{
	struct field f[MAX_FIELDS];
	for (int fo = 0; fo < t->nforms; fo++)
		for (int mi = t->forms[fo].first; mi >= 0; mi = t->meas[mi].next) {
			const struct vg_meas *m = &t->meas[mi];
			const struct core_col *cc = &t->cols[m->col];
			for (int c = 0; c < VG_NCELLS; c++) {
				const struct vg_cell *x = &m->cell[c];
				if (!x->present)
					continue;
				int n = 0;
				f[n++] = (struct field){"log", K_TEXT, cc->log->path, 0, false};
				f[n++] = (struct field){"column", K_TEXT, cc->label, 0, false};
				f[n++] = (struct field){"core", K_INT, NULL, (double)m->core, true};
				f[n++] = (struct field){"core_type", K_INT, NULL, (double)cc->type, cc->type >= 0};
				f[n++] = (struct field){"type_label", K_TEXT, cc->type_label, 0, false};
				f[n++] = (struct field){"form", K_TEXT, t->forms[fo].id, 0, false};
				f[n++] = (struct field){"isa", K_TEXT, "rv64", 0, false};
				f[n++] = (struct field){"ext", K_TEXT, t->forms[fo].ext, 0, false};
				n = insn_fig_fields(f, n, &x->lat, "lat");
				n = insn_fig_fields(f, n, &x->thr, "thr");
				f[n++] = (struct field){"via", K_TEXT, m->via, 0, false};
				f[n++] = (struct field){"via_lat", K_NUM, NULL, x->via_lat, x->has_via_lat};
				f[n++] = (struct field){"rt", K_NUM, NULL, x->rt, x->has_rt};
				f[n++] = (struct field){"thr_ins", K_INT, NULL, 0, false};
				f[n++] = (struct field){"cycles_estimated", K_BOOL, NULL, m->cycles_estimated, m->rec != NULL};
				f[n++] = (struct field){"line", K_INT, NULL,
							(double)json_integer_value(json_object_get(m->rec, "_line")), m->rec != NULL};
				n = insn_cell_fields(f, n, m->vlen, c);
				if (llvm) {
					const struct vg_llvm *l = &llvm[fo];
					bool has = l->has[c];
					f[n++] = (struct field){"llvm_cpu", K_TEXT, l->cpu, 0, false};
					f[n++] = (struct field){"llvm_lat", K_NUM, NULL, l->lat[c], has};
					f[n++] = (struct field){"llvm_thr", K_NUM, NULL, l->thr[c], has};
					f[n++] = (struct field){"llvm_why", K_TEXT,
								has ? NULL : l->why[0] ? l->why : "no figure for this cell", 0, false};
					bool d = has && ((x->lat.has && insn_apart(x->lat.est, l->lat[c])) ||
							 (x->thr.has && insn_apart(x->thr.est, l->thr[c])));
					f[n++] = (struct field){"llvm_differs", K_BOOL, NULL, d, true};
				}
				insn_emit_row(f, n, csv, first);
			}
		}
}
