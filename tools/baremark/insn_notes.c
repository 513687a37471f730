/* The instruction table's cells as text, with numbered notes for what a
 * number cannot say (why a figure is unavailable, a verdict that is not
 * ok, a latency read through a companion): shared by the terminal table
 * (insn.c) and the report's (insn_html.c). */
#include "insn.h"

#include <stdlib.h>
#include <string.h>

#include "textbuf.h"

int insn_note(struct insn_notes *n, const char *text)
{
	for (int i = 0; i < n->n; i++)
		if (strncmp(n->text[i], text, sizeof(n->text[i]) - 1) == 0)
			return i + 1;
	if (!insn_grow(&n->text, &n->cap, n->n, sizeof(n->text[0])))
		return 0;
	struct textbuf b;
	tb_init(&b, n->text[n->n], sizeof(n->text[0]));
	tb_printf(&b, "%s", text);
	return ++n->n;
}

void insn_notes_print(struct insn_notes *n)
{
	for (int i = 0; i < n->n; i++)
		printf("[%d] %s\n", i + 1, n->text[i]);
	insn_notes_free(n);
}

void insn_notes_free(struct insn_notes *n)
{
	free(n->text);
	memset(n, 0, sizeof(*n));
}

/* " [n]" for the note, once a cell (refs holds those the cell has). */
static void ref(struct textbuf *t, struct insn_notes *notes, const char *text, int *refs, int *nrefs)
{
	int k = insn_note(notes, text);
	if (!k)
		return;
	for (int i = 0; i < *nrefs; i++)
		if (refs[i] == k)
			return;
	refs[(*nrefs)++] = k;
	tb_printf(t, " [%d]", k);
}

static void figure(struct textbuf *t, const struct insn_cell *c)
{
	if (c->has)
		tb_printf(t, "%.2f%s", c->v, strcmp(c->verdict, "ok") != 0 ? "!" : "");
	else
		tb_printf(t, "-");
}

void insn_cell_text(const struct insn_table *t, unsigned form, int col, struct insn_notes *notes, char *buf,
		    size_t cap)
{
	struct textbuf b;
	tb_init(&b, buf, cap);
	int m0 = t->first[form * (unsigned)t->ncols + (unsigned)col];
	if (m0 < 0) {
		tb_printf(&b, "—");
		return;
	}
	struct insn_cell lat = insn_cell(t, form, col, false), thr = insn_cell(t, form, col, true);
	figure(&b, &lat);
	tb_printf(&b, " / ");
	figure(&b, &thr);
	int refs[12], nrefs = 0;
	char text[240];
	struct textbuf n;
	if (!lat.has && !thr.has && lat.why && thr.why && strcmp(lat.why, thr.why) == 0) {
		ref(&b, notes, lat.why, refs, &nrefs); /* a skip: one reason for both */
	} else {
		const struct insn_cell *both[2] = {&lat, &thr};
		for (int i = 0; i < 2; i++) {
			const struct insn_cell *c = both[i];
			const char *name = i ? "throughput" : "latency";
			tb_init(&n, text, sizeof(text));
			if (!c->has && c->why)
				tb_printf(&n, "%s unavailable: %s", name, c->why);
			else if (c->has && strcmp(c->verdict, "ok") != 0)
				tb_printf(&n, "%s %s: %s", name, c->verdict, c->verdict_why ? c->verdict_why : "(no reason given)");
			if (text[0])
				ref(&b, notes, text, refs, &nrefs);
		}
	}
	for (int m = m0; m >= 0; m = t->meas[m].next) {
		const struct insn_meas *x = &t->meas[m];
		tb_init(&n, text, sizeof(text));
		if (x->via && x->lat.has && x->has_via_lat)
			tb_printf(&n, "latency through %s: its own %.2f cycles, measured in the same run, subtracted", x->via,
				  x->via_lat);
		else if (x->via && x->lat.has)
			tb_printf(&n, "latency through %s (its own latency not in the record)", x->via);
		if (text[0])
			ref(&b, notes, text, refs, &nrefs);
		tb_init(&n, text, sizeof(text));
		if (x->via && x->has_rt && !x->lat.has)
			tb_printf(&n, "round trip with %s: %.2f cycles, not split", x->via, x->rt);
		if (text[0])
			ref(&b, notes, text, refs, &nrefs);
		tb_init(&n, text, sizeof(text));
		if (x->thr_ins && x->thr.has)
			tb_printf(&n, "throughput per op of %d instructions (the form and its companion)", x->thr_ins);
		if (text[0])
			ref(&b, notes, text, refs, &nrefs);
		if (x->cycles_estimated)
			ref(&b, notes, "cycles estimated from the clock (no cycle counter)", refs, &nrefs);
		if (nrefs >= 6) /* each pass adds at most 4 */
			break;
	}
}
