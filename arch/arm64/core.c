/* arm64 entry glue, core identity, PSCI shutdown. MIDR part numbers from
 * Linux arch/arm64/include/asm/cputype.h; ID_AA64ISAR0_EL1, CLIDR_EL1,
 * CCSIDR_EL1 and CTR_EL0 fields from the Arm ARM (DDI 0487) D17.2; PSCI
 * SYSTEM_OFF is function 0x84000008 (Arm DEN 0022, PSCI 1.1, 5.1). */
#include <string.h>

#include "arch.h"
#include "coretypes.h"
#include "fpu.h"
#include "harness_main.h"
#include "mmu.h"
#include "platform.h"
#include "smp.h"
#include "sysreg.h"

unsigned arm64_el;
unsigned arm64_entry_el;
char psci_conduit[8]; /* "smc", "hvc" or "": also used by smp.c */
static int mem_ranges_mapped = -1;

extern char _start_image[], _end[];

static bool mmu_on_at_entry;

_Noreturn void arch_entry(const void *dtb, uint64_t el, uint64_t reloc_delta, uint64_t mmu_was_on,
			 uint64_t entry_time, uint64_t el_at_entry);

_Noreturn void arch_entry(const void *dtb, uint64_t el, uint64_t reloc_delta, uint64_t mmu_was_on,
			 uint64_t entry_time, uint64_t el_at_entry)
{
	arm64_el = (unsigned)el;
	arm64_entry_el = (unsigned)el_at_entry;
	if (!dtb)
		dtb = platform_dtb_unpassed(platform_get());
	mmu_on_at_entry = mmu_was_on != 0;
	mmu_early((uint64_t)(uintptr_t)_start_image, (uint64_t)(uintptr_t)_end, (uint64_t)(uintptr_t)dtb, reloc_delta != 0);
	harness_main(dtb, reloc_delta, &entry_time);
	arch_stop();
}

void arch_board_ready(struct bm_board *b)
{
	/* Arm trees carry no timebase-frequency: the generic timer says it. */
	if (!b->timebase_hz)
		b->timebase_hz = read_sysreg(cntfrq_el0) & 0xffffffffu;
	memcpy(psci_conduit, b->psci_method, sizeof(psci_conduit));
	smp_spin_table(b);
	mem_ranges_mapped = mmu_final(b, (uint64_t)(uintptr_t)_start_image, (uint64_t)(uintptr_t)_end);
}

uint64_t arch_core_id(void)
{
	return read_sysreg(mpidr_el1) & 0xff00ffffffull;
}

static void isa_features(struct rec *r)
{
	uint64_t isar0 = read_sysreg(id_aa64isar0_el1);
	unsigned aes = (isar0 >> 4) & 0xf, sha1 = (isar0 >> 8) & 0xf, sha2 = (isar0 >> 12) & 0xf,
		 crc32 = (isar0 >> 16) & 0xf, sm3 = (isar0 >> 36) & 0xf, sm4 = (isar0 >> 40) & 0xf,
		 sha3 = (isar0 >> 32) & 0xf;
	rec_hex(r, "id_aa64isar0", isar0);
	rec_arr(r, "features");
	if (aes >= 1)
		rec_str(r, NULL, "aes");
	if (aes >= 2)
		rec_str(r, NULL, "pmull");
	if (sha1 >= 1)
		rec_str(r, NULL, "sha1");
	if (sha2 >= 1)
		rec_str(r, NULL, "sha2");
	if (sha2 >= 2)
		rec_str(r, NULL, "sha512");
	if (crc32 >= 1)
		rec_str(r, NULL, "crc32");
	if (sha3 >= 1)
		rec_str(r, NULL, "sha3");
	if (sm3 >= 1)
		rec_str(r, NULL, "sm3");
	if (sm4 >= 1)
		rec_str(r, NULL, "sm4");
	rec_close(r);
}

/* Cache geometry as the core describes itself (CLIDR/CCSIDR, without
 * FEAT_CCIDX; the A53 and A72 do not have it): the cache at `level`
 * (0-based), its instruction side or its data/unified one; false where
 * CLIDR lists no such cache. */
static bool cache_geometry(unsigned level, bool instr, uint64_t *line, uint64_t *ways, uint64_t *sets,
			   const char **type)
{
	unsigned ctype = (read_sysreg(clidr_el1) >> (3 * level)) & 7;
	/* 1 = I only, 2 = D only, 3 = separate I and D, 4 = unified */
	if (!(instr ? (ctype == 1 || ctype == 3) : (ctype >= 2 && ctype <= 4)))
		return false;
	write_sysreg(csselr_el1, level << 1 | (unsigned)instr);
	isb();
	uint64_t ccsidr = read_sysreg(ccsidr_el1);
	*line = 1ull << ((ccsidr & 7) + 4);
	*ways = ((ccsidr >> 3) & 0x3ff) + 1;
	*sets = ((ccsidr >> 13) & 0x7fff) + 1;
	*type = instr ? "instruction" : ctype == 4 ? "unified" : "data";
	return true;
}

