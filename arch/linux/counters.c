/* Counters in the Linux build. perf_event_open (man 2 perf_event_open)
 * for cycles, instructions, L1D misses and branch misses, user space
 * only, read as one group. Where the kernel refuses (a VM without a
 * virtual PMU, perf_event_paranoid), cycles are *estimated*: the clock
 * (clock_gettime CLOCK_MONOTONIC_RAW, ns) times a rate calibrated on a
 * dependent chain of adds, taking one add as one cycle, and calibrated
 * again before every measurement point (arch_counters_settle). The core
 * record says which source was used and why. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "arch.h"
#include "linux_clock.h"
#include "stats.h"

static const struct {
	const char *name;
	uint32_t type;
	uint64_t config;
} wanted[] = {
	{"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
	{"instret", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
	{"l1d_miss", PERF_TYPE_HW_CACHE,
	 PERF_COUNT_HW_CACHE_L1D | PERF_COUNT_HW_CACHE_OP_READ << 8 | PERF_COUNT_HW_CACHE_RESULT_MISS << 16},
	{"l1d_access", PERF_TYPE_HW_CACHE,
	 PERF_COUNT_HW_CACHE_L1D | PERF_COUNT_HW_CACHE_OP_READ << 8 | PERF_COUNT_HW_CACHE_RESULT_ACCESS << 16},
	{"br_miss", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
	{"branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
};
#define NWANTED (int)(sizeof(wanted) / sizeof(wanted[0]))

static int leader = -1;
static int nopen;                  /* events in the group, in read order */
static int slot_of[NWANTED];       /* group position -> slot */
static uint64_t est_cycles_per_ns_q32; /* 0: not estimating */

static int open_event(uint32_t type, uint64_t config, int group)
{
	struct perf_event_attr a;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.read_format = PERF_FORMAT_GROUP;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
}

/* One unrolled block of dependent adds; `n` blocks. */
#define ADDS_PER_BLOCK 200
static void add_chain(uint64_t n)
{
	uint64_t x = 0;
	for (uint64_t i = 0; i < n; i++) {
#if defined(__x86_64__)
		__asm__ volatile(".rept 200\n\tadd %1, %0\n\t.endr" : "+r"(x) : "r"(i));
#else
		__asm__ volatile(".rept 200\n\tadd %0, %0, %1\n\t.endr" : "+r"(x) : "r"(i));
#endif
	}
}

/* ns for n blocks minus ns for n/2, each the least of several tries
 * (the harness's own method: noise only adds, so aggregate each body by
 * its minimum, then difference), after a warm-up long enough for the
 * core to reach the clock it will run the suite at: a rate taken while
 * the core was still clocking up makes every later figure too small (seen
 * on an EPYC VM: a dependent add read 0.88 "cycles"). */
#define WARMUP_NS 200000000ull
#define TRIES 15
static double ns_per_add(uint64_t warmup_ns, int tries, uint64_t blocks)
{
	uint64_t t0 = linux_clock_ns();
	while (linux_clock_ns() - t0 < warmup_ns)
		add_chain(5000);
	int64_t n1[TRIES], n2[TRIES];
	for (int t = 0; t < tries; t++) {
		uint64_t a = linux_clock_ns();
		add_chain(blocks);
		uint64_t b = linux_clock_ns();
		add_chain(2 * blocks);
		uint64_t c = linux_clock_ns();
		n1[t] = (int64_t)(b - a);
		n2[t] = (int64_t)(c - b);
	}
	struct bm_series v[2] = {{n2, +1}, {n1, -1}};
	return (double)stats_difference_est(v, 2, (size_t)tries, BM_AGG_MIN) / ((double)blocks * ADDS_PER_BLOCK);
}

static uint64_t rate_q32(double ns)
{
	return (uint64_t)((1.0 / ns) * 4294967296.0);
}

/* Before each point: the rate again, from a short calibration (7 tries
 * of 100 000 and 200 000 adds, about a millisecond). The core's clock in
 * a VM moves with the host's load: a rate from minutes ago scaled one
 * whole run by 0.65 on the EPYC VM (its dependent add read 0.646). */
