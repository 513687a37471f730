/* The instruction table's data: the logs' insn records (and the skip and
 * error records of insn kernels) by form and column, every number
 * range-checked before it is a figure (docs/records.md, "The insn
 * record"). Printing is insn.c's and insn_html.c's. */
#include "insn.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "insn_grid.h"
#include "textbuf.h"

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* The host table's ids in order, for bsearch: built once. */
static unsigned *by_id;

static int id_cmp(const void *a, const void *b)
{
	return strcmp(insn_texts[*(const unsigned *)a].id, insn_texts[*(const unsigned *)b].id);
}

static int id_key_cmp(const void *key, const void *b)
{
	return strcmp(key, insn_texts[*(const unsigned *)b].id);
}

bool insn_id_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789._");
	return n && n <= 64 && !s[n];
}

int insn_form_of(const char *id)
{
	if (!insn_id_ok(id))
		return -1;
	if (!by_id) {
		by_id = malloc((insn_ntexts ? insn_ntexts : 1) * sizeof(*by_id));
		if (!by_id)
			return -1;
		for (unsigned i = 0; i < insn_ntexts; i++)
			by_id[i] = i;
		qsort(by_id, insn_ntexts, sizeof(*by_id), id_cmp);
	}
	const unsigned *p = bsearch(id, by_id, insn_ntexts, sizeof(*by_id), id_key_cmp);
	return p ? (int)*p : -1;
}

/* A number a figure may be: finite, at least 0 (above 0 where zero is
 * impossible), at most INSN_MAX_CYCLES. Else the reason, into t. */
static bool in_range(double v, bool zero_ok, const char *name, struct textbuf *t)
{
	if (!isfinite(v))
		tb_printf(t, "%s refused: not a finite number", name);
	else if (v < 0 || (!zero_ok && v == 0))
		tb_printf(t, "%s %.6g refused: %s", name, v, zero_ok ? "below 0" : "not above 0");
	else if (v > INSN_MAX_CYCLES)
		tb_printf(t, "%s %.6g refused: above %.0f cycles, no one instruction's", name, v, INSN_MAX_CYCLES);
	else
		return true;
	return false;
}

bool insn_fig_parse(struct insn_fig *f, const json_t *v, bool zero_ok, const char *name)
{
	memset(f, 0, sizeof(*f));
	struct textbuf t;
	tb_init(&t, f->why, sizeof(f->why));
	f->verdict = "ok";
	if (json_is_number(v)) {
		f->est = f->q1 = f->q3 = json_number_value(v);
	} else if (json_is_array(v) && json_array_size(v) == 3 && json_is_number(json_array_get(v, 0)) &&
		   json_is_number(json_array_get(v, 1)) && json_is_number(json_array_get(v, 2))) {
		f->est = json_number_value(json_array_get(v, 0));
		f->q1 = json_number_value(json_array_get(v, 1));
		f->q3 = json_number_value(json_array_get(v, 2));
	} else {
		tb_printf(&t, "%s refused: not a number or [est, q1, q3]", name);
		return false;
	}
	if (!in_range(f->est, zero_ok, name, &t) || !in_range(f->q1, zero_ok, name, &t) ||
	    !in_range(f->q3, zero_ok, name, &t))
		return false;
	if (f->q1 > f->q3) {
		tb_printf(&t, "%s refused: its quartiles are out of order (%.6g > %.6g)", name, f->q1, f->q3);
		return false;
	}
	return f->has = true;
}

/* One figure of a record: `key` a number or [est, q1, q3]; absent, the
 * record's reason under `why_key`. Latency may be 0 (a move eliminated at
 * rename is a finding), a reciprocal throughput may not. */
