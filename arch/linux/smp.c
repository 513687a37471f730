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

void arch_core_ident(struct core_ident *id)
{
	memset(id, 0, sizeof(*id));
#if defined(__aarch64__)
	id->arm = true; /* MIDR is not readable here without the kernel's help */
#endif
}

void arch_set_self(uint64_t hwid)
{
	(void)hwid;
}
