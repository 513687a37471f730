/* The vector grid records read into a table (insn_grid.h): every field
 * checked before use. A record the grid cannot read (no vector form id,
 * a VLEN that cannot be, a "g" that is not an object) is an error line,
 * never a crash; so is a cell name outside e<8|16|32|64><mf8..m8> or a
 * cell no core allows. A cell whose value is not [lat, thr], or whose
 * figure is out of range, shows as unavailable with the reason. */
#include "insn_grid.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "textbuf.h"

const char *const vg_cell_names[VG_NCELLS] = {
	"e8mf8",  "e8mf4",  "e8mf2",  "e8m1",  "e8m2",  "e8m4",  "e8m8",  "e16mf8", "e16mf4", "e16mf2",
	"e16m1",  "e16m2",  "e16m4",  "e16m8", "e32mf8", "e32mf4", "e32mf2", "e32m1", "e32m2",  "e32m4",
	"e32m8",  "e64mf8", "e64mf4", "e64mf2", "e64m1", "e64m2", "e64m4", "e64m8",
};
static const char *const lmul_names[7] = {"mf8", "mf4", "mf2", "m1", "m2", "m4", "m8"};

int vg_cell_index(const char *name)
{
	for (int c = 0; c < VG_NCELLS; c++)
		if (strcmp(name, vg_cell_names[c]) == 0)
			return c;
	return -1;
}

int vg_cell_sew(int c)
{
	return 8 << (c / 7);
}

const char *vg_cell_lmul(int c)
{
	return lmul_names[c % 7];
}

bool vg_cell_text(char *out, size_t cap, const char *text, int c)
{
	size_t o = 0;
	int l = c % 7 - 3;
	while (*text) {
		char rep[32];
		size_t skip = 0;
		if (strncmp(text, "{e}", 3) == 0)
			snprintf(rep, sizeof(rep), "%d", vg_cell_sew(c)), skip = 3;
		else if (strncmp(text, "{n}", 3) == 0)
			snprintf(rep, sizeof(rep), "%d", l > 0 ? 1 << l : 1), skip = 3;
		else if (strncmp(text, "{vt}", 4) == 0)
			snprintf(rep, sizeof(rep), "e%d, %s, ta, ma", vg_cell_sew(c), vg_cell_lmul(c)), skip = 4;
		else
			rep[0] = *text, rep[1] = '\0', skip = 1;
		size_t n = strlen(rep);
		if (o + n >= cap)
			return false;
		memcpy(out + o, rep, n);
		o += n;
		text += skip;
	}
	out[o] = '\0';
	return true;
}

unsigned vg_cell_vl(int c, unsigned vlen)
{
	int l = c % 7 - 3; /* log2 LMUL */
	unsigned sew = (unsigned)vg_cell_sew(c);
	return l >= 0 ? (vlen << l) / sew : (vlen >> -l) / sew;
}

/* The RVV specification (v1.0, 3.4.2): a fractional LMUL needs
 * SEW <= LMUL * ELEN, and ELEN is at most 64; XTheadVector 0.7.1 has no
 * fractional LMUL. And vl = VLMAX must be at least one element. */
static const char *cell_not_allowed(int c, unsigned vlen, bool thead)
{
	int l = c % 7 - 3;
	if (l < 0 && thead)
		return "XTheadVector has no fractional LMUL";
	if (l < 0 && vg_cell_sew(c) << -l > 64)
		return "SEW > LMUL * ELEN (64)";
	if (!vg_cell_vl(c, vlen))
		return "VLEN * LMUL < SEW";
	return NULL;
}

static const char *const vector_exts[] = {"v",	    "zvbb",  "zvbc", "zvkned", "zvknha",      "zvknhb",
					  "zvksed", "zvksh", "zvkg", "zvkb",   "xtheadvector", NULL};

bool vg_vector_ext(const char *ext)
{
	for (int i = 0; vector_exts[i]; i++)
		if (strcmp(ext, vector_exts[i]) == 0)
			return true;
	return false;
}

