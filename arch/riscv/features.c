/* Optional features of a RISC-V hart. D's fmadd.d is in every rv64gc;
 * the vector unit is confirmed by reading vlenb under the trap guard
 * (RVV 1.0: CSR 0xC22, readable once sstatus.VS is on). The vector
 * crypto extensions (Zvk*, Zvbc) have no kernels in this build yet, so
 * they are reported as not probed rather than guessed from the tree. */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "features.h"
#include "guard.h"

static void read_vlenb(void *p)
{
	uint64_t v;
	__asm__ volatile("csrr %0, 0xc22" : "=r"(v));
	*(uint64_t *)p = v;
}

uint64_t riscv_vlenb(void)
{
	__asm__ volatile("csrs sstatus, %0" ::"r"(0x200ul)); /* VS = Initial (bits 10:9) */
	uint64_t vlenb = 0;
	struct bm_trap t;
	if (bm_guard(read_vlenb, &vlenb, &t))
		return 0;
	return vlenb;
}

bool arch_has_feature(const char *name)
{
	if (strcmp(name, "fma") == 0)
		return true;
	if (strcmp(name, "v") == 0)
		return riscv_vlenb() != 0;
	return false;
}

void arch_feature_missing(const char *name, char *why, size_t cap)
{
	if (strcmp(name, "v") == 0)
		snprintf(why, cap, "no RVV 1.0 unit: reading vlenb traps");
	else
		snprintf(why, cap, "%s: not probed by this build (no kernel for it yet)", name);
}
