/* The caches of the CPU the Linux build runs on, as the system or the
 * hardware describes them (not measured: the summary measures). */
#ifndef BM_LINUX_CACHES_H
#define BM_LINUX_CACHES_H
#include <stdint.h>

struct linux_cache {
	unsigned level;
	const char *type; /* "data", "instruction" or "unified" */
	uint64_t size, line;
};

#define LINUX_MAX_CACHES 16

/* Fills out[] for `cpu` and returns how many; *from names the source
 * (sysfs, else on x86 the CPUID cache leaf), or with 0 caches says why
 * none could be read. */
int linux_caches(int cpu, struct linux_cache *out, const char **from);
#endif
