/* harness/clock.c against a model of a core whose timer ticks every
 * cycle and whose cycle-counter read lands up to 40 cycles before its
 * place in the program (an out-of-order core reading the counter early,
 * by a different distance every read): the case of issue 38, where the
 * edges' rule alone claimed 1777 ppm for a reading 5.7% low. The model
 * stands in for the port's arch_time, arch_time_wait and
 * arch_cycles_read. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clock.h"

static uint64_t now, lcg, jitter_span;

static uint64_t jitter(void)
{
	lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
	return jitter_span ? (lcg >> 33) % jitter_span : 0;
}

uint64_t arch_time(void)
{
	now += 3;
	return now; /* the timer is the cycle count: 1 GHz on a 1 GHz core */
}

uint64_t arch_time_wait(uint64_t until, uint64_t max_reads, uint64_t *reads)
{
	uint64_t n = 0, t;
	do {
		now += 4;
		t = now;
		n++;
	} while ((int64_t)(t - until) < 0 && n < max_reads);
	*reads = n;
	return t;
}

uint64_t arch_cycles_read(void)
{
	now += 3;
	return now - jitter(); /* read up to jitter_span - 1 cycles early */
}

void test_clock(void)
{
	struct bm_counters ctr;
	memset(&ctr, 0, sizeof(ctr));
	ctr.slot[BM_SLOT_CYCLES].avail = true;
	ctr.time_avail = true;
	int rule_failed = 0;
	for (int seed = 1; seed <= 40; seed++) {
		now = 1000;
		lcg = (uint64_t)seed;
		jitter_span = 41;
		struct clock_reading cr;
		clock_measure(&ctr, 1000000000, &cr);
		/* kHz of a 1 GHz clock: the error in ppm is the error in kHz */
		uint64_t err = cr.khz > 1000000 ? cr.khz - 1000000 : 1000000 - cr.khz;
		CHECK(cr.khz && err <= cr.error_ppm, "seed %d: %llu kHz, %llu ppm off, within the %llu ppm claimed", seed,
		      (unsigned long long)cr.khz, (unsigned long long)err, (unsigned long long)cr.error_ppm);
		CHECK(cr.error_ppm >= cr.rule_ppm && cr.scatter_cycles > 0 && cr.scatter_cycles <= 80,
		      "seed %d: the scatter (%llu cycles) widens the rule's bound", seed,
		      (unsigned long long)cr.scatter_cycles);
		rule_failed += err > cr.rule_ppm;
	}
	/* the rule alone (the bound before issue 38) fails on most of them */
	CHECK(rule_failed >= 20, "the edges' rule alone fails on %d of 40 seeds", rule_failed);
	/* without the scatter nothing widens: the rule's bound, which holds,
	 * and the kHz figure's truncation (1 ppm of 1,000,000 kHz) */
	now = 1000;
	jitter_span = 0;
	struct clock_reading cr;
	clock_measure(&ctr, 1000000000, &cr);
	CHECK(cr.khz == 1000000 && cr.scatter_cycles == 0 && cr.error_ppm == cr.rule_ppm + 1,
	      "no jitter: 1,000,000 kHz exactly (%llu), the rule's %llu ppm and 1 more", (unsigned long long)cr.khz,
	      (unsigned long long)cr.error_ppm);
}
