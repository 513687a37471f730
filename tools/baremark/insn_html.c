/* The instruction table in the report's page: the same cells and notes as
 * `baremark insn` prints, every string escaped (the page runs no script
 * and a log's text is only ever text). */
#include "insn_grid.h"

#include <stdlib.h>

#include "plot.h"

void insn_html(FILE *o, const struct run_log *logs, int nlogs, const struct core_col *cols, int ncols)
{
	if (!insn_any(logs, nlogs))
		return;
	struct insn_table t;
	if (!insn_collect(&t, logs, nlogs, cols, ncols)) {
		fprintf(o, "<p class=\"absent\">The instruction table could not be built: no memory.</p>\n");
		insn_table_free(&t);
		return;
	}
	bool any = t.nunknown > 0;
	for (unsigned f = 0; f < insn_ntexts && !any; f++)
		any = t.shown[f];
	if (!any) { /* only vector forms: their grids alone */
		insn_table_free(&t);
		vg_html(o, logs, nlogs, cols, ncols);
		return;
	}
	fprintf(o, "<h2>Instruction table (latency / reciprocal throughput, cycles)</h2>\n");
	fprintf(o, "<table id=\"insn\"><tr><th>form</th><th>ext</th>");
	for (int c = 0; c < ncols; c++) {
		fprintf(o, "<th>");
		html_text(o, cols[c].label);
		fprintf(o, "</th>");
	}
	fprintf(o, "</tr>\n");
	struct insn_notes notes = {0};
	char cell[160];
	for (unsigned f = 0; f < insn_ntexts; f++) {
		if (!t.shown[f])
			continue;
		fprintf(o, "<tr><td>");
		html_text(o, insn_texts[f].id);
		fprintf(o, "</td><td>");
		html_text(o, insn_texts[f].ext);
		fprintf(o, "</td>");
		for (int c = 0; c < ncols; c++) {
			insn_cell_text(&t, f, c, &notes, cell, sizeof(cell));
			fprintf(o, "<td>");
			html_text(o, cell);
			fprintf(o, "</td>");
		}
		fprintf(o, "</tr>\n");
	}
	fprintf(o, "</table>\n<p>Each figure the median over the column's cores that measured it; - unavailable, ! the "
		   "image's verdict is not ok, — nothing in that log; the notes say why.</p>\n<ul id=\"insn-notes\">\n");
	for (int i = 0; i < notes.n; i++) {
		fprintf(o, "<li>[%d] ", i + 1);
		html_text(o, notes.text[i]);
		fprintf(o, "</li>\n");
	}
	fprintf(o, "</ul>\n");
	if (t.nunknown) {
		fprintf(o, "<p class=\"absent\" id=\"insn-unknown\">%d record%s a form this tool's table does not have "
			   "(not shown): ",
			t.nunknown, t.nunknown == 1 ? " names" : "s name");
		for (int u = 0; u < t.nunknown && u < 20; u++) {
			fprintf(o, "%s", u ? ", " : "");
			html_text(o, t.unknown[u].id);
		}
		fprintf(o, "%s</p>\n", t.nunknown > 20 ? ", ..." : "");
	}
	insn_notes_free(&notes);
	insn_table_free(&t);
	vg_html(o, logs, nlogs, cols, ncols);
}
