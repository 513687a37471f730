/* The instruction table (issue 42): each form's latency and reciprocal
 * throughput from the logs' `insn` records (docs/records.md), one column
 * per core type of each log, beside llvm-mca's model where asked. A
 * form is known only by its id in this tool's own table (insn_texts.h,
 * generated from the same .tsv files as the image's bodies): nothing from
 * a record's text is ever used as an instruction. */
#ifndef BM_TOOLS_INSN_H
#define BM_TOOLS_INSN_H
#include <stdbool.h>
#include <stdio.h>

#include "insn_texts.h"
#include "logs.h"

/* One figure (latency or reciprocal throughput) of one form on one core. */
struct insn_fig {
	bool has;            /* measured, and its numbers passed the range checks */
	double est, q1, q3;  /* cycles; q1 == q3 == est where the record gave one number */
	char why[200];       /* !has: why not (the record's lat_why, a refused number, a skip, an error) */
	const char *verdict; /* "ok", or the image's verdict on it (lvd / tvd) */
	const char *verdict_why;
};

/* One form on one core: from its insn record, or (rec NULL) from a skip
 * or error record that covers it. */
struct insn_meas {
	unsigned form;            /* index into insn_texts */
	int col;                  /* its column (core_col) */
	json_int_t core;
	const json_t *rec;        /* the insn record, NULL where only a skip or error covers it */
	struct insn_fig lat, thr;
	const char *via;          /* the companion form the latency chain went through, or NULL */
	bool has_via_lat;
	double via_lat;
	bool has_rt;              /* the round trip through the companion, where it is not split (rt) */
	double rt;
	int thr_ins;              /* instructions in the throughput's op (the form and its companion), 0: 1 */
	bool cycles_estimated;
	int next;                 /* the next of the same (form, column), -1 at the end */
};

/* A record naming a form this tool does not have (or no valid form id). */
struct insn_unknown {
	const char *log;
	json_int_t line;
	char id[72]; /* the id as the record gives it, cut */
};

#define INSN_MAX_CYCLES 100000.0 /* no one instruction takes longer: above it a figure is refused */

struct insn_table {
	const struct core_col *cols;
	int ncols;
	struct insn_meas *meas;
	int nmeas, cap;
	int *first;  /* [form * ncols + col]: the first of its measurements, -1 if none */
	bool *shown; /* [form]: some column has a record, skip or error for it */
	struct insn_unknown *unknown;
	int nunknown, ucap;
	unsigned long records, duplicates, no_column;
};

/* Reads every insn record (and the skip and error records of insn
 * kernels) of the logs into t, keyed by the columns. False only when out
 * of memory. Cores of no column and repeated records are counted. */
bool insn_collect(struct insn_table *t, const struct run_log *logs, int nlogs, const struct core_col *cols,
		  int ncols);
void insn_table_free(struct insn_table *t);
/* Room for element n of the array at *(T **)array (capacity *cap,
 * elements of `size` bytes), doubling it; false when out of memory. */
bool insn_grow(void *array, int *cap, int n, size_t size);
/* This tool's table's index of a form id, or -1. */
int insn_form_of(const char *id);
/* A form id as the spec writes them: [a-z0-9._], 1 to 64 characters. */
bool insn_id_ok(const char *id);
/* One figure from a record's value v: a number or [est, q1, q3], each
 * finite, at least 0 (above 0 unless zero_ok), at most INSN_MAX_CYCLES,
 * quartiles in order; else f->why says why it was refused ("<name>
 * refused: ..."). f->verdict "ok". */
bool insn_fig_parse(struct insn_fig *f, const json_t *v, bool zero_ok, const char *name);
/* The boot core: the run record's core with "boot": true (records without
 * "c" are its); false where the run record names none. */
bool insn_boot_core(const struct run_log *l, json_int_t *core);
/* The core a record is of: "core" (skip, error) or "c" (insn), else the
 * boot core. */
bool insn_core_of(const struct run_log *l, const json_t *o, json_int_t *core);
/* The column of the core a record is of (insn_core_of), or -1. */
int insn_record_col(const struct core_col *cols, int ncols, const struct run_log *l, const json_t *o, json_int_t *core);
/* fn on every record of the logs, in log order, twice (pass 0, then 1):
 * the insn records first, then what skips and errors say of them. False
 * as soon as fn is (out of memory). */
bool insn_walk(const struct run_log *logs, int nlogs, bool (*fn)(void *ctx, const struct run_log *l, const json_t *o, int pass),
	       void *ctx);
/* Display width of UTF-8 text (its code points), and s padded to w. */
int insn_width(const char *s);
void insn_pad(const char *s, int w);
/* The column of core `core` of log l, or -1. */
int insn_col_of(const struct core_col *cols, int ncols, const struct run_log *l, json_int_t core);
/* Whether any log has an insn record (or a skip of an insn kernel). */
bool insn_any(const struct run_log *logs, int nlogs);

