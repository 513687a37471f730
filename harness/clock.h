/* The core's clock, measured as cycles counted between two timer edges. */
#ifndef BM_CLOCK_H
#define BM_CLOCK_H
#include <stdint.h>

#include "arch.h"

struct clock_reading {
	uint64_t khz;	       /* 0: not measured (why says so) */
	uint64_t error_ppm;    /* bound on the reading's error, parts per million */
	uint64_t rule_ppm;     /* what the edges' rule alone bounds it to (error_ppm is at least this) */
	uint64_t scatter_cycles; /* the spread of the edges after the span about the span's rate */
	uint64_t span_ticks;   /* timer ticks between the two edges */
	uint64_t ticks;	       /* timer ticks the measurement took, all tries */
	const char *why;
};

/* Measures the calling core's clock with the counters `ctr` probed on it
 * and a timer of `timebase_hz`. */
void clock_measure(const struct bm_counters *ctr, uint64_t timebase_hz, struct clock_reading *cr);
#endif
