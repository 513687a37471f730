/* The Linux build's bottom layer: options from argv, memory from mmap,
 * the console is stdout, the run is pinned to one CPU. Everything above
 * (harness, kernels, records) is the image's own code. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch.h"
#include "caches.h"
#include "linux_clock.h"
#include "linux_pages.h"
#include "harness_main.h"

#define ARENA_BYTES (512ull << 20)

char linux_clock_why[96];
static int pinned_cpu = -1;
static char pin_note[96] = "not pinned";
static char cmdline[4096];

/* "--profile quick" and "--profile=quick" become "baremark.profile=quick":
 * the same names as the boot options, through the same parser. */
static void build_cmdline(int argc, char **argv)
{
	size_t used = 0;
	for (int i = 1; i < argc && used < sizeof(cmdline); i++) {
		const char *a = argv[i];
		if (strncmp(a, "--", 2) != 0) {
			used += (size_t)snprintf(cmdline + used, sizeof(cmdline) - used, " baremark.%s", a);
			continue;
		}
		a += 2;
		if (strchr(a, '=') || i + 1 >= argc)
			used += (size_t)snprintf(cmdline + used, sizeof(cmdline) - used, " baremark.%s", a);
		else
			used += (size_t)snprintf(cmdline + used, sizeof(cmdline) - used, " baremark.%s=%s", a, argv[++i]);
	}
	if (used >= sizeof(cmdline)) {
		fprintf(stderr, "baremark: options longer than %zu bytes\n", sizeof(cmdline) - 1);
		exit(2);
	}
}

static void pin(void)
{
	int cpu = sched_getcpu();
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (cpu >= 0 && sched_setaffinity(0, sizeof(set), &set) == 0) {
		pinned_cpu = cpu;
		snprintf(pin_note, sizeof(pin_note), "pinned to cpu %d", cpu);
	} else {
		snprintf(pin_note, sizeof(pin_note), "could not pin (sched_setaffinity failed)");
	}
}

void arch_trap_init(void);

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	build_cmdline(argc, argv);
	pin();
	arch_trap_init();
	harness_main(NULL, 0, NULL); /* the run counts from its banner: no image entry to time */
	return 0;
}

static uint64_t arena_base;

void arch_image_range(uint64_t *start, uint64_t *end)
{
	*start = *end = arena_base; /* the arena is our own mapping */
}

/* The largest cache this CPU describes (caches.c). */
static uint64_t largest_cache(void)
{
	struct linux_cache c[LINUX_MAX_CACHES];
	const char *from;
	uint64_t best = 0;
	for (int i = linux_caches(pinned_cpu < 0 ? 0 : pinned_cpu, c, &from) - 1; i >= 0; i--)
		if (c[i].size > best)
			best = c[i].size;
	return best;
}

void linux_cpu_model(char *out, size_t len)
{
	snprintf(out, len, "unknown");
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	while (f && fgets(line, sizeof(line), f)) {
		if (strncmp(line, "model name", 10) == 0 || strncmp(line, "uarch", 5) == 0 ||
		    strncmp(line, "CPU part", 8) == 0) {
			char *colon = strchr(line, ':');
			if (colon) {
				snprintf(out, len, "%s", colon + 2);
				out[strcspn(out, "\n")] = '\0';
				for (size_t n = strlen(out); n > 0 && out[n - 1] == ' '; n--)
					out[n - 1] = '\0';
				break;
			}
		}
	}
	if (f)
		fclose(f);
}

bool arch_describe_board(struct bm_board *b)
{
	void *p = linux_arena_map(ARENA_BYTES);
	if (p) {
		arena_base = (uint64_t)(uintptr_t)p;
		b->nmem = 1;
		b->mem[0].base = arena_base;
		b->mem[0].size = ARENA_BYTES;
		b->mem_from_dt = true;
	} else {
		b->nmem = 0;
	}
	b->timebase_hz = linux_clock_init(linux_clock_why, sizeof(linux_clock_why));
	b->largest_cache = largest_cache();
	b->ncpus = 1;
	memset(&b->cpus[0], 0, sizeof(b->cpus[0])); /* board.h: cleared as added */
	b->cpus[0].hartid = (uint64_t)(pinned_cpu < 0 ? 0 : pinned_cpu);
	b->cpus[0].enabled = true;
	linux_cpu_model(b->cpus[0].compatible, sizeof(b->cpus[0].compatible));
	b->bootargs = cmdline;
	return true;
}

void arch_board_ready(struct bm_board *b)
{
	(void)b;
}

uint64_t arch_core_id(void)
{
	return (uint64_t)(pinned_cpu < 0 ? 0 : pinned_cpu);
}

static const char *governor(void)
{
	static char g[32] = "";
	char path[96];
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
		 pinned_cpu < 0 ? 0 : pinned_cpu);
	FILE *f = fopen(path, "r");
	if (!f || !fgets(g, sizeof(g), f))
		snprintf(g, sizeof(g), "unknown (no cpufreq in sysfs)");
	g[strcspn(g, "\n")] = '\0';
	if (f)
		fclose(f);
	return g;
}

static bool virtualized(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[4096];
	bool hv = false;
	while (f && !hv && fgets(line, sizeof(line), f))
		hv = (strncmp(line, "flags", 5) == 0 && strstr(line, " hypervisor")) != 0;
	if (f)
		fclose(f);
	return hv;
}

/* What the system or the hardware says about this cpu's caches, beside
 * the levels the summary measures; with none, why. */
static void described_caches(struct rec *r)
{
	struct linux_cache c[LINUX_MAX_CACHES];
	const char *from;
	int n = linux_caches(pinned_cpu < 0 ? 0 : pinned_cpu, c, &from);
	if (n == 0) {
		rec_str(r, "caches_unavailable", from);
		return;
	}
	rec_arr(r, "caches");
	for (int i = 0; i < n; i++) {
		rec_obj(r, NULL);
		rec_u64(r, "level", c[i].level);
		rec_str(r, "type", c[i].type);
		rec_u64(r, "size", c[i].size);
		rec_u64(r, "line", c[i].line);
		rec_close(r);
	}
	rec_close(r);
	rec_str(r, "caches_from", from);
}

void arch_core_fields(struct rec *r)
{
	rec_str(r, "os", "linux");
#if defined(__x86_64__)
	rec_str(r, "arch", "x86_64");
#elif defined(__aarch64__)
	rec_str(r, "arch", "aarch64");
#elif defined(__riscv)
	rec_str(r, "arch", "riscv64");
#endif
	rec_str(r, "pinning", pin_note);
	described_caches(r);
	linux_pages_fields(r);
	/* What this run could not control, said rather than hidden. */
	rec_obj(r, "uncontrolled");
	rec_str(r, "frequency_scaling", governor());
	rec_bool(r, "virtualized", virtualized());
	rec_str(r, "other_load", "not controlled (a shared machine)");
	rec_close(r);
}

const char *arch_fw_console_probe(void)
{
	return "stdout";
}

void arch_fw_console_write(const char *s, size_t n)
{
	fwrite(s, 1, n, stdout);
}

const char *arch_stop_method(void)
{
	return "exit";
}

_Noreturn void arch_stop(void)
{
	fflush(stdout);
	exit(0);
}

/* The Linux build reads the caches from sysfs, into the board
 * description (arch_describe_board). */
uint64_t arch_core_largest_cache(void)
{
	return 0;
}

const char *arch_core_caches_source(void)
{
	return NULL;
}
