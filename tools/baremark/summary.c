/* baremark summary <log>...: each core type's summary record side by
 * side, one column per core type (the first core of the type that wrote
 * one), with what the hardware itself reports beside the measured cache
 * levels (CCSIDR caches in an Arm core record). */
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lognum.h"
#include "records.h"
#include "summary.h"

/* A cell wider than this is shown whole; its reason-notes only when a
 * reason is longer (cells are never cut). */
#define WIDTH 34
#define MAX_ROWS 64
#define CELL 256

static const json_t *summary_of(const struct core_col *c)
{
	size_t i;
	json_t *o;
	json_array_foreach(c->log->records, i, o)
	{
		LOG_VISIT();
		const char *t = json_string_value(json_object_get(o, "type"));
		if (!t || strcmp(t, "summary") != 0)
			continue;
		json_int_t core = json_integer_value(json_object_get(o, "core"));
		for (int k = 0; k < c->ncores; k++)
			if (c->core[k] == core)
				return o;
	}
	return NULL;
}

static const json_t *core_record(const struct core_col *c)
{
	return c->core_rec;
}

/* Every number a cell shows is range-checked first (lognum.h): one that
 * cannot be (a size past 2^50 or negative, a count past 2^40, a figure
 * past 10^15) makes the cell say so, never print a wrong number. */
#define OUT_OF_RANGE "unavailable: a value out of range in the log"

/* o[a][b] as a figure (finite, |x| <= 10^15); false if not. */
static bool num(const json_t *o, const char *a, const char *b, double *v)
{
	return ln_num_at(json_object_get(o, a), b, -LN_REAL_MAX, LN_REAL_MAX, v);
}

/* o[k] as a size in bytes, or a count (0 .. 2^50); false if not. */
static bool size_of(const json_t *o, const char *k, long long *v)
{
	return ln_int_at(o, k, 0, LN_BYTES_MAX, v);
}

static bool has(const json_t *o, const char *a)
{
	return json_object_get(o, a) != NULL;
}

/* One row: a label, then each column's text (made by `cell`). The rows
 * are kept and printed at the end, each column as wide as its widest
 * cell, so no cell is cut. */
typedef void (*cell_fn)(char *buf, size_t cap, const json_t *sum, const json_t *core, int i);

static char cells[MAX_ROWS][CMP_MAX_COLS + 1][CELL];
static int nrows;

static void row(const char *label, const struct cmp_set *s, const json_t **sums, const json_t **cores, cell_fn f, int i)
{
	if (nrows >= MAX_ROWS) {
		static bool said;
		if (!said)
			fprintf(stderr, "summary: more than %d rows (a log listing that many cache levels?): the rest are "
					"not shown\n",
				MAX_ROWS);
		said = true;
		return;
	}
	snprintf(cells[nrows][0], CELL, "%s", label);
	for (int c = 0; c < s->ncols; c++) {
		char *buf = cells[nrows][c + 1];
		snprintf(buf, CELL, "-");
		if (sums[c])
			f(buf, CELL, sums[c], cores[c], i);
	}
	nrows++;
}

static void print_rows(int ncols)
{
	int w[CMP_MAX_COLS + 1] = {0};
	for (int r = 0; r < nrows; r++)
		for (int c = 0; c <= ncols; c++) {
			int len = (int)strlen(cells[r][c]);
			w[c] = len > w[c] ? len : w[c];
		}
	for (int r = 0; r < nrows; r++) {
		printf("%-*s", w[0], cells[r][0]);
		for (int c = 1; c <= ncols; c++)
			printf(" | %-*s", w[c], cells[r][c]);
		printf("\n");
	}
	nrows = 0;
}

/* Reasons too long for a cell are notes under the table: the cell says
 * "unavailable [n]"; the same reason keeps its number. */
#define MAX_NOTES 64
static const char *notes[MAX_NOTES];
static int nnotes;

