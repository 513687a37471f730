/* Floating point and Advanced SIMD: both optional in Armv8-A cores (the
 * Cortex-A53 can be built without them), each said by a field of
 * ID_AA64PFR0_EL1 (Arm ARM DDI 0487, D19.2: FP [19:16], AdvSIMD [23:20],
 * 0xf = not implemented). The image's C is integer-only (mk/aarch64.mk),
 * so it runs either way; what needs them checks here first.
 *
 * baremark.selftest=nofp turns their use off on every core, as QEMU's
 * virt machine cannot boot a core without them: at EL1 CPACR_EL1.FPEN
 * (bits 21:20) = 0b00, at EL2 CPTR_EL2.TFP (bit 10) = 1, each trapping
 * every FP and SIMD instruction (ESR EC 0x07; a core without them takes
 * the same instruction as undefined, EC 0x00). The run then shows that
 * nothing outside the checked kernels executes one. */
#include <stdio.h>

#include "arch.h"
#include "fpu.h"
#include "sysreg.h"

#define CPACR_FPEN (3ull << 20)
#define CPTR_TFP (1ull << 10)

static volatile bool selftest_off;

static void access_off(void)
{
	if (arm64_el == 2)
		write_sysreg(cptr_el2, read_sysreg(cptr_el2) | CPTR_TFP);
	else
		write_sysreg(cpacr_el1, read_sysreg(cpacr_el1) & ~CPACR_FPEN);
	isb();
}

bool arch_selftest_nofp(void)
{
	selftest_off = true;
	access_off();
	return true;
}

void fpu_secondary(void)
{
	if (selftest_off)
		access_off();
}

/* Read back on the calling core: is FP and SIMD access trapped? */
static bool access_is_off(void)
{
	if (arm64_el == 2)
		return (read_sysreg(cptr_el2) & CPTR_TFP) != 0;
	return (read_sysreg(cpacr_el1) & CPACR_FPEN) == 0;
}

const char *arm64_fp_missing(bool fp)
{
	if (selftest_off)
		return access_is_off() ? "FP and Advanced SIMD turned off by baremark.selftest=nofp (as on a core "
					 "whose ID_AA64PFR0_EL1.FP and AdvSIMD are 0xf)"
				       : "baremark.selftest=nofp failed to turn FP and Advanced SIMD off on this core";
	unsigned shift = fp ? 16 : 20;
	if (((read_sysreg(id_aa64pfr0_el1) >> shift) & 0xf) != 0xf)
		return NULL;
	return fp ? "no floating point on this core (ID_AA64PFR0_EL1.FP = 0xf)"
		  : "no Advanced SIMD on this core (ID_AA64PFR0_EL1.AdvSIMD = 0xf)";
}

bool arch_c_float(char *why, size_t cap)
{
	const char *m = arm64_fp_missing(true);
	if (m)
		snprintf(why, cap, "%s: arm64 has no soft-float, and this is computed in floating point", m);
	return !m;
}
