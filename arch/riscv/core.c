/* riscv64 entry glue, core identity, firmware console and shutdown, all
 * through SBI calls (spec v2.0: base chapter 4, legacy chapter 5, SRST
 * chapter 10, DBCN chapter 12). */
#include <string.h>

#include "arch.h"
#include "guard.h"
#include "harness_main.h"
#include "features.h"
#include "sbi.h"
#include "point_path.h"

/* The hart running the harness: S-mode cannot read mhartid, so the boot
 * hart is known from a0 at entry and a secondary says who it is before it
 * runs anything (arch_set_self). */
static uint64_t self_hartid;

_Noreturn void arch_entry(uint64_t hartid, const void *dtb, uint64_t reloc_delta, uint64_t entry_time);

_Noreturn void arch_entry(uint64_t hartid, const void *dtb, uint64_t reloc_delta, uint64_t entry_time)
{
	self_hartid = hartid;
	harness_main(dtb, reloc_delta, &entry_time);
	arch_stop();
}

void arch_board_ready(struct bm_board *b)
{
	riscv_features_board(b); /* each hart's ISA string, for its features */
}

BM_POINT_PATH uint64_t arch_core_id(void)
{
	return self_hartid;
}

void arch_set_self(uint64_t hwid)
{
	self_hartid = hwid;
}

void arch_core_fields(struct rec *r)
{
	rec_u64(r, "hart", self_hartid);
	riscv_vector_fields(r);
	/* Base extension FIDs 4, 5, 6: the machine-mode ID CSRs, which
	 * S-mode cannot read itself. */
	static const char *const ids[] = {"mvendorid", "marchid", "mimpid"};
	for (int i = 0; i < 3; i++) {
		struct sbiret v = sbi_call(SBI_EXT_BASE, 4 + i, 0, 0, 0, 0, 0);
		if (v.error == 0)
			rec_hex(r, ids[i], (uint64_t)v.value);
		else
			rec_str(r, ids[i], "unavailable");
	}
	struct sbiret spec = sbi_call(SBI_EXT_BASE, 0, 0, 0, 0, 0, 0);
	struct sbiret impl = sbi_call(SBI_EXT_BASE, 1, 0, 0, 0, 0, 0);
	struct sbiret impl_ver = sbi_call(SBI_EXT_BASE, 2, 0, 0, 0, 0, 0);
	rec_obj(r, "sbi");
	if (spec.error == 0) {
		rec_u64(r, "spec_major", ((uint64_t)spec.value >> 24) & 0x7f);
		rec_u64(r, "spec_minor", (uint64_t)spec.value & 0xffffff);
	}
	if (impl.error == 0) {
		/* Implementation ids, SBI spec section 4.9 (OpenSBI is 1). */
		rec_str(r, "impl", impl.value == 1 ? "OpenSBI" : impl.value == 0 ? "BBL" : "other");
		rec_u64(r, "impl_id", (uint64_t)impl.value);
	}
	if (impl_ver.error == 0)
		rec_hex(r, "impl_version", (uint64_t)impl_ver.value);
	rec_close(r);
}

static enum { FW_NONE, FW_DBCN, FW_LEGACY } fw_console;

const char *arch_fw_console_probe(void)
{
	if (sbi_has(SBI_EXT_DBCN)) {
		fw_console = FW_DBCN;
		return "sbi-dbcn";
	}
	if (sbi_has(SBI_EXT_LEGACY_PUTCHAR)) {
		fw_console = FW_LEGACY;
		return "sbi-legacy";
	}
	fw_console = FW_NONE;
	return NULL;
}

void arch_fw_console_write(const char *s, size_t n)
{
	if (fw_console == FW_DBCN) {
		/* console_write(num_bytes, base_lo, base_hi): physical address;
		 * the MMU is off, so ours is physical. It may write fewer. */
		while (n > 0) {
			struct sbiret r = sbi_call(SBI_EXT_DBCN, 0, (long)n, (long)(uintptr_t)s, 0, 0, 0);
			if (r.error || r.value <= 0)
				return;
			s += r.value;
			n -= (size_t)r.value;
		}
	} else if (fw_console == FW_LEGACY) {
		for (size_t i = 0; i < n; i++)
			sbi_call(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned char)s[i], 0, 0, 0, 0);
	}
}

const char *arch_stop_method(void)
{
	if (sbi_has(SBI_EXT_SRST))
		return "sbi-srst";
	if (sbi_has(SBI_EXT_LEGACY_SHUTDOWN))
		return "sbi-legacy-shutdown";
	return "wfi";
}

_Noreturn void arch_stop(void)
{
	/* Once only, should an SBI call ever trap back here. */
	static volatile bool tried;
	if (tried)
		for (;;)
			__asm__ volatile("wfi");
	tried = true;
	arch_counters_release(); /* the SBI PMU's last call: stop */
	/* SRST shutdown returns only with an error (SBI v2.0, 10.1); the
	 * legacy call then is not tried: OpenSBI serves it by the same
	 * reset devices, and without one it parks the hart in M-mode for
	 * good, where nothing more could be said. The legacy call alone
	 * (chapter 5.7) has no return value: returning is refusing. */
	if (sbi_has(SBI_EXT_SRST)) {
		struct sbiret r = sbi_call(SBI_EXT_SRST, 0, 0 /* shutdown */, 0 /* no reason */, 0, 0, 0);
		char who[64] = "SBI SRST (";
		strncat(who, sbi_strerror(r.error), sizeof(who) - strlen(who) - 2);
		strcat(who, ")");
		arch_poweroff_refused(who);
	} else if (sbi_has(SBI_EXT_LEGACY_SHUTDOWN)) {
		sbi_call(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0, 0, 0);
		arch_poweroff_refused("the SBI legacy shutdown call");
	} else {
		arch_poweroff_refused("the firmware (no SBI SRST or legacy shutdown call)");
	}
	for (;;)
		__asm__ volatile("wfi");
}

/* RISC-V has no register that describes the caches: a tree without
 * cache nodes leaves their sizes unknown. */
uint64_t arch_core_largest_cache(void)
{
	return 0;
}

const char *arch_core_caches_source(void)
{
	return NULL;
}