/* `why` in the cell where it fits, else `label` [n] and why as note n. */
static void cell_or_note(char *buf, size_t cap, const char *label, const char *why)
{
	if (!why || strlen(why) <= WIDTH) {
		snprintf(buf, cap, "%s", why ? why : "—");
		return;
	}
	int n = 0;
	while (n < nnotes && strcmp(notes[n], why) != 0)
		n++;
	if (n == nnotes && nnotes < MAX_NOTES)
		notes[nnotes++] = why;
	if (n < nnotes)
		snprintf(buf, cap, "%s [%d]", label, n + 1);
	else
		snprintf(buf, cap, "%s", why); /* out of note numbers: cut, as before */
}

static void unavailable(char *buf, size_t cap, const json_t *sum, const char *key)
{
	cell_or_note(buf, cap, "unavailable", summary_unavailable(sum, key));
}

static void cache_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core;
	json_t *l = json_array_get(json_object_get(sum, "caches"), (size_t)i);
	if (!l) {
		if (i == 0)
			unavailable(buf, cap, sum, "caches");
		else
			snprintf(buf, cap, " ");
		return;
	}
	long long holds, before;
	double lat;
	if (size_of(l, "holds_bytes", &holds) && size_of(l, "step_before_bytes", &before) &&
	    ln_num_at(l, "latency_cycles", -LN_REAL_MAX, LN_REAL_MAX, &lat))
		snprintf(buf, cap, ">= %lld KiB (< %lld), %.1f cyc", holds / 1024, before / 1024, lat);
	else
		snprintf(buf, cap, OUT_OF_RANGE);
}

/* The hardware's own data and unified caches, level by level (Arm CCSIDR). */
static void hw_cache_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)sum;
	snprintf(buf, cap, " ");
	size_t k;
	json_t *c;
	int n = 0;
	json_array_foreach(json_object_get(core, "caches"), k, c)
	{
		const char *t = json_string_value(json_object_get(c, "type"));
		if (t && strcmp(t, "instruction") == 0)
			continue;
		long long level, size, line;
		if (n++ != i)
			continue;
		if (ln_int_at(c, "level", 0, 64, &level) && size_of(c, "size", &size) && size_of(c, "line", &line))
			snprintf(buf, cap, "L%lld %s %lld KiB, %lld B lines", level, t ? t : "?", size / 1024, line);
		else
			snprintf(buf, cap, OUT_OF_RANGE);
	}
	if (i == 0 && n == 0)
		snprintf(buf, cap, "not in the core record");
}

static void memory_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core, (void)i;
	double lat, at;
	if (has(sum, "memory") && num(sum, "memory", "latency_cycles", &lat) &&
	    ln_num_at(json_object_get(sum, "memory"), "at_bytes", 0, LN_BYTES_MAX, &at))
		snprintf(buf, cap, "%.0f cyc at %lld MiB", lat, (long long)at / (1 << 20));
	else if (has(sum, "memory"))
		snprintf(buf, cap, OUT_OF_RANGE);
	else if (json_object_get(json_object_get(sum, "unavailable"), "summary"))
		unavailable(buf, cap, sum, "summary");
	else
		snprintf(buf, cap, "-");
}

static void order_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core, (void)i;
	json_t *e = json_object_get(sum, "execution"), *u = json_object_get(e, "unstable");
	double r0, r1;
	if (json_array_size(u) == 2 && ln_num_at(json_array_get(u, 0), "overlap_ratio", -LN_REAL_MAX, LN_REAL_MAX, &r0) &&
	    ln_num_at(json_array_get(u, 1), "overlap_ratio", -LN_REAL_MAX, LN_REAL_MAX, &r1)) /* the two passes disagree */
		snprintf(buf, cap, "unstable: %s %.2f; %s %.2f", json_string_value(json_object_get(json_array_get(u, 0), "order")) ?: "?",
			 r0, json_string_value(json_object_get(json_array_get(u, 1), "order")) ?: "?", r1);
	else if (json_array_size(u) == 2)
		snprintf(buf, cap, OUT_OF_RANGE);
	else if (e && num(sum, "execution", "overlap_ratio", &r0))
		snprintf(buf, cap, "%s (ratio %.2f)", json_string_value(json_object_get(e, "order")) ?: "?", r0);
	else if (e)
		snprintf(buf, cap, OUT_OF_RANGE);
	else
		unavailable(buf, cap, sum, "execution");
}

