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

/* A cell's numbers; has_* say what the record carries. */
struct cmp_cell {
	const json_t *rec; /* result or skip record, NULL if missing */
	bool skipped;
	bool has_cyc, has_ipc, has_thr;
	double cyc, ipc;
	double thr; /* Mops/s per GHz: 1e6 / (ns_per_op * MHz) */
};
struct cmp_cell compare_cell(const struct core_col *c, const struct cmp_row *r);

int cmd_compare(int argc, char **argv);
/* Loads every path; false (after saying why) if any failed. */
bool load_logs(char **paths, int n, struct run_log *logs);
#endif