static void fig_read(struct insn_fig *f, const json_t *rec, const char *key, const char *why_key, const char *vd,
		     const char *vw, const char *name)
{
	const json_t *v = json_object_get(rec, key);
	if (!v) {
		memset(f, 0, sizeof(*f));
		f->verdict = "ok";
		const char *why = json_string_value(json_object_get(rec, why_key));
		struct textbuf t;
		tb_init(&t, f->why, sizeof(f->why));
		tb_printf(&t, "%s", why ? why : "the record gives neither the figure nor why");
		return;
	}
	if (!insn_fig_parse(f, v, strcmp(key, "lat") == 0, name))
		return;
	const json_t *d = json_object_get(rec, vd);
	if (d) {
		f->verdict = json_is_string(d) ? json_string_value(d) : "(a verdict that is not a string)";
		f->verdict_why = json_string_value(json_object_get(rec, vw));
	}
}

static void fig_gap(struct insn_fig *f, const char *fmt, const char *a, const char *b)
{
	struct textbuf t;
	tb_init(&t, f->why, sizeof(f->why));
	f->has = false;
	f->verdict = "ok";
	tb_printf(&t, fmt, a, b);
}

int insn_col_of(const struct core_col *cols, int ncols, const struct run_log *l, json_int_t core)
{
	for (int j = 0; j < ncols; j++) {
		if (cols[j].log != l)
			continue;
		for (int k = 0; k < cols[j].ncores; k++)
			if (cols[j].core[k] == core)
				return j;
	}
	return -1;
}

bool insn_boot_core(const struct run_log *l, json_int_t *core)
{
	size_t i;
	const json_t *c;
	json_array_foreach(json_object_get(l->run, "cores"), i, c)
	{
		if (json_is_true(json_object_get(c, "boot")) && json_is_integer(json_object_get(c, "id"))) {
			*core = json_integer_value(json_object_get(c, "id"));
			return true;
		}
	}
	return false;
}

static struct insn_meas *find(const struct insn_table *t, unsigned form, int col, json_int_t core)
{
	for (int m = t->first[form * (unsigned)t->ncols + (unsigned)col]; m >= 0; m = t->meas[m].next)
		if (t->meas[m].core == core)
			return &t->meas[m];
	return NULL;
}

bool insn_grow(void *array, int *cap, int n, size_t size)
{
	if (n < *cap)
		return true;
	int more = *cap ? 2 * *cap : 16;
	void *p = realloc(*(void **)array, (size_t)more * size);
	if (!p)
		return false;
	*(void **)array = p;
	*cap = more;
	return true;
}

/* A new measurement of (form, col, core), appended to its list; NULL when
 * out of memory. */
static struct insn_meas *add(struct insn_table *t, unsigned form, int col, json_int_t core)
{
	if (!insn_grow(&t->meas, &t->cap, t->nmeas, sizeof(*t->meas)))
		return NULL;
	struct insn_meas *m = &t->meas[t->nmeas];
	memset(m, 0, sizeof(*m));
	m->form = form;
	m->col = col;
	m->core = core;
	m->next = -1;
	int *p = &t->first[form * (unsigned)t->ncols + (unsigned)col];
	while (*p >= 0)
		p = &t->meas[*p].next;
	*p = t->nmeas++;
	t->shown[form] = true;
	return m;
}

static bool add_unknown(struct insn_table *t, const struct run_log *l, const json_t *o, const char *id)
{
	if (!insn_grow(&t->unknown, &t->ucap, t->nunknown, sizeof(*t->unknown)))
		return false;
	struct insn_unknown *u = &t->unknown[t->nunknown++];
	u->log = l->path;
	u->line = json_integer_value(json_object_get(o, "_line"));
	struct textbuf b;
	tb_init(&b, u->id, sizeof(u->id));
	tb_printf(&b, "%s", id ? id : "(no form id)");
	return true;
}

int insn_record_col(const struct core_col *cols, int ncols, const struct run_log *l, const json_t *o, json_int_t *core)
{
	return insn_core_of(l, o, core) ? insn_col_of(cols, ncols, l, *core) : -1;
}

bool insn_walk(const struct run_log *logs, int nlogs, bool (*fn)(void *ctx, const struct run_log *l, const json_t *o, int pass),
	       void *ctx)
{
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < nlogs; i++) {
			size_t k;
			json_t *o;
			json_array_foreach(logs[i].records, k, o)
			{
				LOG_VISIT();
				if (!fn(ctx, &logs[i], o, pass))
					return false;
			}
		}
	return true;
}

