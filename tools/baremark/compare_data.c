/* The comparison's data, shared by compare, report, steps, crypto,
 * summary and the workload table: the logs loaded, their columns (core
 * types, or cores) and rows (kernel and parameter), and one cell's
 * figures, from each log's index (recindex.h). Printing is compare.c's
 * and the others'; nothing here prints but the reasons a load failed. */
#include "compare.h"

#include "insn.h"
#include "lognum.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}


void cmp_free(struct cmp_set *s)
{
	for (int i = 0; i < s->nlogs; i++)
		log_free(&s->logs[i]); /* safe on a log that failed to load */
}

int cmp_load(struct cmp_set *s, const char **paths, int n, const char *who, bool per_core)
{
	bool ok = true;
	s->nlogs = 0;
	for (int i = 0; i < n && s->nlogs < CMP_MAX_LOGS; i++) {
		struct run_log *l = &s->logs[s->nlogs++];
		if (!log_load(l, paths[i])) {
			ok = false;
			continue;
		}
		log_report_counts(l);
		/* a file of several runs: each a log of its own, labelled apart */
		s->nlogs += log_split_runs(l, &s->logs[s->nlogs], CMP_MAX_LOGS - s->nlogs);
		if (s->nlogs == CMP_MAX_LOGS && i + 1 < n)
			fprintf(stderr, "%s: %d logs and runs already (at most %d): %s and the %d after it are not read\n", who,
				s->nlogs, CMP_MAX_LOGS, paths[i + 1], n - i - 2);
	}
	if (!ok) {
		cmp_free(s);
		return 2;
	}
	s->ncols = log_cores(s->logs, s->nlogs, s->cols, CMP_MAX_COLS, per_core);
	s->nrows = compare_rows(s->logs, s->nlogs, s->rows, CMP_MAX_ROWS);
	/* a log of only insn records (baremark.only=insn.*) has no rows: the
	 * report still has its instruction table (issue 43) */
	if (!s->ncols || (!s->nrows && !(s->rows_optional && insn_any(s->logs, s->nlogs)))) {
		fprintf(stderr, "%s: no core with results in these logs\n", who);
		cmp_free(s);
		return 1;
	}
	return 0;
}


/* The rows seen so far, by (kernel, parameter value): open addressing
 * over twice the most rows, each slot a row index + 1 (0: empty). */