/* rv64.<vector extension>.<name>: its extension into ext (cap 16). */
static bool vector_id(const char *id, char *ext)
{
	if (!insn_id_ok(id) || strncmp(id, "rv64.", 5) != 0)
		return false;
	const char *e = id + 5, *dot = strchr(e, '.');
	if (!dot || dot == e || !dot[1] || (size_t)(dot - e) >= 16)
		return false;
	memcpy(ext, e, (size_t)(dot - e));
	ext[dot - e] = '\0';
	return vg_vector_ext(ext);
}

bool vg_is_grid(const json_t *o)
{
	return json_object_get(o, "g") || json_object_get(o, "vlen");
}

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static void add_error(struct vg_table *t, const json_t *o, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add_error(struct vg_table *t, const json_t *o, const char *fmt, ...)
{
	if (t->nerr >= VG_MAX_ERRORS || !insn_grow(&t->err, &t->ecap, t->nerr, sizeof(*t->err))) {
		t->more_errors++;
		return;
	}
	struct vg_error *e = &t->err[t->nerr++];
	e->log = str(o, "_log");
	e->line = json_integer_value(json_object_get(o, "_line"));
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof(e->text), fmt, ap);
	va_end(ap);
}

/* The form of id (its extension ext), added if new; -1 past
 * VG_MAX_FORMS or out of memory (*oom then true). Found by a hash of the
 * id over twice the most forms. */
