/* The vector grids in the report: one heat map per core type, a row a
 * form, a column a SEW x LMUL cell, each cell coloured by its reciprocal
 * throughput in cycles per element (thr / vl, vl = VLMAX), so that a
 * unit's width reads at a glance across LMUL and SEW and two cores of
 * different VLEN compare on one scale. The cell's text is its
 * throughput in cycles per instruction, its latency under it; the title
 * (a tooltip, no script) says both and the element figure. Every string
 * from a log is escaped. */
#include "insn_grid.h"

#include <string.h>

#include "plot.h"

/* Eight colours, fast (green) to slow (red), at powers of two of cycles
 * per element: up to 1/16, 1/8, 1/4, 1/2, 1, 2, 4, above 4. */
static const char *const shade[8] = {"#1a9850", "#66bd63", "#a6d96a", "#d9ef8b",
				     "#fee08b", "#fdae61", "#f46d43", "#d73027"};
static const char *const shade_label[8] = {"&le; 1/16", "&le; 1/8", "&le; 1/4", "&le; 1/2",
					   "&le; 1",    "&le; 2",   "&le; 4",   "&gt; 4"};
#define NO_FIGURE "#dddddd"

static int bin(double per_element)
{
	double edge = 1.0 / 16;
	int b = 0;
	while (b < 7 && per_element > edge)
		b++, edge *= 2;
	return b;
}

static void num(FILE *o, double v)
{
	fprintf(o, v == (double)(long long)v || v >= 100 ? "%.0f" : "%.3g", v);
}

static void verdict(FILE *o, const struct insn_fig *f)
{
	if (strcmp(f->verdict, "ok") == 0)
		return;
	fprintf(o, " (verdict ");
	html_text(o, f->verdict);
	fprintf(o, ")");
}

static void cell(FILE *o, const struct vg_meas *m, int c)
{
	const struct vg_cell *x = &m->cell[c];
	if (!x->present) {
		fprintf(o, "<td></td>");
		return;
	}
	unsigned vl = vg_cell_vl(c, m->vlen);
	fprintf(o, "<td style=\"background:%s\" title=\"%s: ", x->thr.has && vl ? shade[bin(x->thr.est / vl)] : NO_FIGURE,
		vg_cell_names[c]);
	if (vl)
		fprintf(o, "vl %u; ", vl);
	if (x->thr.has) {
		fprintf(o, "throughput %.4g cycles per instruction", x->thr.est);
		if (vl)
			fprintf(o, ", %.4g per element", x->thr.est / vl);
		verdict(o, &x->thr);
	} else {
		fprintf(o, "throughput unavailable: ");
		html_text(o, x->thr.why);
	}
	if (x->lat.has) {
		fprintf(o, "; latency %.4g cycles", x->lat.est);
		verdict(o, &x->lat);
	} else {
		fprintf(o, "; latency unavailable: ");
		html_text(o, x->lat.why);
	}
	fprintf(o, "\">");
	if (x->thr.has)
		num(o, x->thr.est);
	else
		fprintf(o, "-");
	fprintf(o, "%s<br><small>", x->thr.has && strcmp(x->thr.verdict, "ok") != 0 ? "!" : "");
	if (x->lat.has)
		num(o, x->lat.est);
	else
		fprintf(o, "-");
	fprintf(o, "%s</small></td>", x->lat.has && strcmp(x->lat.verdict, "ok") != 0 ? "!" : "");
}

