/* The Linux build measures the one CPU it is pinned to: no other cores
 * are started (run several copies pinned elsewhere for that). */
#include <sched.h>
#include <string.h>

#include "arch.h"
#include "coretypes.h"

int arch_cpu_start(uint64_t hwid, void *slot, const char **why)
{
	(void)hwid;
	(void)slot;
	*why = "the Linux build runs on the one CPU it is pinned to";
	return -1;
}

void arch_cpu_wait(void)
{
	sched_yield();
}

void arch_cpu_wake(uint64_t hwid)
{
	(void)hwid;
}

void linux_cpu_model(char *out, size_t len); /* core.c */

/* Under Linux the core is named by the kernel (/proc/cpuinfo): MIDR and
 * the RISC-V ID CSRs are not readable from user space. */
void arch_core_ident(struct core_ident *id)
{
	memset(id, 0, sizeof(*id));
	id->named = true;
	linux_cpu_model(id->compatible, sizeof(id->compatible));
}

void arch_set_self(uint64_t hwid)
{
	(void)hwid;
}