/* A column's figure for a form: the median over its cores that have one
 * (*ncores says how many); without one, *why holds the first reason found
 * (NULL: no record at all). *verdict is the first not-ok verdict of its
 * cores, with its why, or "ok". */
struct insn_cell {
	bool has;
	double v;
	int ncores;
	const char *why;
	const char *verdict, *verdict_why;
};
struct insn_cell insn_cell(const struct insn_table *t, unsigned form, int col, bool thr);

/* Footnotes of a table: each distinct text once, numbered from 1 in the
 * order of first use. */
struct insn_notes {
	char (*text)[240];
	int n, cap;
};
/* The note's number (0 when out of memory: then the cell has no mark). */
int insn_note(struct insn_notes *n, const char *text);
void insn_notes_free(struct insn_notes *n);
/* "[n] text" a line for each, then freed. */
void insn_notes_print(struct insn_notes *n);
/* A cell's text: "lat / thr" in cycles (each the median over the column's
 * cores that measured it), '!' after a figure whose verdict is not ok,
 * "-" for a figure that is unavailable, " [n]" for each note that says
 * why (and for a latency through a companion, or cycles estimated); "—"
 * where the column's log says nothing of the form. */
void insn_cell_text(const struct insn_table *t, unsigned form, int col, struct insn_notes *notes, char *buf,
		    size_t cap);

/* llvm-mca's figures for one form (insn_llvm.c). */
struct insn_llvm {
	bool has;
	double lat, thr; /* Latency and RThroughput of its Instruction Info row */
	char why[200];   /* !has: what llvm-mca said (a rejected form, no model) */
	const char *cpu; /* the CPU model, NULL where no CPU given applies to its ISA */
};
/* Runs llvm-mca once per ISA among the shown forms with the first of
 * cpus[] its target knows; fills out[form], and for the vector grids'
 * forms (insn_grid.h: in the rv64 run, a region per form and cell)
 * vout[form]. Returns 0, or 2 after saying why (a CPU no target knows,
 * with llvm-mca's message; llvm-mca missing, failing or out of time). */
struct vg_table;
struct vg_llvm;
int insn_llvm_run(const struct insn_table *t, const struct vg_table *vt, const char *const *cpus, int ncpus,
		  struct insn_llvm *out, struct vg_llvm *vout);
/* A CPU name fit for llvm-mca's -mcpu: [a-z0-9_.-], 1 to 64 characters,
 * not "help" and not starting with '-'. */
bool insn_cpu_ok(const char *cpu);
/* Whether llvm's figure l differs from the measured m by more than one
 * cycle or 25% of m. */
bool insn_apart(double m, double l);
/* Whether a measured form differs from llvm's model by more than one
 * cycle or 25% of the measured figure, in either figure, in any column. */
bool insn_llvm_differs(const struct insn_table *t, unsigned form, const struct insn_llvm *l);

/* The instruction table as a section of the report's page (nothing when
 * no log has insn records). */
void insn_html(FILE *o, const struct run_log *logs, int nlogs, const struct core_col *cols, int ncols);

/* Runs argv[0] (looked up in PATH when it has no '/') with `input` on its
 * standard input, collecting its standard output and error (each cut at
 * `cap` bytes), killing it after timeout_s seconds. Returns its exit
 * status, or -1 after saying why (not found, killed, no memory) in
 * *err_text (free with free()). Never a shell. */
int insn_spawn(char *const argv[], const char *input, int timeout_s, size_t cap, char **out, char **err);

/* One row of the CSV and JSON (insn_rows.c): a form on a core (a vector
 * form's: at a cell). */
enum insn_kind { K_TEXT, K_NUM, K_INT, K_BOOL };
struct field {
	const char *name;
	enum insn_kind kind;
	const char *s; /* K_TEXT; NULL: empty / null */
	double d;      /* K_NUM, K_INT (a whole number), K_BOOL (0 or 1) */
	bool has;      /* K_NUM, K_INT, K_BOOL: false: empty / null */
};
#define MAX_FIELDS 40
/* A figure's six fields (name, _q1, _q3, _why, _verdict, _verdict_why). */
int insn_fig_fields(struct field *f, int n, const struct insn_fig *x, const char *name);
/* vlen, cell, sew, lmul and vl: a vector cell's (c a cell index), empty
 * for a scalar form (c -1). */
int insn_cell_fields(struct field *f, int n, unsigned vlen, int c);
void insn_csv_row(const struct field *f, int n, bool header);
void insn_json_row(const struct field *f, int n, bool first);
/* A row as CSV (the header before the first) or a JSON object (a comma
 * before all but the first); *first false after. */
void insn_emit_row(const struct field *f, int n, bool csv, bool *first);

int cmd_insn(int argc, char **argv);
#endif