bool insn_core_of(const struct run_log *l, const json_t *o, json_int_t *core)
{
	const json_t *c = json_object_get(o, "c");
	if (!c)
		c = json_object_get(o, "core");
	if (json_is_integer(c)) {
		*core = json_integer_value(c);
		return true;
	}
	return !c && insn_boot_core(l, core);
}

static bool read_insn(struct insn_table *t, const struct run_log *l, const json_t *o)
{
	if (vg_is_grid(o))
		return true; /* a vector form's grid: insn_grid.c's */
	const char *id = json_string_value(json_object_get(o, "f"));
	int form = id ? insn_form_of(id) : -1;
	if (form < 0)
		return add_unknown(t, l, o, id);
	json_int_t core;
	int col = insn_record_col(t->cols, t->ncols, l, o, &core);
	if (col < 0) {
		t->no_column++;
		return true;
	}
	if (find(t, (unsigned)form, col, core)) {
		t->duplicates++; /* the first in log order stays, as for results */
		return true;
	}
	struct insn_meas *m = add(t, (unsigned)form, col, core);
	if (!m)
		return false;
	m->rec = o;
	fig_read(&m->lat, o, "lat", "lat_why", "lvd", "lvw", "latency");
	fig_read(&m->thr, o, "thr", "thr_why", "tvd", "tvw", "throughput");
	m->via = json_string_value(json_object_get(o, "via"));
	struct insn_fig via;
	fig_read(&via, o, "via_lat", "", "", "", "the companion's latency");
	m->has_via_lat = via.has;
	m->via_lat = via.est;
	fig_read(&via, o, "rt", "", "", "", "the round trip");
	m->has_rt = via.has;
	m->rt = via.est;
	/* the throughput op's instructions: the form and its companion (a few) */
	const json_t *ins = json_object_get(o, "thr_ins");
	if (json_is_integer(ins) && json_integer_value(ins) >= 2 && json_integer_value(ins) <= 16)
		m->thr_ins = (int)json_integer_value(ins);
	else if (ins && m->thr.has)
		fig_gap(&m->thr, "throughput refused: thr_ins %s%s", "is not a count of 2 to 16 instructions", "");
	m->cycles_estimated = json_is_true(json_object_get(o, "cycles_estimated"));
	t->records++;
	return true;
}

/* Which figures an insn kernel name covers of form f: 3 both, 1 the
 * latency (".lat"), 2 the throughput (".thr"), 0 none. `k` is the name
 * after "insn.": an extension ("rv64.zbb"), a form, or a form's kernel. */
static int covers(const char *k, const char *f)
{
	size_t n = strlen(f);
	if (strncmp(k, f, n) == 0 && (!k[n] || strcmp(k + n, ".lat") == 0 || strcmp(k + n, ".thr") == 0))
		return !k[n] ? 3 : k[n + 1] == 'l' ? 1 : 2;
	n = strlen(k);
	return strncmp(f, k, n) == 0 && f[n] == '.' ? 3 : 0;
}

/* A skip or error record of an insn kernel: every form it covers on its
 * core is unavailable with its reason (a figure the same core also
 * reported is refused: the run said it failed). */
