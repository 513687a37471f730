/* Secondary harts on riscv64: SBI HSM hart_start (SBI spec v2.0, chapter
 * 9, EID 0x48534D "HSM", FID 0), woken from wfi by an SBI IPI (chapter 7,
 * EID 0x735049 "sPI", FID 0; or the legacy call 0x04). A waiting hart
 * enables only the supervisor software interrupt in sie and keeps
 * sstatus.SIE off, so the IPI ends wfi without taking a trap. */
#include "arch.h"
#include "coretypes.h"
#include "features.h"
#include "sbi.h"

#define SBI_EXT_HSM 0x48534D
#define SBI_EXT_IPI 0x735049
#define SBI_EXT_LEGACY_SEND_IPI 0x04

extern char bm_secondary_entry[];

int arch_cpu_start(uint64_t hwid, void *slot, const char **why)
{
	if (!sbi_has(SBI_EXT_HSM)) {
		*why = "the firmware has no SBI HSM extension: no way to start a hart";
		return -1;
	}
	/* the legacy IPI call takes one word of hart mask (SBI spec v0.1
	 * sbi_send_ipi; OpenSBI reads one unsigned long): a hart past it
	 * could be started but never woken for a job */
	if (!sbi_has(SBI_EXT_IPI) && hwid >= 8 * sizeof(unsigned long)) {
		*why = "the firmware has only the legacy SBI IPI call, whose one-word hart mask reaches harts 0-63";
		return -1;
	}
	__asm__ volatile("fence rw, rw" ::: "memory");
	struct sbiret r = sbi_call(SBI_EXT_HSM, 0, (long)hwid, (long)(uintptr_t)bm_secondary_entry,
				   (long)(uintptr_t)slot, 0, 0);
	if (r.error) {
		*why = sbi_strerror(r.error);
		return -1;
	}
	return 0;
}

void arch_cpu_wait(void)
{
	__asm__ volatile("csrs sie, %0\n\twfi\n\tcsrc sip, %0" ::"r"(2ul) : "memory");
}

void arch_cpu_wake(uint64_t hwid)
{
	__asm__ volatile("fence rw, rw" ::: "memory");
	/* hart_mask = bit 0, hart_mask_base = hwid */
	if (sbi_has(SBI_EXT_IPI)) {
		sbi_call(SBI_EXT_IPI, 0, 1, (long)hwid, 0, 0, 0);
	} else {
		unsigned long mask = 1ul << (hwid & 63);
		sbi_call(SBI_EXT_LEGACY_SEND_IPI, 0, (long)(uintptr_t)&mask, 0, 0, 0, 0);
	}
}

static uint64_t sbi_id(int fid)
{
	struct sbiret v = sbi_call(SBI_EXT_BASE, fid, 0, 0, 0, 0, 0);
	return v.error ? 0 : (uint64_t)v.value;
}

void arch_core_ident(struct core_ident *id)
{
	id->arm = false;
	/* Base extension FIDs 4-6 answer for the calling hart. */
	id->mvendorid = sbi_id(4);
	id->marchid = sbi_id(5);
	id->mimpid = sbi_id(6);
	id->vlenb = riscv_vlenb();
}
