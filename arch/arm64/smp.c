/* Secondary cores on arm64: PSCI CPU_ON (Arm DEN 0022 PSCI 1.1, 5.1.4:
 * function 0xC4000003 in the SMC64 range; return codes in 5.2.2) through
 * the device tree's conduit, or, for a core whose enable-method is
 * "spin-table" (Linux Documentation/arch/arm64/booting.rst, the Raspberry
 * Pi's firmware stub), the entry point written to its cpu-release-addr and
 * a sev; wfe/sev to sleep and wake. */
#include "arch.h"
#include "coretypes.h"
#include "guard.h"
#include "smp.h"
#include "sysreg.h"

extern char psci_conduit[8];
extern char bm_secondary_entry[], _start_image[], _end[];
void dcache_clean_range(uint64_t start, uint64_t end);
void dcache_inval_range(uint64_t start, uint64_t end);

/* The new core's stacks (harness/cores.h: the slot's words are stack top,
 * trap stack top, stack base) come from free RAM, which this core may
 * hold lines of: dropped here, so that what the new core writes with its
 * caches off is what it later reads with them on. */
static void drop_stack_lines(const void *slot)
{
	const uint64_t *w = slot;
	dcache_inval_range(w[2], w[1]);
}

static int64_t psci_call(uint64_t fn, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 __asm__("x0") = fn;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;
	if (psci_conduit[0] == 's')
		__asm__ volatile("smc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)::"memory");
	else
		__asm__ volatile("hvc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)::"memory");
	return (int64_t)x0;
}

static const char *psci_error(int64_t e)
{
	switch (e) {
	case -1: return "PSCI NOT_SUPPORTED";
	case -2: return "PSCI INVALID_PARAMETERS";
	case -3: return "PSCI DENIED";
	case -4: return "PSCI ALREADY_ON";
	case -5: return "PSCI ON_PENDING";
	case -6: return "PSCI INTERNAL_FAILURE";
	case -7: return "PSCI NOT_PRESENT";
	case -8: return "PSCI DISABLED";
	case -9: return "PSCI INVALID_ADDRESS";
	default: return "PSCI: unknown error";
	}
}

/* The spin-table cores of the tree: MPIDR affinity and release address. */
struct spin_core {
	uint64_t hwid, addr;
};
static struct spin_core spin[BM_MAX_CPUS];
static int nspin;

void smp_spin_table(const struct bm_board *b)
{
	nspin = 0;
	for (int i = 0; i < b->ncpus; i++)
		if (b->cpus[i].release_addr)
			spin[nspin++] = (struct spin_core){b->cpus[i].hartid, b->cpus[i].release_addr};
}

/* The slot of the core being released: a spin-table core enters with
 * nothing in its registers (x0 is 0), so bm_spin_entry reads its slot
 * here. One core starts at a time (harness/cores.c waits for each to
 * check in), so one variable is enough. */
void *bm_spin_slot;
extern char bm_spin_entry[];

struct spin_write {
	uint64_t addr, entry;
};

static void spin_release(void *p)
{
	const struct spin_write *w = p;
	*(volatile uint64_t *)(uintptr_t)w->addr = w->entry;
}

static int spin_start(uint64_t addr, void *slot, const char **why)
{
	bm_spin_slot = slot;
	dcache_clean_range((uint64_t)(uintptr_t)_start_image, (uint64_t)(uintptr_t)_end);
	drop_stack_lines(slot);
	struct spin_write w = {addr, (uint64_t)(uintptr_t)bm_spin_entry};
	struct bm_trap t;
	/* the address comes from the tree: a wrong one faults here, not later */
	if (bm_guard(spin_release, &w, &t)) {
		*why = "spin-table: writing cpu-release-addr faulted";
		return -1;
	}
	/* the waiting core reads memory with its caches off */
	dcache_clean_range(addr, addr + sizeof(uint64_t));
	__asm__ volatile("dsb sy; sev" ::: "memory");
	return 0;
}

int arch_cpu_start(uint64_t hwid, void *slot, const char **why)
{
	for (int i = 0; i < nspin; i++)
		if (spin[i].hwid == hwid)
			return spin_start(spin[i].addr, slot, why);
	if (!psci_conduit[0]) {
		/* entered at EL3, the image is the firmware: nothing beneath it
		 * answers PSCI, and only firmware could have parked the other
		 * cores in a spin-table loop */
		*why = arm64_entry_el == 3 ? "entered at EL3 with no PSCI firmware (no /psci node) and no spin-table release "
					     "address in the device tree: no way to start a core"
					   : "no /psci node and no spin-table release address in the device tree: no way to start a core";
		return -1;
	}
	/* The new core starts with its caches off and reads memory, not our
	 * cache: its slot, the variables its MMU set-up reads, its code. The
	 * slot lives in the image's BSS, so cleaning the image covers all. */
	dcache_clean_range((uint64_t)(uintptr_t)_start_image, (uint64_t)(uintptr_t)_end);
	drop_stack_lines(slot);
	int64_t r = psci_call(0xC4000003, hwid, (uint64_t)(uintptr_t)bm_secondary_entry, (uint64_t)(uintptr_t)slot);
	if (r != 0) {
		*why = psci_error(r);
		if (r == -1 && arm64_entry_el == 3 && psci_conduit[0] == 's')
			*why = "PSCI NOT_SUPPORTED: entered at EL3, the SMC came back from the image's own EL3 vectors "
			       "(boot/aarch64/el3.S): no PSCI firmware runs here";
		return -1;
	}
	return 0;
}

void arch_cpu_wait(void)
{
	__asm__ volatile("wfe" ::: "memory");
}

void arch_cpu_wake(uint64_t hwid)
{
	(void)hwid; /* SEV wakes every core in wfe; each re-checks its mailbox */
	__asm__ volatile("dsb ish; sev" ::: "memory");
}

void arch_core_ident(struct core_ident *id)
{
	id->arm = true;
	id->hwid = read_sysreg(mpidr_el1) & 0xff00ffffffull;
	id->midr = read_sysreg(midr_el1);
}

void arch_set_self(uint64_t hwid)
{
	(void)hwid;
}