static bool read_gap(struct insn_table *t, const struct run_log *l, const json_t *o, bool error)
{
	const char *k = str(o, "kernel") + 5;
	json_int_t core;
	int col = insn_record_col(t->cols, t->ncols, l, o, &core);
	if (col < 0) {
		t->no_column++;
		return true;
	}
	const char *why = error ? str(o, "what") : str(o, "reason");
	for (unsigned f = 0; f < insn_ntexts; f++) {
		int c = vg_vector_ext(insn_texts[f].ext) ? 0 : covers(k, insn_texts[f].id); /* a grid's: insn_grid.c */
		if (!c)
			continue;
		struct insn_meas *m = find(t, f, col, core);
		bool fresh = !m;
		if (fresh && !(m = add(t, f, col, core)))
			return false;
		const char *fmt = error ? "error: %s%s" : "skipped: %s%s";
		const char *also = fresh ? "" : " (the figure the run also gave is refused)";
		if (c & 1 && (fresh || m->lat.has || !m->rec))
			fig_gap(&m->lat, fmt, why[0] ? why : "(no reason given)", m->lat.has ? also : "");
		if (c & 2 && (fresh || m->thr.has || !m->rec))
			fig_gap(&m->thr, fmt, why[0] ? why : "(no reason given)", m->thr.has ? also : "");
		if (fresh && c != 3) /* a kernel of one figure: the other is not in the log */
			fig_gap(c == 1 ? &m->thr : &m->lat, "%s%s", "not in the log", "");
	}
	return true;
}

static bool insn_kernel(const json_t *o)
{
	return strncmp(str(o, "kernel"), "insn.", 5) == 0;
}

bool insn_any(const struct run_log *logs, int nlogs)
{
	for (int i = 0; i < nlogs; i++) {
		size_t k;
		json_t *o;
		json_array_foreach(logs[i].records, k, o)
		{
			LOG_VISIT();
			const char *type = str(o, "type");
			if (strcmp(type, "insn") == 0 || (strcmp(type, "skip") == 0 && insn_kernel(o)))
				return true;
		}
	}
	return false;
}

static bool visit(void *ctx, const struct run_log *l, const json_t *o, int pass)
{
	struct insn_table *t = ctx;
	const char *type = str(o, "type");
	if (pass == 0 && strcmp(type, "insn") == 0)
		return read_insn(t, l, o);
	if (pass == 1 && (strcmp(type, "skip") == 0 || strcmp(type, "error") == 0) && insn_kernel(o))
		return read_gap(t, l, o, type[0] == 'e');
	return true;
}

bool insn_collect(struct insn_table *t, const struct run_log *logs, int nlogs, const struct core_col *cols,
		  int ncols)
{
	memset(t, 0, sizeof(*t));
	t->cols = cols;
	t->ncols = ncols;
	size_t cells = (size_t)insn_ntexts * (size_t)(ncols ? ncols : 1);
	t->first = malloc(cells * sizeof(*t->first));
	t->shown = calloc(insn_ntexts ? insn_ntexts : 1, sizeof(*t->shown));
	if (!t->first || !t->shown)
		return false;
	for (size_t i = 0; i < cells; i++)
		t->first[i] = -1;
	/* the insn records first, then what skips and errors say of them */
	return insn_walk(logs, nlogs, visit, t);
}

void insn_table_free(struct insn_table *t)
{
	free(t->meas);
	free(t->first);
	free(t->shown);
	free(t->unknown);
	memset(t, 0, sizeof(*t));
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

struct insn_cell insn_cell(const struct insn_table *t, unsigned form, int col, bool thr)
{
	struct insn_cell c = {.verdict = "ok"};
	double v[COL_MAX_CORES];
	for (int m = t->first[form * (unsigned)t->ncols + (unsigned)col]; m >= 0; m = t->meas[m].next) {
		const struct insn_fig *f = thr ? &t->meas[m].thr : &t->meas[m].lat;
		if (!f->has) {
			if (!c.why)
				c.why = f->why;
			continue;
		}
		if (c.ncores < COL_MAX_CORES)
			v[c.ncores++] = f->est;
		if (strcmp(c.verdict, "ok") == 0 && strcmp(f->verdict, "ok") != 0) {
			c.verdict = f->verdict;
			c.verdict_why = f->verdict_why;
		}
	}
	if (c.ncores) {
		qsort(v, (size_t)c.ncores, sizeof(v[0]), dbl_cmp);
		c.has = true;
		c.v = c.ncores % 2 ? v[c.ncores / 2] : (v[c.ncores / 2 - 1] + v[c.ncores / 2]) / 2;
	}
	return c;
}
