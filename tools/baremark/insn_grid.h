/* The vector instruction table (issue 43): an RVV or XTheadVector form's
 * grid record packs its latency and reciprocal throughput at every
 * SEW x LMUL cell the core allows into one record a form and core
 * (docs/records.md#insn; the contract of issue 43). Here they are read, every
 * number range-checked and every cell name checked against the fixed set
 * e<8|16|32|64><mf8..m8>, into a table of forms by column (core type);
 * insn_grid_text.c prints it, insn_grid_html.c draws it as heat maps,
 * insn_llvm.c sets llvm-mca's model beside it. A form is known by its id
 * (checked: rv64.<vector extension>.<name>); its text for llvm-mca comes
 * from this tool's own table (insn_texts) where it has one, never from a
 * log. */
#ifndef BM_TOOLS_INSN_GRID_H
#define BM_TOOLS_INSN_GRID_H
#include "insn.h"

#define VG_NCELLS 28      /* 4 SEW x 7 LMUL names; 22 of them a core can allow (ELEN <= 64) */
#define VG_MAX_FORMS 2048 /* distinct vector forms (rvv-bench has about 220; masked, Zvk* double it) */
#define VG_MAX_ERRORS 200 /* error lines kept; the rest counted */
#define VG_MIN_VLEN 32    /* Zve32x's least VLEN */
#define VG_MAX_VLEN 65536 /* the RVV specification's most */

/* A cell by index: SEW 8 << (c / 7), LMUL 2^(c % 7 - 3) (mf8 .. m8). */
extern const char *const vg_cell_names[VG_NCELLS];
int vg_cell_index(const char *name);
int vg_cell_sew(int c);
const char *vg_cell_lmul(int c); /* "mf8" .. "m8" */
/* A vector form's text (insn_texts) at cell c: its {e} the SEW
 * (vle{e}.v), {n} the registers of a group (vmv{n}r.v, 1 at a fractional
 * LMUL) and {vt} the vtype ("e32, m2, ta, ma"), as the image's bodies at
 * that cell have them. False where it does not fit in cap. */
bool vg_cell_text(char *out, size_t cap, const char *text, int c);
/* vl at VLMAX: VLEN * LMUL / SEW (0 where under one element). */
unsigned vg_cell_vl(int c, unsigned vlen);
/* Whether the extension is one of the grid's (v, zvbb, ..., xtheadvector). */
bool vg_vector_ext(const char *ext);

struct vg_cell {
	bool present;           /* the record (or an error record) names the cell */
	struct insn_fig lat, thr;
	bool has_via_lat, has_rt;
	double via_lat, rt;
};

/* One vector form on one core. */
struct vg_meas {
	int form, col;
	json_int_t core;
	const json_t *rec; /* NULL where only an error record names it */
	unsigned vlen;     /* 0 where no grid record gave it */
	const char *via;
	bool cycles_estimated;
	struct vg_cell cell[VG_NCELLS];
	int next; /* the next measurement of the same form, -1 at the end */
};

struct vg_form {
	char id[72];
	char ext[16];
	int text; /* index into insn_texts, -1 where this tool has no text for it */
	int first; /* its first measurement, -1 if none */
};

/* A record the grid could not read, or could read only in part. */
struct vg_error {
	const char *log;
	json_int_t line;
	char text[240];
};

/* A vector extension skipped on a column (one skip record a core). */
struct vg_skip {
	int col;
	char ext[16];
	const char *reason;
};

struct vg_table {
	const struct core_col *cols;
	int ncols;
	struct vg_form *forms;
	int nforms, fcap;
	struct vg_meas *meas;
	int nmeas, mcap;
	struct vg_error *err;
	int nerr, ecap;
	unsigned long more_errors; /* past VG_MAX_ERRORS */
	struct vg_skip *skips;
	int nskips, scap;
	unsigned long records, duplicates, no_column;
};

/* Reads the logs' grid records (insn records with "g"), the skips of
 * vector extensions and the errors of vector forms (with "cell") into t.
 * False only when out of memory. */
bool vg_collect(struct vg_table *t, const struct run_log *logs, int nlogs, const struct core_col *cols, int ncols);
void vg_free(struct vg_table *t);
/* Whether a record is a grid record (an insn record with "g" or "vlen"). */
bool vg_is_grid(const json_t *o);
/* Whether any grid record or vector skip is in the logs. */
bool vg_any(const struct run_log *logs, int nlogs);
/* The cells any measurement of column col has, in cell order: out[k]
 * cell indices; returns how many. */
int vg_col_cells(const struct vg_table *t, int col, int *out);
/* The measurement of form f on column col to show: its first core's
 * (the column's cores measured the same form; the others are in CSV). */
const struct vg_meas *vg_first(const struct vg_table *t, int form, int col);

/* llvm-mca's figures for a vector form at each cell (insn_llvm.c). */
struct vg_llvm {
	bool has[VG_NCELLS];
	double lat[VG_NCELLS], thr[VG_NCELLS];
	char why[200]; /* the form's: no text, no model, not run */
	const char *cpu;
};

/* `baremark insn`'s vector part: the grids as text (insn_grid_text.c). */
void vg_print_text(const struct vg_table *t, const struct vg_llvm *llvm);
/* A row per (form, core, cell) as CSV (header first when *first) or JSON
 * objects (comma-joined after the first). */
void vg_print_rows(const struct vg_table *t, const struct vg_llvm *llvm, bool csv, bool *first);
void vg_print_errors(const struct vg_table *t, FILE *o);
/* The heat maps in the report (insn_grid_html.c). */
void vg_html(FILE *o, const struct run_log *logs, int nlogs, const struct core_col *cols, int ncols);
#endif