/* The levels CLIDR lists: up to the first with no cache (ctype 0). */
static unsigned cache_levels(void)
{
	uint64_t clidr = read_sysreg(clidr_el1);
	unsigned n = 0;
	while (n < 7 && ((clidr >> (3 * n)) & 7))
		n++;
	return n;
}

static void caches(struct rec *r)
{
	rec_arr(r, "caches");
	for (unsigned level = 0, n = cache_levels(); level < n; level++)
		for (int instr = 1; instr >= 0; instr--) {
			uint64_t line, ways, sets;
			const char *type;
			if (!cache_geometry(level, instr, &line, &ways, &sets, &type))
				continue;
			rec_obj(r, NULL);
			rec_u64(r, "level", level + 1);
			rec_str(r, "type", type);
			rec_u64(r, "size", line * ways * sets);
			rec_u64(r, "ways", ways);
			rec_u64(r, "line", line);
			rec_u64(r, "sets", sets);
			rec_close(r);
		}
	rec_close(r);
	uint64_t ctr = read_sysreg(ctr_el0);
	rec_u64(r, "ctr_dminline", 4ull << ((ctr >> 16) & 0xf));
	rec_u64(r, "ctr_iminline", 4ull << (ctr & 0xf));
}

uint64_t arch_core_largest_cache(void)
{
	uint64_t most = 0;
	for (unsigned level = 0, n = cache_levels(); level < n; level++) {
		uint64_t line, ways, sets;
		const char *type;
		if (cache_geometry(level, false, &line, &ways, &sets, &type) && line * ways * sets > most)
			most = line * ways * sets;
	}
	return most;
}

const char *arch_core_caches_source(void)
{
	return "CCSIDR";
}

void arch_core_fields(struct rec *r)
{
	uint64_t midr = read_sysreg(midr_el1);
	rec_hex(r, "midr", midr);
	rec_str(r, "name", arm_midr_name(midr));
	rec_hex(r, "mpidr", read_sysreg(mpidr_el1));
	rec_u64(r, "el", arm64_el);
	if (arm64_entry_el != arm64_el)
		rec_u64(r, "el_at_entry", arm64_entry_el); /* dropped from EL3 by the image */
	/* booti hands over with the MMU off, U-Boot's go with it on (we then
	 * cleaned the caches and turned it off before building our own). */
	rec_str(r, "mmu_at_entry", mmu_on_at_entry ? "on" : "off");
	isa_features(r);
	const char *fp = arm64_fp_missing(true), *simd = arm64_fp_missing(false);
	rec_hex(r, "id_aa64pfr0", read_sysreg(id_aa64pfr0_el1));
	rec_str(r, "fp", fp ? fp : "ok");
	rec_str(r, "advsimd", simd ? simd : "ok");
	uint64_t sctlr = read_el(sctlr);
	rec_obj(r, "sctlr");
	rec_str(r, "mmu", sctlr & SCTLR_M ? "on" : "off");
	rec_str(r, "icache", sctlr & SCTLR_I ? "on" : "off");
	rec_str(r, "dcache", sctlr & SCTLR_C ? "on" : "off");
	rec_close(r);
	rec_u64(r, "mem_ranges_mapped", mem_ranges_mapped < 0 ? 0 : (uint64_t)mem_ranges_mapped);
	caches(r);
	rec_u64(r, "cntfrq_hz", read_sysreg(cntfrq_el0) & 0xffffffffu);
}

const char *arch_fw_console_probe(void)
{
	return NULL; /* no firmware console on our Arm targets */
}

void arch_fw_console_write(const char *s, size_t n)
{
	(void)s;
	(void)n;
}

const char *arch_stop_method(void)
{
	return psci_conduit[0] ? (psci_conduit[0] == 's' ? "psci-smc" : "psci-hvc") : "wfe";
}

/* No call may come between setting x0 and the instruction: a local
 * register variable is only guaranteed in its register at the asm. */
static int64_t psci_system_off(bool smc)
{
	register uint64_t x0 __asm__("x0") = 0x84000008; /* PSCI SYSTEM_OFF */
	if (smc)
		__asm__ volatile("smc #0" : "+r"(x0)::"x1", "x2", "x3", "memory");
	else
		__asm__ volatile("hvc #0" : "+r"(x0)::"x1", "x2", "x3", "memory");
	return (int64_t)x0;
}

_Noreturn void arch_stop(void)
{
	/* Once only: if the call itself traps (a wrong conduit), the trap
	 * handler comes back here, and must not try again forever. A
	 * SYSTEM_OFF that returns was refused (PSCI 1.1, 5.10.1: it does
	 * not return on success): said, then the low-power wait. */
	static volatile bool tried;
	if (!tried) {
		tried = true;
		if (psci_conduit[0]) {
			int64_t r = psci_system_off(strcmp(psci_conduit, "smc") == 0);
			arch_poweroff_refused(r == -1 ? "PSCI SYSTEM_OFF (NOT_SUPPORTED)" : "PSCI SYSTEM_OFF");
		} else {
			arch_poweroff_refused("the firmware (no /psci node in the device tree)");
		}
	}
	for (;;)
		__asm__ volatile("wfe"); /* low power; a sev from another core only loops */
}
