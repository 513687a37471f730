/* Cache descriptions for the Linux build: sysfs cache/index* first (what
 * Linux itself reports); where a kernel or VM leaves that out, x86's own
 * deterministic cache parameters (CPUID leaf 4 on Intel, 0x8000001D on
 * AMD: type in EAX[4:0], level EAX[7:5]; EBX line size - 1 [11:0],
 * partitions - 1 [21:12], ways - 1 [31:22]; ECX sets - 1. Intel SDM vol. 2A,
 * CPUID leaf 04H; AMD APM vol. 3, CPUID Fn8000_001D). Some hypervisors zero
 * those and fill only AMD's older leaves: Fn8000_0005 ECX/EDX = L1D/L1I
 * (KiB in [31:24], line in [7:0]) and Fn8000_0006 ECX = L2 (KiB in
 * [31:16]), EDX = L3 (512 KiB units in [31:18]; what the hypervisor
 * reports, which may be the whole package's, not this core's share). */
#include "caches.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

static const char *type_name(const char *sysfs_type)
{
	return strcmp(sysfs_type, "Data") == 0 ? "data" : strcmp(sysfs_type, "Instruction") == 0 ? "instruction" : "unified";
}

static int from_sysfs(int cpu, struct linux_cache *out)
{
	static const char *const names[] = {"level", "type", "size", "coherency_line_size"};
	int n = 0;
	for (int i = 0; i < LINUX_MAX_CACHES; i++) {
		char v[4][32];
		bool ok = true;
		for (int f = 0; f < 4 && ok; f++) {
			char path[128];
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cache/index%d/%s", cpu, i, names[f]);
			FILE *fp = fopen(path, "r");
			ok = fp && fgets(v[f], sizeof(v[f]), fp);
			if (fp)
				fclose(fp);
			v[f][strcspn(v[f], "\n")] = '\0';
		}
		if (!ok)
			break;
		char *unit;
		uint64_t bytes = strtoull(v[2], &unit, 10);
		bytes <<= *unit == 'K' ? 10 : *unit == 'M' ? 20 : 0;
		out[n] = (struct linux_cache){(unsigned)strtoul(v[0], NULL, 10), type_name(v[1]), bytes,
					      strtoull(v[3], NULL, 10)};
		n++;
	}
	return n;
}

#if defined(__x86_64__)
static int from_amd_legacy(struct linux_cache *out, const char **from)
{
	unsigned a, b, c, d, e, f, g, h;
	if (!__get_cpuid(0x80000006, &e, &f, &g, &h) || !__get_cpuid(0x80000005, &a, &b, &c, &d))
		return 0;
	int n = 0;
	if (c >> 24)
		out[n++] = (struct linux_cache){1, "data", (uint64_t)(c >> 24) << 10, c & 0xff};
	if (d >> 24)
		out[n++] = (struct linux_cache){1, "instruction", (uint64_t)(d >> 24) << 10, d & 0xff};
	if (g >> 16)
		out[n++] = (struct linux_cache){2, "unified", (uint64_t)(g >> 16) << 10, g & 0xff};
	if (h >> 18)
		out[n++] = (struct linux_cache){3, "unified", (uint64_t)(h >> 18) << 19, h & 0xff};
	*from = "cpuid Fn8000_0005/6 (sysfs has no cache/index*, Fn8000_001D is empty)";
	return n;
}

/* The leaf describes the CPU the caller runs on: the build pins itself
 * before it asks. */
static int from_cpuid(struct linux_cache *out, const char **from)
{
	unsigned a, b, c, d, leaf;
	if (!__get_cpuid(0, &a, &b, &c, &d))
		return 0;
	bool amd = b == 0x68747541; /* "Auth"enticAMD */
	if (amd) {
		/* The leaf exists when TopologyExtensions (Fn8000_0001 ECX[22]) is set. */
		if (!__get_cpuid(0x80000001, &a, &b, &c, &d) || !(c & (1u << 22)))
			return from_amd_legacy(out, from);
		leaf = 0x8000001D;
		*from = "cpuid leaf 0x8000001d (sysfs has no cache/index*)";
	} else {
		if (a < 4)
			return 0;
		leaf = 4;
		*from = "cpuid leaf 4 (sysfs has no cache/index*)";
	}
	static const char *const types[] = {NULL, "data", "instruction", "unified"};
	int n = 0;
	for (unsigned i = 0; n < LINUX_MAX_CACHES; i++) {
		__cpuid_count(leaf, i, a, b, c, d);
		unsigned t = a & 0x1f;
		if (t == 0 || t > 3)
			break;
		uint64_t line = (b & 0xfff) + 1, parts = ((b >> 12) & 0x3ff) + 1, ways = (b >> 22) + 1;
		out[n++] = (struct linux_cache){(a >> 5) & 7, types[t], line * parts * ways * ((uint64_t)c + 1), line};
	}
	if (n == 0 && amd)
		n = from_amd_legacy(out, from);
	return n;
}
#endif

int linux_caches(int cpu, struct linux_cache *out, const char **from)
{
	int n = from_sysfs(cpu, out);
	if (n > 0) {
		*from = "sysfs (/sys/devices/system/cpu/cpu*/cache)";
		return n;
	}
#if defined(__x86_64__)
	n = from_cpuid(out, from);
	if (n > 0)
		return n;
	*from = "sysfs has no cache/index* for this cpu, and the CPUID cache leaf describes none";
#else
	*from = "sysfs has no cache/index* for this cpu (this kernel or VM does not describe its caches)";
#endif
	return 0;
}
