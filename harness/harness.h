#ifndef BM_HARNESS_H
#define BM_HARNESS_H
#include "arch.h"
#include "kernel.h"
/* Runs every registered kernel the options select and writes a result,
 * skip or error record for each kernel and parameter. Returns how many
 * kernels reported an error. */
unsigned harness_run_all(const struct bm_env *env, const struct bm_counters *ctr);
/* What the calibrations before a core's suite cost and found. */
struct harness_calibration {
	bool l1_floor_ran;	 /* a kernel held to the L1 floor is selected */
	int64_t l1_floor_milli;	 /* cycles per load, thousandths; 0: none */
	const char *l1_floor_why; /* why none, when it ran */
	uint64_t l1_floor_ticks; /* timer ticks it took */
};
/* Calibrates what the selected kernels need (today the L1 load floor),
 * on the calling core, before harness_run_all. */
void harness_calibrate(const struct bm_env *env, const struct bm_counters *ctr, struct harness_calibration *cal);
/* The timer when the first result record was written; 0 if none was. */
uint64_t harness_first_result_time(void);
/* Repeats per measurement for the profile (or the option). */
unsigned harness_repeats(const struct bm_options *o);
#endif