static void grid(FILE *o, const struct vg_table *t, int col)
{
	int cells[VG_NCELLS], ncells = vg_col_cells(t, col, cells);
	int nforms = 0;
	unsigned vlen = 0;
	for (int f = 0; f < t->nforms; f++) {
		const struct vg_meas *m = vg_first(t, f, col);
		nforms += m != NULL;
		if (m && !vlen)
			vlen = m->vlen;
	}
	bool skipped = false;
	for (int s = 0; s < t->nskips; s++)
		skipped |= t->skips[s].col == col;
	if (!nforms && !skipped)
		return;
	fprintf(o, "<h3>");
	html_text(o, t->cols[col].label);
	if (t->cols[col].type_label[0]) {
		fprintf(o, " (");
		html_text(o, t->cols[col].type_label);
		fprintf(o, ")");
	}
	if (vlen)
		fprintf(o, ", VLEN %u", vlen);
	fprintf(o, "</h3>\n");
	for (int s = 0; s < t->nskips; s++)
		if (t->skips[s].col == col) {
			fprintf(o, "<p class=\"absent\">");
			html_text(o, t->skips[s].ext);
			fprintf(o, " skipped: ");
			html_text(o, t->skips[s].reason);
			fprintf(o, "</p>\n");
		}
	if (!nforms)
		return;
	fprintf(o, "<table class=\"vgrid\" style=\"font-size:11px\"><tr><th rowspan=\"2\">form</th>");
	for (int sew = 0; sew < 4; sew++) {
		int n = 0;
		for (int i = 0; i < ncells; i++)
			n += cells[i] / 7 == sew;
		if (n)
			fprintf(o, "<th colspan=\"%d\">e%d</th>", n, vg_cell_sew(sew * 7));
	}
	fprintf(o, "</tr>\n<tr>");
	for (int i = 0; i < ncells; i++)
		fprintf(o, "<th>%s</th>", vg_cell_lmul(cells[i]));
	fprintf(o, "</tr>\n");
	for (int f = 0; f < t->nforms; f++) {
		const struct vg_meas *m = vg_first(t, f, col);
		if (!m)
			continue;
		fprintf(o, "<tr><td>");
		html_text(o, t->forms[f].id + 5);
		fprintf(o, "</td>");
		for (int i = 0; i < ncells; i++)
			cell(o, m, cells[i]);
		fprintf(o, "</tr>\n");
	}
	fprintf(o, "</table>\n");
}

void vg_html(FILE *o, const struct run_log *logs, int nlogs, const struct core_col *cols, int ncols)
{
	struct vg_table t;
	if (!vg_collect(&t, logs, nlogs, cols, ncols)) {
		fprintf(o, "<p class=\"absent\">The vector grids could not be built: no memory.</p>\n");
		vg_free(&t);
		return;
	}
	if (!t.nforms && !t.nskips && !t.nerr) {
		vg_free(&t);
		return;
	}
	fprintf(o, "<h2>Vector instruction grids (reciprocal throughput, cycles per element)</h2>\n"
		   "<p>A row a form (rv64.&lt;ext&gt;.&lt;name&gt;, shown without rv64.), a column a SEW x LMUL cell at vl = "
		   "VLMAX = VLEN*LMUL/SEW. Each cell: its reciprocal throughput in cycles per instruction, its latency "
		   "under it; the colour is the throughput in cycles per element (throughput / vl), the same scale for "
		   "every core; grey: no throughput (the cell's title says why); empty: the log has nothing at that "
		   "cell; ! the image's verdict on that figure is not ok. Each core type's grid is its first core's.</p>\n"
		   "<table id=\"vgrid-legend\" style=\"font-size:11px\"><tr><th>cycles per element</th>");
	for (int b = 0; b < 8; b++)
		fprintf(o, "<td style=\"background:%s\">%s</td>", shade[b], shade_label[b]);
	fprintf(o, "<td style=\"background:%s\">no figure</td></tr></table>\n", NO_FIGURE);
	for (int c = 0; c < ncols; c++)
		grid(o, &t, c);
	if (t.nerr) {
		fprintf(o, "<ul id=\"vgrid-errors\">\n");
		for (int e = 0; e < t.nerr; e++) {
			fprintf(o, "<li>");
			html_text(o, t.err[e].log);
			fprintf(o, " line %lld: ", (long long)t.err[e].line);
			html_text(o, t.err[e].text);
			fprintf(o, "</li>\n");
		}
		if (t.more_errors)
			fprintf(o, "<li>... and %lu more grid records not read or read in part</li>\n", t.more_errors);
		fprintf(o, "</ul>\n");
	}
	vg_free(&t);
}