/* A bracket: fits/exceeds, or at_least ("(never rose)", `open`), every
 * bound range-checked (0 .. 2^50), with what else the structure says:
 * a gradual knee's entries, a shape, the next step. */
static void bracket_text(char *buf, size_t cap, const json_t *x, const char *open, bool more)
{
	long long fits, exceeds, v, w;
	if (json_object_get(x, "at_least")) {
		if (size_of(x, "at_least", &v))
			snprintf(buf, cap, ">= %lld %s", v, open);
		else
			snprintf(buf, cap, OUT_OF_RANGE);
		return;
	}
	if (!size_of(x, "fits", &fits) || !size_of(x, "exceeds", &exceeds)) {
		snprintf(buf, cap, OUT_OF_RANGE);
		return;
	}
	if (!more) {
		snprintf(buf, cap, "%lld fit, %lld do not", fits, exceeds);
	} else if (json_object_get(x, "entries")) {
		/* a gradual knee (lib/summary.c, sm_knee): fits..exceeds-1 fit as well as the best */
		if (size_of(x, "entries", &v))
			snprintf(buf, cap, "%lld entries (%lld-%lld fit the curve), gradual", v, fits, exceeds - 1);
		else
			snprintf(buf, cap, OUT_OF_RANGE);
	} else if (json_object_get(x, "shape")) {
		snprintf(buf, cap, "%lld fit, %lld do not (%s)", fits, exceeds, json_string_value(json_object_get(x, "shape")) ?: "?");
	} else if (json_object_get(x, "next_exceeds")) {
		if (size_of(x, "next_fits", &v) && size_of(x, "next_exceeds", &w))
			snprintf(buf, cap, "%lld fit, %lld do not; then %lld fit, %lld do not", fits, exceeds, v, w);
		else
			snprintf(buf, cap, OUT_OF_RANGE);
	} else {
		snprintf(buf, cap, "%lld fit, %lld do not", fits, exceeds);
	}
}

/* One out-of-order structure: the filler kind i of the window probes. */
static void window_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core;
	json_t *w = json_object_get(sum, "window");
	json_t *x = json_object_get(w, sm_window_fillers[i]);
	if (x && summary_unstable(x, buf, cap))
		return;
	if (x && json_is_string(json_object_get(x, "blind")))
		cell_or_note(buf, cap, "blind", json_string_value(json_object_get(x, "blind")));
	else if (x)
		bracket_text(buf, cap, x, "fillers (no jump)", false);
	else if (w)
		snprintf(buf, cap, "no reading (uarch.window.%s did not run)", sm_window_fillers[i]);
	else
		unavailable(buf, cap, sum, "window");
}

#define NUM_CELL(fn, obj, field, fmt, key)                                                    \
	static void fn(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)     \
	{                                                                                     \
		(void)core, (void)i;                                                          \
		double v;                                                                     \
		if (has(sum, obj) && num(sum, obj, field, &v))                                \
			snprintf(buf, cap, fmt, v);                                           \
		else if (has(sum, obj))                                                       \
			snprintf(buf, cap, OUT_OF_RANGE);                                     \
		else                                                                          \
			unavailable(buf, cap, sum, key);                                      \
	}
NUM_CELL(width_cell, "issue_width", "ipc", "%.2f instructions/cycle", "issue_width")
NUM_CELL(mlp_cell, "memory_parallelism", "misses", "%.1f misses in flight", "memory_parallelism")
NUM_CELL(stlf_cell, "store_to_load_forwarding", "cycles", "%.1f cycles", "store_to_load_forwarding")
static void elim_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core, (void)i;
	json_t *e = json_object_get(sum, "add_elimination");
	double imm, reg;
	if (json_is_object(e) && num(sum, "add_elimination", "immediate_cycles", &imm) &&
	    num(sum, "add_elimination", "register_cycles", &reg))
		snprintf(buf, cap, "%s (%.2f cyc vs %.2f for reg adds)",
			 json_is_true(json_object_get(e, "eliminated")) ? "eliminated at rename" : "executed", imm, reg);
	else if (json_is_object(e))
		snprintf(buf, cap, OUT_OF_RANGE);
	else
		unavailable(buf, cap, sum, "add_elimination");
}

