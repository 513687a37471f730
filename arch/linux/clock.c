/* The Linux build's timer: the architectural counter where user space
 * may read it and its rate is known, else CLOCK_MONOTONIC_RAW.
 *   x86-64  RDTSC, if /proc/cpuinfo says the TSC is invariant
 *           (constant_tsc and nonstop_tsc); its rate is not published,
 *           so it is calibrated against CLOCK_MONOTONIC_RAW (median of 5
 *           spans of 20 ms).
 *   AArch64 CNTVCT_EL0 at CNTFRQ_EL0 (Linux lets EL0 read both).
 *   riscv64 rdtime at /proc/device-tree/cpus/timebase-frequency.
 * The core record says which one was used and why. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "arch.h"
#include "linux_clock.h"
#include "time_wait.h"

enum source { SRC_CLOCK, SRC_COUNTER };
static enum source source = SRC_CLOCK;

uint64_t linux_clock_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline uint64_t counter(void)
{
#if defined(__x86_64__)
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
#elif defined(__aarch64__)
	uint64_t v;
	__asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
	return v;
#else
	uint64_t v;
	__asm__ volatile("rdtime %0" : "=r"(v));
	return v;
#endif
}

uint64_t arch_time(void)
{
	return source == SRC_COUNTER ? counter() : linux_clock_ns();
}

uint64_t arch_time_wait(uint64_t until, uint64_t max_reads, uint64_t *reads)
{
	if (source == SRC_COUNTER)
		return BM_TIME_WAIT(counter(), until, max_reads, reads);
	return BM_TIME_WAIT(linux_clock_ns(), until, max_reads, reads);
}

#if defined(__x86_64__)
static bool cpuinfo_flag(const char *flag)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096];
	bool found = false;
	size_t n = strlen(flag);
	while (f && !found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "flags", 5) != 0)
			continue;
		for (char *p = strstr(line, flag); p && !found; p = strstr(p + 1, flag))
			found = (p[-1] == ' ' || p[-1] == ':') && (p[n] == ' ' || p[n] == '\n');
		break; /* the first cpu's flags */
	}
	if (f)
		fclose(f);
	return found;
}

static uint64_t tsc_hz(void)
{
	uint64_t hz[5];
	for (int t = 0; t < 5; t++) {
		uint64_t n0 = linux_clock_ns(), c0 = counter(), n1, c1;
		do
			n1 = linux_clock_ns(), c1 = counter();
		while (n1 - n0 < 20000000);
		hz[t] = (uint64_t)((unsigned __int128)(c1 - c0) * 1000000000u / (n1 - n0));
		for (int k = t; k > 0 && hz[k - 1] > hz[k]; k--) {
			uint64_t x = hz[k];
			hz[k] = hz[k - 1];
			hz[k - 1] = x;
		}
	}
	return hz[2];
}
#endif

uint64_t linux_clock_init(char *why, size_t cap)
{
	source = SRC_CLOCK;
#if defined(__x86_64__)
	if (cpuinfo_flag("constant_tsc") && cpuinfo_flag("nonstop_tsc")) {
		uint64_t hz = tsc_hz();
		if (hz) {
			source = SRC_COUNTER;
			snprintf(why, cap, "TSC (invariant: constant_tsc, nonstop_tsc), %llu Hz against CLOCK_MONOTONIC_RAW",
				 (unsigned long long)hz);
			return hz;
		}
	}
	snprintf(why, cap, "CLOCK_MONOTONIC_RAW: the TSC is not invariant here (no constant_tsc/nonstop_tsc)");
	return 1000000000;
#elif defined(__aarch64__)
	uint64_t hz;
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(hz));
	if (hz) {
		source = SRC_COUNTER;
		snprintf(why, cap, "CNTVCT_EL0 at CNTFRQ_EL0 = %llu Hz", (unsigned long long)hz);
		return hz;
	}
	snprintf(why, cap, "CLOCK_MONOTONIC_RAW: CNTFRQ_EL0 reads 0");
	return 1000000000;
#else
	FILE *f = fopen("/proc/device-tree/cpus/timebase-frequency", "rb");
	uint8_t b[4];
	if (f && fread(b, 1, 4, f) == 4) {
		fclose(f);
		source = SRC_COUNTER;
		uint64_t hz = (uint64_t)b[0] << 24 | (uint64_t)b[1] << 16 | (uint64_t)b[2] << 8 | b[3];
		snprintf(why, cap, "rdtime at timebase-frequency %llu Hz (/proc/device-tree)", (unsigned long long)hz);
		return hz;
	}
	if (f)
		fclose(f);
	snprintf(why, cap, "CLOCK_MONOTONIC_RAW: no /proc/device-tree/cpus/timebase-frequency");
	return 1000000000;
#endif
}
