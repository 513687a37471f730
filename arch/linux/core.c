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
#include "linux_clock.h"
#include "harness_main.h"

#define ARENA_BYTES (512ull << 20)

char linux_clock_why[96];
static int pinned_cpu = -1;
static char pin_note[96] = "not pinned";
static char cmdline[sizeof(((struct bm_board *)0)->bootargs)];

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
	harness_main(NULL, 0);
	return 0;
}

static uint64_t arena_base;

void arch_image_range(uint64_t *start, uint64_t *end)
{
	*start = *end = arena_base; /* the arena is our own mapping */
}

/* The largest cache Linux describes for this CPU (sysfs cache index*). */
static uint64_t largest_cache(void)
{
	uint64_t best = 0;
	for (int i = 0; i < 8; i++) {
		char path[128], buf[32];
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cache/index%d/size",
			 pinned_cpu < 0 ? 0 : pinned_cpu, i);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(buf, sizeof(buf), f)) {
			char *end;
			uint64_t v = strtoull(buf, &end, 10);
			v <<= *end == 'K' ? 10 : *end == 'M' ? 20 : 0;
			if (v > best)
				best = v;
		}
		fclose(f);
	}
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
	void *p = mmap(NULL, ARENA_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p != MAP_FAILED) {
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
	b->cpus[0].hartid = (uint64_t)(pinned_cpu < 0 ? 0 : pinned_cpu);
	b->cpus[0].enabled = true;
	linux_cpu_model(b->cpus[0].compatible, sizeof(b->cpus[0].compatible));
	memcpy(b->bootargs, cmdline, sizeof(b->bootargs));
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

/* What Linux says about this cpu's caches (sysfs cache/index*): the
 * hardware's own sizes, beside the levels the summary measures. */
static void sysfs_caches(struct rec *r)
{
	static const char *const names[] = {"level", "type", "size", "coherency_line_size"};
	rec_arr(r, "caches");
	for (int i = 0; i < 16 && pinned_cpu >= 0; i++) {
		char v[4][32];
		bool ok = true;
		for (int f = 0; f < 4 && ok; f++) {
			char path[128];
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cache/index%d/%s", pinned_cpu, i, names[f]);
			FILE *fp = fopen(path, "r");
			ok = fp && fgets(v[f], sizeof(v[f]), fp);
			if (fp)
				fclose(fp);
			v[f][strcspn(v[f], "\n")] = '\0';
		}
		if (!ok)
			break;
		char *unit;
		unsigned long long bytes = strtoull(v[2], &unit, 10);
		bytes *= *unit == 'K' ? 1024 : *unit == 'M' ? 1024 * 1024 : 1;
		rec_obj(r, NULL);
		rec_u64(r, "level", strtoull(v[0], NULL, 10));
		rec_str(r, "type", strcmp(v[1], "Data") == 0 ? "data" : strcmp(v[1], "Instruction") == 0 ? "instruction" : "unified");
		rec_u64(r, "size", bytes);
		rec_u64(r, "line", strtoull(v[3], NULL, 10));
		rec_close(r);
	}
	rec_close(r);
	rec_str(r, "caches_from", "sysfs (/sys/devices/system/cpu/cpu*/cache)");
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
	sysfs_caches(r);
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