#define ROW_SLOTS (2 * CMP_MAX_ROWS)
static size_t row_hash(const char *kernel, json_int_t param)
{
	uint64_t h = 1469598103934665603ull;
	for (const unsigned char *p = (const unsigned char *)kernel; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	h = (h ^ (uint64_t)param) * 1099511628211ull;
	return (size_t)(h ^ h >> 29) % ROW_SLOTS;
}

int compare_rows(const struct run_log *logs, int nlogs, struct cmp_row *rows, int max)
{
	static int slot[ROW_SLOTS];
	memset(slot, 0, sizeof(slot));
	int n = 0;
	long dropped = 0; /* records of rows past the limit: said, never dropped silently */
	for (int i = 0; i < nlogs; i++) {
		size_t k;
		json_t *o;
		json_array_foreach(logs[i].records, k, o)
		{
			LOG_VISIT();
			const char *type = str(o, "type");
			if (strcmp(type, "result") != 0 && strcmp(type, "skip") != 0)
				continue;
			json_t *p = json_object_get(o, "param");
			struct cmp_row r = {str(o, "kernel"), p ? str(p, "name") : "",
					    p ? json_integer_value(json_object_get(p, "value")) : -1};
			size_t h = row_hash(r.kernel, r.param);
			while (slot[h] && !(rows[slot[h] - 1].param == r.param && strcmp(rows[slot[h] - 1].kernel, r.kernel) == 0))
				h = (h + 1) % ROW_SLOTS;
			if (!slot[h] && n < max && n < CMP_MAX_ROWS) {
				rows[n++] = r;
				slot[h] = n;
			} else if (!slot[h]) {
				dropped++;
			}
		}
	}
	if (dropped)
		fprintf(stderr, "%ld results and skips are of rows past the first %d (kernel and parameter pairs) and are not "
				"shown\n",
			dropped, max < CMP_MAX_ROWS ? max : CMP_MAX_ROWS);
	return n;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median of v[0..n), n >= 1 (the mean of the middle two when even). */
static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), by_value);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct cmp_cell compare_cell(const struct core_col *c, const struct cmp_row *r)
{
	struct cmp_cell x = {0};
	x.verdict = "ok";
	x.verdict_why = "";
	const json_t *recs[COL_MAX_CORES];
	int n = col_find(c, r->kernel, r->param, recs, COL_MAX_CORES);
	double cyc[COL_MAX_CORES], ipc[COL_MAX_CORES], thr[COL_MAX_CORES], mbps[COL_MAX_CORES], ns[COL_MAX_CORES];
	int ncyc = 0, nipc = 0, nthr = 0, nmbps = 0, nns = 0;
	/* the clock, where the log gives one a figure can use */
	double mhz = c->mhz > 0 && c->mhz <= LN_REAL_MAX ? c->mhz : 0;
	x.mhz = mhz;
	x.latency = strlen(r->kernel) > 4 && strcmp(r->kernel + strlen(r->kernel) - 4, ".lat") == 0;
	for (int k = 0; k < n; k++) {
		if (strcmp(str(recs[k], "type"), "skip") == 0)
			continue;
		if (!x.rec)
			x.rec = recs[k];
		x.ncores++;
		json_t *ip = json_object_get(recs[k], "ipc");
		x.multicore |= json_is_array(json_object_get(recs[k], "cores"));
		if (result_cycles(recs[k], &cyc[ncyc]))
			ncyc++;
		else
			x.out_of_range |= result_cycles_out_of_range(recs[k]);
		const char *why, *v = result_verdict(recs[k], &why);
		if (strcmp(v, "ok") != 0 && strcmp(x.verdict, "ok") == 0) {
			x.verdict = v;
			x.verdict_why = why;
		}
		if (ln_num(ip, 0, LN_REAL_MAX, &ipc[nipc]))
			nipc++;
		/* a time or a rate that cannot be (not positive, not finite, past
		 * 10^15) gives no figure, never one computed from it */
		if (ln_num_at(recs[k], "ns_per_op", 1e-9, LN_REAL_MAX, &ns[nns])) {
			if (mhz > 0)
				thr[nthr++] = 1e6 / (ns[nns] * mhz);
			nns++;
		}
		if (ln_num_at(recs[k], "mb_per_s", 1e-9, LN_REAL_MAX, &mbps[nmbps]))
			nmbps++;
	}
	if (!x.rec && n) {
		x.rec = recs[0];
		x.skipped = true;
		return x;
	}
	if ((x.has_cyc = ncyc > 0))
		x.cyc = median(cyc, ncyc);
	if ((x.has_ipc = nipc > 0))
		x.ipc = median(ipc, nipc);
	if ((x.has_thr = nthr > 0))
		x.thr = median(thr, nthr);
	if ((x.has_ns = nns > 0))
		x.ns = median(ns, nns);
	if ((x.has_mbps = nmbps > 0))
		x.mbps = median(mbps, nmbps);
	return x;
}

bool cmp_figure(const struct cmp_cell *x, bool per_ghz, double *v, const char **unit)
{
	if (x->multicore && !x->has_cyc) {
		/* multicore.bw.*: MB/s, and per GHz of the column's clock */
		if (x->has_mbps) {
			if (per_ghz && !(x->mhz > 0))
				return false;
			*v = per_ghz ? x->mbps * 1000 / x->mhz : x->mbps;
			*unit = per_ghz ? "MB/s/GHz" : "MB/s";
			return true;
		}
		/* multicore.c2c.lat (and the default figure of multicore.primes):
		 * cycles from ns and the clock, else ns; per GHz a latency is its
		 * cycles, a throughput its Mops/s per GHz (below) */
		if (x->has_ns && (!per_ghz || x->latency)) {
			if (x->mhz > 0) {
				*v = x->ns * x->mhz / 1000;
				*unit = "cyc/op";
			} else if (!per_ghz) {
				*v = x->ns;
				*unit = "ns/op";
			} else {
				return false;
			}
			return true;
		}
	}
	if (per_ghz ? !x->has_thr : !x->has_cyc)
		return false;
	*v = per_ghz ? x->thr : x->cyc;
	*unit = per_ghz ? "Mops/s/GHz" : "cyc/op";
	return true;
}

const char *cmp_no_figure(const struct cmp_cell *x, bool per_ghz)
{
	if (x->out_of_range && !per_ghz)
		return "out of range in the log";
	/* a multi-core result is timed by the timer alone: what it lacks is
	 * a clock to put it per GHz, or a figure at all */
	if (x->multicore && !x->has_cyc) {
		if ((x->has_mbps || x->has_ns) && per_ghz)
			return "no clock (no mhz in the core record)";
		return x->has_mbps || x->has_ns ? "no figure" : "no mb_per_s or ns_per_op in range";
	}
	/* a point that measured nothing in all its tries has its counters:
	 * "no cycle counter" would name the wrong cause */
	const char *why = str(x->rec, per_ghz ? "ns_per_op_unavailable" : "cycles_per_op_unavailable");
	if (strstr(why, "not positive"))
		return "measured nothing";
	return per_ghz ? "no clock or timer" : "no cycle counter";
}