static void line_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core, (void)i;
	json_t *l = json_object_get(sum, "line_size");
	long long bytes;
	if (json_is_object(l) && size_of(l, "bytes", &bytes))
		snprintf(buf, cap, "%lld bytes", bytes);
	else if (json_is_object(l))
		snprintf(buf, cap, OUT_OF_RANGE);
	else
		unavailable(buf, cap, sum, "line_size");
}

NUM_CELL(mp_cell, "mispredict_penalty", "cycles", "%.1f cycles", "mispredict_penalty")

static void bw_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core, (void)i;
	const json_t *b = json_object_get(sum, "read_bandwidth");
	double small, large, small_at, large_at;
	if (b && num(sum, "read_bandwidth", "small_bytes_per_cycle", &small) &&
	    num(sum, "read_bandwidth", "large_bytes_per_cycle", &large) &&
	    ln_num_at(b, "small_at_bytes", 0, LN_BYTES_MAX, &small_at) && ln_num_at(b, "large_at_bytes", 0, LN_BYTES_MAX, &large_at))
		snprintf(buf, cap, "%.1f B/cyc at %lld KiB, %.1f at %lld KiB", small, (long long)small_at / 1024, large,
			 (long long)large_at / 1024);
	else if (b)
		snprintf(buf, cap, OUT_OF_RANGE);
	else
		unavailable(buf, cap, sum, "read_bandwidth");
}

/* fits/exceeds or at_least, for the branch structures */
static void rise_cell(char *buf, size_t cap, const json_t *sum, const char *key)
{
	json_t *x = json_object_get(sum, key);
	if (!x)
		unavailable(buf, cap, sum, key);
	else if (!summary_unstable(x, buf, cap))
		bracket_text(buf, cap, x, "(never rose)", true);
}

#define RISE_CELL(fn, key)                                                                 \
	static void fn(char *buf, size_t cap, const json_t *sum, const json_t *core, int i) \
	{                                                                                  \
		(void)core, (void)i;                                                       \
		rise_cell(buf, cap, sum, key);                                             \
	}
RISE_CELL(btb_cell, "btb")
RISE_CELL(btb16_cell, "btb_16")
RISE_CELL(ret_fixed_cell, "return_fixed")
RISE_CELL(tlb_cell, "tlb_reach")
RISE_CELL(tlb_last_cell, "tlb_reach_last")
RISE_CELL(ras_cell, "return_stack")
RISE_CELL(ind_cell, "indirect_targets")
RISE_CELL(pattern_cell, "pattern_period")
RISE_CELL(history_cell, "history_length")

static void vbw_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core, (void)i;
	double small, large;
	if (has(sum, "vector_read_bandwidth") && num(sum, "vector_read_bandwidth", "small_bytes_per_cycle", &small) &&
	    num(sum, "vector_read_bandwidth", "large_bytes_per_cycle", &large))
		snprintf(buf, cap, "%.1f B/cyc small, %.1f large", small, large);
	else if (has(sum, "vector_read_bandwidth"))
		snprintf(buf, cap, OUT_OF_RANGE);
	else
		unavailable(buf, cap, sum, "vector_read_bandwidth");
}

static void prefetch_cell(char *buf, size_t cap, const json_t *sum, const json_t *core, int i)
{
	(void)core, (void)i;
	double seq, rnd;
	if (has(sum, "prefetch") && num(sum, "prefetch", "sequential_cycles", &seq) && num(sum, "prefetch", "random_cycles", &rnd))
		snprintf(buf, cap, "%.1f cyc in order vs %.1f random", seq, rnd);
	else if (has(sum, "prefetch"))
		snprintf(buf, cap, OUT_OF_RANGE);
	else
		unavailable(buf, cap, sum, "prefetch");
}

