/* Flushing single lines for cache.line.lat, on a hart that can:
 *   zicbom     cbo.flush writes back and invalidates the cache block
 *              holding an address; FENCE orders it like a store
 *              (RISC-V CMO spec 1.0, "Zicbom"). The tree must list
 *              zicbom, and the instruction must then run in S-mode
 *              (menvcfg.CBIE, set by the SBI firmware, allows it).
 *   T-Head     th.dcache.civa and th.sync.s (XTheadCmo, XTheadSync in
 *              T-Head's thead-extension-spec; Linux uses the same pair
 *              for DMA on the C906), on a "thead,c9xx" hart; they need
 *              mxstatus.THEADISAEE, set by the vendor's firmware.
 * Each is tried once under the trap guard before it is used. */
#include <stdio.h>

#include "arch.h"
#include "features.h"
#include "guard.h"
#include "isa.h"
#include "rv_insn.h"

/* Each begins with a fence, so that the flushes start once earlier loads
 * are done: their time never overlaps the chase's, and cache.line.lat's
 * empty pass of flushes alone takes out exactly what they cost. */
static void flush_cbo(const uint8_t *base, uint64_t n, uint64_t stride)
{
	__asm__ volatile("fence rw, rw" ::: "memory");
	for (uint64_t i = 0; i < n; i++) {
		register const uint8_t *a0 __asm__("a0") = base + i * stride;
		__asm__ volatile(".word %1" ::"r"(a0), "i"(BM_CBO_FLUSH(10)) : "memory");
	}
	__asm__ volatile("fence rw, rw" ::: "memory");
}

static void flush_thead(const uint8_t *base, uint64_t n, uint64_t stride)
{
	__asm__ volatile(".word %0" ::"i"(BM_TH_SYNC_S) : "memory");
	for (uint64_t i = 0; i < n; i++) {
		register const uint8_t *a0 __asm__("a0") = base + i * stride;
		__asm__ volatile(".word %1" ::"r"(a0), "i"(BM_TH_DCACHE_CIVA(10)) : "memory");
	}
	__asm__ volatile(".word %0" ::"i"(BM_TH_SYNC_S) : "memory");
}

static void try_flush(void *arg)
{
	static uint64_t line[8] __attribute__((aligned(64)));
	(*(bm_lines_flush_fn *)arg)((const uint8_t *)line, 1, 64);
}

bm_lines_flush_fn arch_lines_flush(const char **why)
{
	static char text[160];
	const struct bm_cpu_desc *c = riscv_self_cpu();
	bm_lines_flush_fn fn;
	const char *insn;
	if (c && isa_has_ext(c->isa, "zicbom")) {
		fn = flush_cbo;
		insn = "the tree lists zicbom but cbo.flush";
	} else if (riscv_thead_core(c) || (c && isa_has_ext(c->isa, "xtheadcmo"))) {
		fn = flush_thead;
		insn = "th.dcache.civa";
	} else {
		snprintf(text, sizeof(text), "the tree does not list zicbom or xtheadcmo for hart %llu and it is not a T-Head "
					     "core (compatible \"%s\"): no instruction to flush one line",
			 (unsigned long long)arch_core_id(), c ? c->compatible : "?");
		*why = text;
		return NULL;
	}
	struct bm_trap t;
	if (bm_guard(try_flush, &fn, &t)) {
		snprintf(text, sizeof(text), "%s traps (scause %llu)", insn, (unsigned long long)t.cause);
		*why = text;
		return NULL;
	}
	return fn;
}