void arch_counters_settle(void)
{
	if (!est_cycles_per_ns_q32)
		return;
	double ns = ns_per_add(0, 7, 500);
	if (ns > 0)
		est_cycles_per_ns_q32 = rate_q32(ns);
}

/* The clock was chosen when the board was described (linux_clock_init). */
bool arch_time_probe(char *why, size_t cap)
{
	snprintf(why, cap, "%s", linux_clock_why);
	return true;
}

void arch_counters_probe(struct bm_counters *c, const struct bm_board *b, const struct bm_raw_event *raw)
{
	(void)b;
	(void)raw;
	memset(c, 0, sizeof(*c));
	c->time_avail = arch_time_probe(c->time_why, sizeof(c->time_why));
	c->nslots = NWANTED;
	c->cycles_read_varies = true; /* read(2) of perf, or clock_gettime */
	for (int s = 0; s < NWANTED; s++)
		c->slot[s].name = wanted[s].name;
	leader = open_event(wanted[0].type, wanted[0].config, -1);
	if (leader >= 0) {
		slot_of[nopen++] = 0;
		c->slot[0].avail = true;
		snprintf(c->slot[0].why, sizeof(c->slot[0].why), "perf_event_open");
		for (int s = 1; s < NWANTED; s++) {
			int fd = open_event(wanted[s].type, wanted[s].config, leader);
			if (fd < 0) {
				snprintf(c->slot[s].why, sizeof(c->slot[s].why), "perf_event_open: %s", strerror(errno));
				continue;
			}
			slot_of[nopen++] = s;
			c->slot[s].avail = true;
			snprintf(c->slot[s].why, sizeof(c->slot[s].why), "perf_event_open");
		}
		return;
	}
	const char *err = strerror(errno);
	for (int s = 1; s < NWANTED; s++)
		snprintf(c->slot[s].why, sizeof(c->slot[s].why), "perf_event_open: %s", err);
	double ns = ns_per_add(WARMUP_NS, TRIES, 5000);
	if (ns <= 0) {
		snprintf(c->slot[0].why, sizeof(c->slot[0].why), "perf_event_open: %s; calibration failed", err);
		return;
	}
	est_cycles_per_ns_q32 = rate_q32(ns);
	c->slot[0].avail = true;
	c->cycles_estimated = true;
	snprintf(c->slot[0].why, sizeof(c->slot[0].why),
		 "ESTIMATED from the clock: perf_event_open: %s; 1 add = 1 cycle, %.3f ns", err, ns);
}

void arch_counters_read(uint64_t *v)
{
	if (leader >= 0) {
		uint64_t buf[1 + NWANTED];
		if (read(leader, buf, sizeof(buf)) > 0)
			for (int k = 0; k < nopen && k < (int)buf[0]; k++)
				v[slot_of[k]] = buf[1 + k];
	} else if (est_cycles_per_ns_q32) {
		v[BM_SLOT_CYCLES] = (uint64_t)(((unsigned __int128)linux_clock_ns() * est_cycles_per_ns_q32) >> 32);
	}
}

/* perf reads its group in one call: the events cost nothing more. */
void arch_counters_read_core(uint64_t *v)
{
	arch_counters_read(v);
}

/* perf reads its group in one call: the cycles come with the rest. */
uint64_t arch_cycles_read(void)
{
	uint64_t v[BM_MAX_SLOTS] = {0};
	arch_counters_read(v);
	return v[BM_SLOT_CYCLES];
}

/* The Linux build's cycles come from perf or the clock: nothing traps. */
bool arch_selftest_nocycle(void)
{
	return false;
}

/* A process cannot take its own FPU away. */
bool arch_selftest_nofp(void)
{
	return false;
}

/* A hard-float Linux ABI: this process runs on an FPU. */
bool arch_c_float(char *why, size_t cap)
{
	(void)why;
	(void)cap;
	return true;
}

/* Nothing to give back: the counters are ours alone (riscv: SBI PMU). */
void arch_counters_release(void)
{
}