int cmd_summary(int argc, char **argv)
{
	if (argc < 1 || argc > CMP_MAX_LOGS || argv[0][0] == '-') {
		fprintf(stderr, "usage: baremark summary <log>... (at most %d)\n", CMP_MAX_LOGS);
		return 2;
	}
	static struct cmp_set set;
	int st = cmp_load(&set, (const char **)argv, argc, "summary", false);
	if (st)
		return st;
	const json_t *sums[CMP_MAX_COLS], *cores[CMP_MAX_COLS];
	int any = 0, levels = 1, hw = 1;
	for (int c = 0; c < set.ncols; c++) {
		sums[c] = summary_of(&set.cols[c]);
		cores[c] = core_record(&set.cols[c]);
		any += sums[c] != NULL;
		int n = (int)json_array_size(json_object_get(sums[c], "caches"));
		levels = n > levels ? n : levels;
		n = 0;
		size_t k;
		json_t *x;
		json_array_foreach(json_object_get(cores[c], "caches"), k, x)
		n += strcmp(json_string_value(json_object_get(x, "type")) ?: "", "instruction") != 0;
		hw = n > hw ? n : hw;
	}
	if (!any) {
		fprintf(stderr, "summary: no summary record in these logs\n");
		cmp_free(&set);
		return 1;
	}
	for (int c = 0; c < set.ncols; c++)
		printf("# %s: %s%s\n", set.cols[c].label, set.cols[c].type_label,
		       json_is_true(json_object_get(sums[c], "cycles_estimated")) ? " (cycles ESTIMATED from the clock)" : "");
	nrows = 0;
	snprintf(cells[nrows][0], CELL, " ");
	for (int c = 0; c < set.ncols; c++)
		snprintf(cells[nrows][c + 1], CELL, "%s", set.cols[c].label);
	nrows++;
	for (int i = 0; i < levels; i++) {
		char label[32];
		snprintf(label, sizeof(label), "cache level %d", i + 1);
		row(label, &set, sums, cores, cache_cell, i);
	}
	for (int i = 0; i < hw; i++)
		row(i ? "" : "caches (hardware says)", &set, sums, cores, hw_cache_cell, i);
	row("memory latency", &set, sums, cores, memory_cell, 0);
	row("prefetch (same lines)", &set, sums, cores, prefetch_cell, 0);
	row("line size", &set, sums, cores, line_cell, 0);
	row("TLB, first level (pages)", &set, sums, cores, tlb_cell, 0);
	row("TLB, biggest step (pages)", &set, sums, cores, tlb_last_cell, 0);
	row("read bandwidth", &set, sums, cores, bw_cell, 0);
	row("vector read bandwidth", &set, sums, cores, vbw_cell, 0);
	row("execution", &set, sums, cores, order_cell, 0);
	/* what each window probe filled (lib/summary.h, sm_window_fillers) */
	static const char *const structure[SM_WINDOW_KINDS] = {
		"window: nops (ROB)", "window: int writes (regs)", "window: FP writes (regs)",
		"window: loads (load queue)", "window: stores (store q.)", "window: branches"};
	for (int k = 0; k < SM_WINDOW_KINDS; k++)
		row(structure[k], &set, sums, cores, window_cell, k);
	row("issue width", &set, sums, cores, width_cell, 0);
	row("memory parallelism", &set, sums, cores, mlp_cell, 0);
	row("store-to-load forward", &set, sums, cores, stlf_cell, 0);
	row("immediate-add chain", &set, sums, cores, elim_cell, 0);
	row("mispredict penalty", &set, sums, cores, mp_cell, 0);
	row("branch pattern period", &set, sums, cores, pattern_cell, 0);
	row("global history (fillers)", &set, sums, cores, history_cell, 0);
	row("BTB (jumps 4 B apart)", &set, sums, cores, btb_cell, 0);
	row("BTB (jumps 16 B apart)", &set, sums, cores, btb16_cell, 0);
	row("return stack", &set, sums, cores, ras_cell, 0);
	row("returns, fixed targets", &set, sums, cores, ret_fixed_cell, 0);
	row("indirect (targets)", &set, sums, cores, ind_cell, 0);
	print_rows(set.ncols);
	for (int n = 0; n < nnotes; n++)
		printf("%s[%d] %s\n", n ? "" : "\n", n + 1, notes[n]);
	nnotes = 0;
	cmp_free(&set);
	return 0;
}
