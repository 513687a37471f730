/* A console log loaded for the host commands: its verified records, the
 * rejected-line counts, and the cores it describes. */
#ifndef BM_TOOLS_LOGS_H
#define BM_TOOLS_LOGS_H
#include <jansson.h>
#include <stdbool.h>

#include "records.h"

struct run_log {
	const char *path;
	json_t *records; /* array of verified record objects, in order */
	struct rec_counts counts;
	bool ended;      /* an `end` record was found */
	const json_t *run; /* the run record, or NULL */
};

/* Loads `path` ("-" is standard input). False on an I/O error. Every
 * object gets "_log" and "_line" saying where it came from. */
bool log_load(struct run_log *l, const char *path);
void log_free(struct run_log *l);
/* "parse: <path>: N records ok, ..." on stderr. */
void log_report_counts(const struct run_log *l);

/* Adds `path` to paths[*n] (room for `max`); false, after saying so, when
 * there is no room: a log is never dropped silently. */
bool add_log_path(const char **paths, int *n, int max, const char *path, const char *who);

/* One column of a comparison: one core of one log. */
struct core_col {
	const struct run_log *log;
	json_int_t core;
	char label[128];
	double mhz; /* 0 if unmeasured */
};

/* Every core that has a core record, in log order. Returns the count. */
int log_cores(const struct run_log *logs, int nlogs, struct core_col *cols, int max);
/* The result or skip record for (column, kernel, param value or -1). */
const json_t *col_find(const struct core_col *c, const char *kernel, json_int_t param);
#endif
