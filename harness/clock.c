/* The core's clock: cycles counted between two timer edges.
 *
 * Each end of the span is the first timer read that saw the timer move,
 * so it is seen at most one turn of the waiting loop after it happened
 * (and at most one tick): the two sightings' lateness differs by less
 * than the longer of the two loops' turns, and that is the only error. A
 * constant cost of reading the timer (a trap to firmware where the time
 * CSR is emulated, as on the C906) is in both ends and cancels. A fixed
 * n-tick wait without edges had read a 1 MHz C906 2% slow (issue 26).
 *
 * The first span is short; while its error bound is above the target,
 * the same span is extended (from the same first edge) to the length the
 * bound asks for, at most 1/50 s. The wait is the port's own tight loop
 * (arch_time_wait): the shorter its turn, the fewer ticks the target
 * needs, and on a core's RTL in a simulator every tick waited costs
 * (issue 30: a 10 MHz timer at 1 GHz now needs about 80 ticks). */
#include "clock.h"

/* Target precision of the clock reading, and the longest it may take. */
#define CLOCK_TARGET_PPM 2000u
#define CLOCK_FIRST_TICKS 32u
#define CLOCK_TRIES 4
/* A timer that has not moved in this many reads has stopped. */
#define CLOCK_MAX_READS (1ull << 32)
/* Waits for a tick that a read sees happen, before taking one it did not. */
#define CLOCK_EDGE_TRIES 3

struct edge {
	uint64_t t, c; /* the timer's new reading, and the cycle counter right after */
	uint64_t turn; /* the wait's turn of the loop, in cycles (see edge_at) */
	uint64_t read; /* cycles one read of the counter took, where that varies */
	bool edge;     /* the timer was seen to move: else its reading is up to a tick late */
};

static uint64_t cycles_now(void)
{
	return arch_cycles_read();
}

/* Waits for the timer to read at least `until`, and notes that edge and
 * the wait's turn: twice the loop's average and two cycles more (the
 * average also holds reading the counters once, and a timer a model
 * updates in steps, QEMU -icount, is seen a few cycles late; with the
 * average alone the bound did not hold there). Only a long wait's
 * average says what a turn is: the one that waits out the span. */
static bool edge_at(const struct bm_counters *ctr, uint64_t until, struct edge *e, const char **why)
{
	uint64_t reads, c_before;
	/* An edge is seen only by a read after one that had not reached it.
	 * Where the first read already had (the timer moved while the
	 * counters were read before it), the next tick's edge is the one: a
	 * few tries, for where one read takes a tick or more (a trapping
	 * rdtime on a slow timer) no read sees an edge, and the reading
	 * stands with its tick's worth of error. Taking such a reading for
	 * an edge had read QEMU's C906 at 993.1 MHz, 1570 ppm claimed, 1000
	 * true. */
	for (int tries = 0;; tries++) {
		c_before = cycles_now();
		e->t = arch_time_wait(until, CLOCK_MAX_READS, &reads);
		if ((int64_t)(e->t - until) < 0) {
			*why = "timer does not advance";
			return false;
		}
		if (reads > 1 || tries == CLOCK_EDGE_TRIES)
			break;
		until = e->t + 1;
	}
	e->c = cycles_now();
	e->edge = reads > 1;
	/* where a read's own time varies, it is part of the error: the
	 * counter was sampled somewhere within it (a second read says how
	 * long one takes) */
	e->read = ctr->cycles_read_varies ? cycles_now() - e->c : 0;
	e->turn = 2 * ((e->c - c_before) / reads) + 2;
	return true;
}

/* The edges' rule bounds where each end was seen, not where on an
 * out-of-order core the cycle counter was read beside the timer: the two
 * reads can be tens of cycles apart, by a different distance at every
 * read. A timer that ticks every cycle is seen to move at every read, so
 * the rule came to one cycle, and a core's RTL read 943.0 MHz with 1777
 * ppm claimed, 1000 true (issue 38). So CLOCK_SCATTER_EDGES more edges
 * are taken after each end of the span, a tick or more apart: on the
 * line through the two ends each should fall where the line says, and
 * the spread of their misses, about both ends (theirs are 0), is how far
 * apart the two reads at an edge can sit, both ends' share included: the
 * bound is at least that spread. */
#define CLOCK_SCATTER_EDGES 8
struct scatter {
	struct edge e[CLOCK_SCATTER_EDGES];
	int n;
};

