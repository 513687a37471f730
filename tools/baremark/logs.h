/* A console log loaded for the host commands: its verified records, the
 * rejected-line counts, and the cores it describes. */
#ifndef BM_TOOLS_LOGS_H
#define BM_TOOLS_LOGS_H
#include <jansson.h>
#include <stdbool.h>

#include "keepcores.h"
#include "recindex.h"
#include "records.h"

struct run_log {
	const char *path;
	json_t *records; /* array of verified record objects, in order */
	struct rec_counts counts;
	bool ended;      /* an `end` record was found */
	const json_t *run; /* the run record, or NULL */
	struct rec_index *index; /* its results and skips by (kernel, param, core): recindex.h */
	char *own_path; /* path, where this log is a later run of a file (log_split_runs) */
	/* the cores whose results are kept (keepcores.h), and how many
	 * records of the others were let go as they were read */
	struct keep_cores *keep;
	unsigned long let_go;
	/* where the run stopped, for a run without its end record: the last
	 * record, the last kernel record and whether a result answered it */
	json_t *last, *last_kernel;
	bool last_kernel_answered;
	char *last_kernel_raw; /* its "k" as the log has it */
	json_t *path_json; /* "_log" of every record: one string */
	char *last_line; /* the last record's line where it was let go (while loading) */
	size_t last_line_len, last_line_cap;
	json_int_t last_line_no; /* its line number; 0 when the last record was kept */
};

/* Loads `path` ("-" is standard input). False on an I/O error. Every
 * object gets "_log" and "_line" saying where it came from, and every
 * string in it (keys too) has its control characters escaped
 * (textsafe.h), unless log_raw_strings is set (parse's JSON lines, which
 * escape them in JSON's own way). */
extern bool log_raw_strings;
bool log_load(struct run_log *l, const char *path);
/* The same, streaming: each record is handed to `fn` as it is read and
 * released after it (nothing is kept: records stays empty). For parse,
 * whose memory then does not grow with the log. */
bool log_load_each(struct run_log *l, const char *path, void (*fn)(void *ctx, json_t *rec), void *ctx);
/* The same from a text in memory (a log built into the tool), named `name`. */
bool log_load_text(struct run_log *l, const char *name, const char *text);
void log_free(struct run_log *l);
/* A file holding several runs (a console captured across reboots): every
 * run record from the second on starts a log of its own, moved into
 * more[0..room-1] and named "<path> (run N)"; the file's first run stays in
 * l. Returns how many were made; runs past `room` are said on stderr and
 * stay with the run before them. */
int log_split_runs(struct run_log *l, struct run_log *more, int room);
/* "parse: <path>: N records ok, ..." on stderr. */
void log_report_counts(const struct run_log *l);

/* Adds `path` to paths[*n] (room for `max`); false, after saying so, when
 * there is no room: a log is never dropped silently. */
bool add_log_path(const char **paths, int *n, int max, const char *path, const char *who);

#define LOG_MAX_RUNS 64 /* runs one file can be split into */
#define COL_MAX_CORES 64
#define LOG_MAX_COLS 64 /* columns one log can give */

/* One column of a comparison: the cores of one type in one log (the
 * `core_type` of their core records), or with per_core one core. */
struct core_col {
	const struct run_log *log;
	json_int_t type;   /* -1 when the core records name no type */
	json_int_t core[COL_MAX_CORES]; /* ascending */
	int ncores;
	char label[160];
	const char *type_label; /* the core record's, "" if none */
	double mhz; /* the first core's clock, measured or estimated; 0 if neither */
	bool mhz_estimated; /* mhz is the Linux build's estimate (mhz_estimated), not a count */
	const json_t *core_rec; /* the first core's core record */
};

/* qsort order for json_int_t values, ascending. */
int json_int_cmp(const void *a, const void *b);

/* The columns: one per core type per log (per_core: one per core record),
 * in log order. A core record without core_type is a type of its own.
 * Returns the count. */
int log_cores(const struct run_log *logs, int nlogs, struct core_col *cols, int max, bool per_core);
/* The result or skip records for (column, kernel, param value or -1):
 * at most one per core of the column, in the column's core order.
 * Returns how many were found. */
int col_find(const struct core_col *c, const char *kernel, json_int_t param, const json_t **out, int max);
#endif
