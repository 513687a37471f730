/* The `summary` record: after the suite has run on a core, the
 * parameters lib/summary.c reads off this run's results, each with the
 * kernel(s) it came from, and for each one it could not derive, why.
 * Here the results are kept, in integers; summary_derived.c reads them
 * off in floating point, where the core can (arch_c_float). */
#include "summary_record.h"
#include "kernel.h"

#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "log.h"
#include "noinit.h"
#include "record.h"
#include "summary_derived.h"

static struct sm_result points[SM_MAX_RESULTS] BM_NOINIT; /* the first run.n are written before read */
static struct sm_refused refused[SM_MAX_REFUSED] BM_NOINIT; /* the first run.nrefused are written before read */
static struct sm_results run = {points, 0, 0, refused, 0, false, 0, true, "", false};
static uint8_t pass = 1; /* of the results summary_add is given now */

void summary_reset(bool cycles_estimated, const char *cycles_why, bool no_br_miss)
{
	run.no_br_miss = no_br_miss;
	run.n = run.left_out = run.nrefused = 0;
	pass = 1;
	run.estimated = cycles_estimated;
	run.counted = 0;
	run.cycles_are_instructions = true;
	run.no_cycles[0] = '\0';
	if (cycles_why)
		snprintf(run.no_cycles, sizeof(run.no_cycles),
			 "no cycle counter on this core (%s): nothing is read off cycles", cycles_why);
}

void summary_note_counts(bool cycles_are_instructions)
{
	run.counted++;
	run.cycles_are_instructions &= cycles_are_instructions;
}

void summary_set_pass(unsigned p)
{
	pass = p == 2 ? 2 : 1;
}

void summary_add(const char *kernel, int64_t param, int64_t cyc_milli, bool has_br_miss, int64_t br_miss_milli,
		 uint64_t bytes_per_op, uint64_t ops, unsigned repeats)
{
	if (cyc_milli <= 0)
		return;
	if (run.n >= SM_MAX_RESULTS) {
		run.left_out++;
		return;
	}
	points[run.n++] = (struct sm_result){kernel, param, cyc_milli, br_miss_milli, has_br_miss, bytes_per_op, pass,
						  ops, repeats};
}

void summary_refuse(const char *kernel, const char *verdict, const char *why)
{
	for (int i = 0; i < run.nrefused; i++)
		if (strcmp(refused[i].kernel, kernel) == 0)
			return; /* the first parameter's reason is enough */
	if (run.nrefused >= SM_MAX_REFUSED)
		return;
	refused[run.nrefused].kernel = kernel;
	snprintf(refused[run.nrefused].why, sizeof(refused[0].why), "%s: %s", verdict, why);
	run.nrefused++;
}

bool summary_cycles(const char *kernel, int64_t param, int64_t *cyc_milli)
{
	for (int i = run.n - 1; i >= 0; i--)
		if (points[i].pass == pass && points[i].param == param && strcmp(points[i].kernel, kernel) == 0) {
			*cyc_milli = points[i].cyc_milli;
			return true;
		}
	return false;
}

bool bm_sim_serialised(const struct bm_env *env, const char *kernel)
{
	int64_t zero, miss;
	if (env->opt->profile != BM_PROFILE_SIM || !summary_cycles(kernel, 0, &zero) ||
	    !summary_cycles("uarch.window.miss", -1, &miss) || miss <= 0)
		return false;
	/* every kind's filler-0 point so far, as the summary reads the
	 * order off all of them: one point of two misses in the testbench's
	 * memory is noise (the C906's RTL read window.load's at 0.77 of a
	 * miss after three kinds at 2.1-2.6, and its sweep, 2 M cycles, ran) */
	int64_t z[SM_WINDOW_KINDS];
	int n = 0;
	for (int k = 0; k < SM_WINDOW_KINDS; k++) {
		char name[32];
		snprintf(name, sizeof(name), "uarch.window.%s", sm_window_fillers[k]);
		n += summary_cycles(name, 0, &z[n]);
	}
	return sm_sim_serialised(z, n, zero, miss);
}

bool summary_memory_step(uint64_t *bytes)
{
	char why[200];
	return arch_c_float(why, sizeof(why)) && summary_memory_step_derived(&run, bytes);
}

/* Where C cannot compute in floating point (an arm64 core without FP),
 * no summary is derived: the record says why, and every result it would
 * have been read off is in the log. */
void summary_emit(const struct bm_options *only)
{
	if (run.left_out)
		bm_warn("summary: %d results did not fit its %d points and are not read", run.left_out, SM_MAX_RESULTS);
	char why[200];
	if (arch_c_float(why, sizeof(why))) {
		summary_emit_derived(&run, only);
		return;
	}
	static struct rec r BM_NOINIT; /* rec_begin sets it up */
	rec_begin(&r, "summary");
	rec_core(&r);
	rec_obj(&r, "unavailable");
	rec_str(&r, "summary", why);
	rec_close(&r);
	bm_emit(&r);
	bm_printf("summary: not derived: %s\n", why);
}

