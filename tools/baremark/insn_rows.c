/* The rows of `baremark insn --csv` and `--json`: a list of named
 * fields, written as one CSV line or one JSON object, shared by the
 * scalar table (insn.c) and the vector grids (insn_grid_text.c). */
#include "insn_grid.h"

#include <stdlib.h>

#include "csv.h"

int insn_fig_fields(struct field *f, int n, const struct insn_fig *x, const char *name)
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

void insn_csv_row(const struct field *f, int n, bool header)
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

void insn_json_row(const struct field *f, int n, bool first)
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


int insn_cell_fields(struct field *f, int n, unsigned vlen, int c)
{
	f[n++] = (struct field){"vlen", K_INT, NULL, vlen, c >= 0 && vlen};
	f[n++] = (struct field){"cell", K_TEXT, c >= 0 ? vg_cell_names[c] : NULL, 0, false};
	f[n++] = (struct field){"sew", K_INT, NULL, c >= 0 ? vg_cell_sew(c) : 0, c >= 0};
	f[n++] = (struct field){"lmul", K_TEXT, c >= 0 ? vg_cell_lmul(c) : NULL, 0, false};
	f[n++] = (struct field){"vl", K_INT, NULL, c >= 0 ? vg_cell_vl(c, vlen) : 0, c >= 0 && vlen};
	return n;
}

void insn_emit_row(const struct field *f, int n, bool csv, bool *first)
{
	if (csv && *first)
		insn_csv_row(f, n, true);
	if (csv)
		insn_csv_row(f, n, false);
	else
		insn_json_row(f, n, *first);
	*first = false;
}