#define FORM_SLOTS (2 * VG_MAX_FORMS)
static int form_slot[FORM_SLOTS];
static int form_of(struct vg_table *t, const char *id, const char *ext, bool *oom)
{
	uint64_t h = 1469598103934665603ull;
	for (const unsigned char *p = (const unsigned char *)id; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	size_t s = (size_t)(h % FORM_SLOTS);
	while (form_slot[s] && strcmp(t->forms[form_slot[s] - 1].id, id) != 0)
		s = (s + 1) % FORM_SLOTS;
	if (form_slot[s])
		return form_slot[s] - 1;
	if (t->nforms >= VG_MAX_FORMS)
		return -1;
	if (!insn_grow(&t->forms, &t->fcap, t->nforms, sizeof(*t->forms))) {
		*oom = true;
		return -1;
	}
	struct vg_form *f = &t->forms[t->nforms];
	snprintf(f->id, sizeof(f->id), "%s", id);
	snprintf(f->ext, sizeof(f->ext), "%s", ext);
	f->text = insn_form_of(id);
	f->first = -1;
	form_slot[s] = ++t->nforms;
	return t->nforms - 1;
}

static struct vg_meas *find(const struct vg_table *t, int form, json_int_t core, const struct run_log *l)
{
	for (int m = t->forms[form].first; m >= 0; m = t->meas[m].next)
		if (t->meas[m].core == core && t->cols[t->meas[m].col].log == l)
			return &t->meas[m];
	return NULL;
}

static struct vg_meas *add(struct vg_table *t, int form, int col, json_int_t core)
{
	if (!insn_grow(&t->meas, &t->mcap, t->nmeas, sizeof(*t->meas)))
		return NULL;
	struct vg_meas *m = &t->meas[t->nmeas];
	memset(m, 0, sizeof(*m));
	m->form = form;
	m->col = col;
	m->core = core;
	m->next = -1;
	int *p = &t->forms[form].first;
	while (*p >= 0)
		p = &t->meas[*p].next;
	*p = t->nmeas++;
	return m;
}

/* The column of the record's core; -1 (counted) where none has it. */
static int col_of(struct vg_table *t, const struct run_log *l, const json_t *o, json_int_t *core)
{
	int col = insn_record_col(t->cols, t->ncols, l, o, core);
	t->no_column += col < 0;
	return col;
}

/* Names of an object's keys that are not cells (or cells no core
 * allows): counted, the first three kept with why for the error line. */
struct bad_cells {
	int n;
	char first[3][100];
};

static int cell_of(const char *key, unsigned vlen, bool thead, struct bad_cells *b)
{
	int c = vg_cell_index(key);
	const char *why = c < 0 ? "not a cell e<8|16|32|64><mf8..m8>" : cell_not_allowed(c, vlen, thead);
	if (!why)
		return c;
	if (b->n < 3) {
		struct textbuf t;
		tb_init(&t, b->first[b->n], sizeof(b->first[0]));
		tb_printf(&t, "'%.24s' (%s)", key, why);
	}
	b->n++;
	return -1;
}

/* One figure of a cell: v a number, [est, q1, q3] or null (then why). */
static void cell_fig(struct insn_fig *f, const json_t *v, bool lat, const json_t *why)
{
	if (json_is_null(v)) {
		memset(f, 0, sizeof(*f));
		f->verdict = "ok";
		struct textbuf t;
		tb_init(&t, f->why, sizeof(f->why));
		tb_printf(&t, "%s", json_is_string(why) ? json_string_value(why) : "null, with no reason in the record's why");
		return;
	}
	insn_fig_parse(f, v, lat, lat ? "latency" : "throughput");
}

static void cell_gap(struct insn_fig *f, const char *what)
{
	memset(f, 0, sizeof(*f));
	f->verdict = "ok";
	struct textbuf t;
	tb_init(&t, f->why, sizeof(f->why));
	tb_printf(&t, "%s", what);
}

/* The cells of a grid record into m; unknown names counted in b. */
static void read_cells(struct vg_meas *m, const json_t *o, bool thead, struct bad_cells *b)
{
	const char *k;
	json_t *v;
	const json_t *why = json_object_get(o, "why"), *lv = json_object_get(o, "lv"), *tv = json_object_get(o, "tv");
	json_object_foreach((json_t *)json_object_get(o, "g"), k, v)
	{
		int c = cell_of(k, m->vlen, thead, b);
		if (c < 0)
			continue;
		struct vg_cell *x = &m->cell[c];
		x->present = true;
		if (!json_is_array(v) || json_array_size(v) != 2) {
			cell_gap(&x->lat, "cell refused: not [lat, thr]");
			cell_gap(&x->thr, "cell refused: not [lat, thr]");
			continue;
		}
		cell_fig(&x->lat, json_array_get(v, 0), true, json_object_get(why, k));
		cell_fig(&x->thr, json_array_get(v, 1), false, json_object_get(why, k));
		const json_t *d = json_object_get(lv, k);
		if (d && x->lat.has)
			x->lat.verdict = json_is_string(d) ? json_string_value(d) : "(a verdict that is not a string)";
		d = json_object_get(tv, k);
		if (d && x->thr.has)
			x->thr.verdict = json_is_string(d) ? json_string_value(d) : "(a verdict that is not a string)";
	}
	/* the other per-cell objects: a key that is no cell is as bad there */
	const char *const per_cell[] = {"why", "lv", "tv", "rt", "via_lat"};
	for (int i = 0; i < 5; i++)
		json_object_foreach((json_t *)json_object_get(o, per_cell[i]), k, v)
		{
			int c = cell_of(k, m->vlen, thead, b);
			if (c < 0 || i < 3)
				continue;
			struct insn_fig f;
			insn_fig_parse(&f, v, true, "");
			if (i == 3) {
				m->cell[c].has_rt = f.has;
				m->cell[c].rt = f.est;
			} else {
				m->cell[c].has_via_lat = f.has;
				m->cell[c].via_lat = f.est;
			}
		}
}

static bool read_grid(struct vg_table *t, const struct run_log *l, const json_t *o)
{
	const char *id = json_string_value(json_object_get(o, "f"));
	char ext[16];
	if (!id || !vector_id(id, ext)) {
		add_error(t, o, "grid record refused: \"%.72s\" is not a vector form id (rv64.<v|zvbb|...|xtheadvector>.<name>)",
			  id ? id : "(no f)");
		return true;
	}
	const json_t *vl = json_object_get(o, "vlen");
	json_int_t vlen = json_is_integer(vl) ? json_integer_value(vl) : 0;
	if (vlen < VG_MIN_VLEN || vlen > VG_MAX_VLEN || (vlen & (vlen - 1))) {
		char v[32];
		if (json_is_integer(vl))
			snprintf(v, sizeof(v), "%lld", (long long)vlen);
		else
			snprintf(v, sizeof(v), "%s", vl ? "(not an integer)" : "(none)");
		add_error(t, o, "grid record of %s refused: vlen %s is not a power of two from %d to %d (the cells' vl "
				"depends on it)", id, v, VG_MIN_VLEN, VG_MAX_VLEN);
		return true;
	}
	if (!json_is_object(json_object_get(o, "g"))) {
		add_error(t, o, "grid record of %s refused: g is not an object of cells", id);
		return true;
	}
	json_int_t core;
	int col = col_of(t, l, o, &core);
	if (col < 0)
		return true;
	bool oom = false;
	int form = form_of(t, id, ext, &oom);
	if (form < 0) {
		if (!oom)
			add_error(t, o, "grid record of %s not read: more than %d vector forms", id, VG_MAX_FORMS);
		return !oom;
	}
	if (find(t, form, core, l)) {
		t->duplicates++;
		return true;
	}
	struct vg_meas *m = add(t, form, col, core);
	if (!m)
		return false;
	m->rec = o;
	m->vlen = (unsigned)vlen;
	const char *via = json_string_value(json_object_get(o, "via"));
	m->via = via && insn_id_ok(via) ? via : NULL;
	m->cycles_estimated = json_is_true(json_object_get(o, "cycles_estimated"));
	struct bad_cells b = {0};
	read_cells(m, o, strcmp(ext, "xtheadvector") == 0, &b);
	if (b.n)
		add_error(t, o, "grid record of %s: %d cell%s not read: %s%s%s%s%s%s", id, b.n, b.n == 1 ? "" : "s",
			  b.first[0], b.n > 1 ? ", " : "", b.n > 1 ? b.first[1] : "", b.n > 2 ? ", " : "",
			  b.n > 2 ? b.first[2] : "", b.n > 3 ? ", ..." : "");
	t->records++;
	return true;
}

/* A kernel's name after "insn." (the callers checked it begins so). */
static const char *after_insn(const json_t *o)
{
	const char *k = str(o, "kernel");
	return strlen(k) >= 5 ? k + 5 : "";
}

/* A skip of a vector extension or form: said under the column's grid. */
static bool read_skip(struct vg_table *t, const struct run_log *l, const json_t *o)
{
	const char *k = after_insn(o);
	char ext[16];
	char probe[80];
	snprintf(probe, sizeof(probe), "%.70s.x", k);
	if (!vector_id(probe, ext) && !vector_id(k, ext))
		return true;
	json_int_t core;
	int col = col_of(t, l, o, &core);
	if (col < 0)
		return true;
	for (int i = 0; i < t->nskips; i++)
		if (t->skips[i].col == col && strcmp(t->skips[i].ext, ext) == 0)
			return true;
	if (!insn_grow(&t->skips, &t->scap, t->nskips, sizeof(*t->skips)))
		return false;
	struct vg_skip *s = &t->skips[t->nskips++];
	s->col = col;
	snprintf(s->ext, sizeof(s->ext), "%s", ext);
	s->reason = str(o, "reason")[0] ? str(o, "reason") : "(no reason given)";
	return true;
}

/* An error record of a vector form's kernel (insn.<id>.lat / .thr) at a
 * cell: that figure is the error, whatever the grid record said. */
static bool read_error(struct vg_table *t, const struct run_log *l, const json_t *o)
{
	const char *k = after_insn(o);
	size_t n = strlen(k);
	char id[72], ext[16];
	bool thr = n > 4 && strcmp(k + n - 4, ".thr") == 0, lat = n > 4 && strcmp(k + n - 4, ".lat") == 0;
	if ((!thr && !lat) || n - 4 >= sizeof(id))
		return true;
	memcpy(id, k, n - 4);
	id[n - 4] = '\0';
	if (!vector_id(id, ext))
		return true;
	const char *what = str(o, "what")[0] ? str(o, "what") : "(no reason given)";
	const json_t *cj = json_object_get(o, "cell");
	int c = json_is_string(cj) ? vg_cell_index(json_string_value(cj)) : -1;
	json_int_t core;
	int col = insn_record_col(t->cols, t->ncols, l, o, &core);
	if (c < 0 || col < 0) {
		add_error(t, o, "error in %.80s%s%.24s: %.100s", k, cj ? " at cell " : "",
			  json_is_string(cj) ? json_string_value(cj) : cj ? "(not a cell name)" : "", what);
		return true;
	}
	bool oom = false;
	int form = form_of(t, id, ext, &oom);
	if (form < 0)
		return !oom;
	struct vg_meas *m = find(t, form, core, l);
	if (!m && !(m = add(t, form, col, core)))
		return false;
	struct vg_cell *x = &m->cell[c];
	char text[200];
	snprintf(text, sizeof(text), "error: %.120s%s", what, (thr ? x->thr.has : x->lat.has) ? " (the figure the run also gave is refused)" : "");
	if (!x->present) /* only the error names the cell: the other figure is not in the log */
		cell_gap(thr ? &x->lat : &x->thr, "not in the log");
	x->present = true;
	cell_gap(thr ? &x->thr : &x->lat, text);
	return true;
}

bool vg_any(const struct run_log *logs, int nlogs)
{
	for (int i = 0; i < nlogs; i++) {
		size_t k;
		json_t *o;
		json_array_foreach(logs[i].records, k, o)
		{
			LOG_VISIT();
			if (strcmp(str(o, "type"), "insn") == 0 && vg_is_grid(o))
				return true;
		}
	}
	return false;
}

static bool visit(void *ctx, const struct run_log *l, const json_t *o, int pass)
{
	struct vg_table *t = ctx;
	const char *type = str(o, "type");
	bool insn_kernel = strncmp(str(o, "kernel"), "insn.", 5) == 0;
	if (pass == 0 && strcmp(type, "insn") == 0 && vg_is_grid(o))
		return read_grid(t, l, o);
	if (pass == 1 && strcmp(type, "skip") == 0 && insn_kernel)
		return read_skip(t, l, o);
	if (pass == 1 && strcmp(type, "error") == 0 && insn_kernel)
		return read_error(t, l, o);
	return true;
}

bool vg_collect(struct vg_table *t, const struct run_log *logs, int nlogs, const struct core_col *cols, int ncols)
{
	memset(t, 0, sizeof(*t));
	memset(form_slot, 0, sizeof(form_slot));
	t->cols = cols;
	t->ncols = ncols;
	return insn_walk(logs, nlogs, visit, t);
}

void vg_free(struct vg_table *t)
{
	free(t->forms);
	free(t->meas);
	free(t->err);
	free(t->skips);
	memset(t, 0, sizeof(*t));
}

int vg_col_cells(const struct vg_table *t, int col, int *out)
{
	bool any[VG_NCELLS] = {false};
	for (int m = 0; m < t->nmeas; m++)
		for (int c = 0; c < VG_NCELLS && t->meas[m].col == col; c++)
			any[c] |= t->meas[m].cell[c].present;
	int n = 0;
	for (int c = 0; c < VG_NCELLS; c++)
		if (any[c])
			out[n++] = c;
	return n;
}

const struct vg_meas *vg_first(const struct vg_table *t, int form, int col)
{
	const struct vg_meas *best = NULL;
	for (int m = t->forms[form].first; m >= 0; m = t->meas[m].next)
		if (t->meas[m].col == col && (!best || t->meas[m].core < best->core))
			best = &t->meas[m];
	return best;
}

void vg_print_errors(const struct vg_table *t, FILE *o)
{
	for (int i = 0; i < t->nerr; i++)
		fprintf(o, "insn: %s line %lld: %s\n", t->err[i].log, (long long)t->err[i].line, t->err[i].text);
	if (t->more_errors)
		fprintf(o, "insn: ... and %lu more grid records not read or read in part\n", t->more_errors);
}
