#ifndef BM_TOOLS_COMPARE_H
#define BM_TOOLS_COMPARE_H
#include "logs.h"

/* The rows of a comparison: every (kernel, parameter) any column has. */
struct cmp_row {
	const char *kernel;
	const char *param_name; /* "" when the kernel has no parameter */
	json_int_t param;       /* -1 when the kernel has no parameter */
};
int compare_rows(const struct run_log *logs, int nlogs, struct cmp_row *rows, int max);

/* A cell's numbers; has_* say what the records carry. Where several
 * cores of the column ran the kernel, each figure is the median over
 * those cores (ncores says how many). */
struct cmp_cell {
	const json_t *rec; /* the first core's result (else skip) record, NULL if missing */
	bool skipped;      /* no core of the column has a result, only skips */
	int ncores;        /* cores whose result the figures come from */
	bool has_cyc, has_ipc, has_thr;
	double cyc, ipc;
	double thr; /* Mops/s per GHz: 1e6 / (ns_per_op * MHz) */
	/* a multi-core kernel's result (a `cores` list: multicore.*), which
	 * the image times with the timer only: its MB/s or ns per op, and the
	 * column's clock (0 if the log has none) */
	bool multicore, has_mbps, has_ns;
	double mbps, ns, mhz;
	bool latency; /* a latency (the kernel's name ends in .lat): per GHz it is cycles */
	bool out_of_range; /* a core's cycles per op is a number past any figure (lognum.h) */
	/* "ok", or the first of its cores' results that is not (with why) */
	const char *verdict, *verdict_why;
};
struct cmp_cell compare_cell(const struct core_col *c, const struct cmp_row *r);
/* The figure compared: cycles per op, or with per_ghz Mops/s per GHz; a
 * multi-core result's own (MB/s and MB/s per GHz for bandwidth, cycles
 * from the clock or ns for a handoff). *unit names it ("cyc/op",
 * "Mops/s/GHz", "MB/s", "MB/s/GHz", "ns/op"); false when there is none. */
bool cmp_figure(const struct cmp_cell *x, bool per_ghz, double *v, const char **unit);
/* What a cell with a record but no figure says: why there is none. */
const char *cmp_no_figure(const struct cmp_cell *x, bool per_ghz);

#define CMP_MAX_LOGS 64
#define CMP_MAX_COLS 64
#define CMP_MAX_ROWS 4096

/* What compare and report work from: the logs, their cores, the rows. */
struct cmp_set {
	struct run_log logs[CMP_MAX_LOGS];
	int nlogs;
	struct core_col cols[CMP_MAX_COLS];
	int ncols;
	struct cmp_row rows[CMP_MAX_ROWS];
	int nrows;
	bool rows_optional; /* set by report: insn records without results are enough */
};
/* Loads every path and finds columns and rows. Returns 0, or the exit
 * status after saying why: 2 if a log could not be read, 1 if no core has
 * results. `who` names the command in messages. */
int cmp_load(struct cmp_set *s, const char **paths, int n, const char *who, bool per_core);
void cmp_free(struct cmp_set *s);

int cmd_compare(int argc, char **argv);
#endif