static void scatter_take(const struct bm_counters *ctr, const struct edge *from, struct scatter *sc)
{
	struct edge e = *from;
	for (sc->n = 0; sc->n < CLOCK_SCATTER_EDGES; sc->n++) {
		const char *why;
		if (!edge_at(ctr, e.t + 1, &e, &why))
			break;
		sc->e[sc->n] = e;
	}
}

/* The spread (cycles) of the samples' misses about the line through
 * `first` and `last`, 0 for the two ends themselves included. */
static uint64_t scatter_spread(const struct edge *first, const struct edge *last, const struct scatter *const *sc,
			       int nsc)
{
	int64_t lo = 0, hi = 0;
	uint64_t cycles = last->c - first->c, ticks = last->t - first->t;
	for (int k = 0; k < nsc; k++)
		for (int i = 0; i < sc[k]->n; i++) {
			const struct edge *e = &sc[k]->e[i];
			int64_t dt = (int64_t)(e->t - first->t);
			int64_t predicted = (int64_t)((__int128)cycles * dt / (__int128)ticks);
			int64_t miss = (int64_t)(e->c - first->c) - predicted;
			lo = miss < lo ? miss : lo;
			hi = miss > hi ? miss : hi;
		}
	return (uint64_t)(hi - lo);
}

void clock_measure(const struct bm_counters *ctr, uint64_t timebase_hz, struct clock_reading *cr)
{
	*cr = (struct clock_reading){0};
	if (!ctr->slot[BM_SLOT_CYCLES].avail) {
		cr->why = ctr->slot[BM_SLOT_CYCLES].why; /* the counter's own reason */
		return;
	}
	if (!ctr->time_avail || !timebase_hz) {
		cr->why = "timer unavailable or timebase unknown";
		return;
	}
	uint64_t most = timebase_hz / 50 > CLOCK_FIRST_TICKS ? timebase_hz / 50 : CLOCK_FIRST_TICKS;
	uint64_t n = CLOCK_FIRST_TICKS, t_begin = arch_time();
	struct edge first, last;
	if (!edge_at(ctr, t_begin + 1, &first, &cr->why))
		return;
	static struct scatter after_first, after_last;
	scatter_take(ctr, &first, &after_first);
	for (int tries = 0; tries < CLOCK_TRIES; tries++) {
		if (!edge_at(ctr, first.t + n, &last, &cr->why))
			return;
		if (last.c <= first.c) {
			cr->why = "the cycle counter did not move while the timer did";
			return;
		}
		uint64_t cycles = last.c - first.c, ticks = last.t - first.t;
		uint64_t per_tick = cycles / ticks ? cycles / ticks : 1;
		/* Two edges: each seen within a turn of the same loop, and the
		 * span's own wait (at least a quarter of it) says how long its
		 * turn is. An end that is no edge is a reading up to a tick
		 * old. */
		uint64_t seen = first.edge && last.edge && last.turn < per_tick ? last.turn : per_tick;
		uint64_t slack = seen + (first.read > last.read ? first.read : last.read);
		/* and at least the reads' scatter about both ends */
		scatter_take(ctr, &last, &after_last);
		const struct scatter *both[2] = {&after_first, &after_last};
		uint64_t scatter = scatter_spread(&first, &last, both, 2);
		cr->rule_ppm = (uint64_t)((__int128)slack * 1000000 / cycles) + 1;
		cr->scatter_cycles = scatter;
		if (scatter > slack)
			slack = scatter;
		cr->khz = (uint64_t)((__int128)cycles * timebase_hz / ((__int128)ticks * 1000));
		cr->error_ppm = (uint64_t)((__int128)slack * 1000000 / cycles) + 1;
		/* and the reading's own truncation to a whole kHz, under one kHz:
		 * the C906's RTL read 999.733 MHz (999,733.4 kHz) with 3 cycles of
		 * 11,249 claimed, 267 ppm, where 1000 true is 267.0 ppm from the
		 * figure as written */
		if (cr->khz)
			cr->error_ppm += (1000000 + cr->khz - 1) / cr->khz;
		cr->span_ticks = ticks;
		cr->ticks = arch_time() - t_begin;
		if (cr->error_ppm <= CLOCK_TARGET_PPM || ticks >= most)
			return;
		/* the span the bound asks for, with a quarter to spare */
		uint64_t want = (uint64_t)((__int128)ticks * cr->error_ppm * 5 / (4 * CLOCK_TARGET_PPM)) + 1;
		n = want < most ? want : most;
	}
}
