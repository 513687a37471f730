/* The instruction table's compact record (docs/records.md, `insn`): one
 * a form and core, its latency and throughput together, so that a
 * core's whole table costs little console time. The harness hands each
 * form's two measured points here; the record goes out when both are in
 * (or when the next form starts, or the suite ends). */
#ifndef BM_INSN_RECORD_H
#define BM_INSN_RECORD_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel.h"
#include "stats.h"

struct insn_point {
	bool measured;          /* false: why says why not */
	struct bm_estimate cyc; /* cycles per op, thousandths */
	const char *vd, *why;   /* the verdict and why (judge); why alone when not measured */
	unsigned repeats;       /* 0: the run record's */
	bool cycles_estimated;
	unsigned cell;          /* a vector form's cell (insn.h: INSN_NCELL) */
};

/* A form without a latency chain says so (short: under sim a byte of a
 * record costs a simulated core some 20 instructions). */
#define INSN_NOLAT_WHY "nolat: no chain (a store, or a result not chained)"
/* and a chain across register files through a companion */
#define INSN_RT_WHY "a round trip across register files through via: the two shares cannot be told apart"

/* Is a verdict word "ok"? (Without a call: a form asks it some five
 * times, and under sim each strcmp is a form's cost.) */
static inline bool insn_vd_ok(const char *vd)
{
	return vd[0] == 'o' && vd[1] == 'k' && vd[2] == '\0';
}

/* One point of a form's kernel (`thr`: its throughput kernel). */
void insn_record_point(const struct bm_kernel *k, bool thr, const struct insn_point *p);
/* A vector form's cell that did not run (its prepare said why: no room
 * for the chain at that LMUL): a null in the grid record, not a skip. */
void insn_record_cell_skipped(const struct bm_kernel *k, unsigned cell, const char *why);
/* Writes what is pending (the suite ended, or an error interrupted a form). */
void insn_record_flush(void);
/* A skip of a form's extension: true for the first form of it in this
 * suite (the one skip record said for them all), writing name as
 * "insn.<isa>.<ext>" (cut to fit). */
#define INSN_SKIP_NAME 40
bool insn_record_skip_once(const struct bm_kernel *k, char name[INSN_SKIP_NAME]);
/* Forgets what the last suite measured (each core's suite starts clean). */
void insn_record_reset(void);
/* Does any baremark.only pattern begin "insn"? Else no form runs, and
 * the harness passes the table's kernels over without asking each (a
 * one-kernel run on a simulated core paid 70,000 instructions for it). */
bool insn_asked(const struct bm_options *o);
/* Finds what insn_wanted asks (the "insn" patterns, the companions the
 * selected forms' chains run through) once for a suite over the table's
 * kernels [all, end). */
void insn_select(const struct bm_options *o, const struct bm_kernel *all, const struct bm_kernel *end);
/* Is the kernel selected (baremark.only, as insn_select last found), for
 * a form: a pattern beginning "insn" must match it, or it is the
 * companion of a selected form. */
bool insn_wanted(const struct bm_kernel *k, const struct bm_kernel *all, const struct bm_kernel *end);
/* Forms run in name order, but a companion before every other form:
 * insn_order is <0, 0 or >0 as a runs before, is, or runs after b. */
int insn_order(const struct bm_kernel *a, const struct bm_kernel *b);
bool insn_runs_before(const struct bm_kernel *a, const struct bm_kernel *b);
/* Sorts n of the table's kernels into insn_order's order. */
#define INSN_SORT_MAX 2048
void insn_sort(const struct bm_kernel **v, size_t n);

#endif
