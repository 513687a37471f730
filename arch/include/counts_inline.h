#ifndef BM_COUNTS_INLINE_H
#define BM_COUNTS_INLINE_H
/* Cycles and retired instructions read in line (harness.c: pass), where
 * the ISA lets the image read both with one instruction each and the
 * hart allows it (arch_counts_inline_ok): the timed window then holds
 * the body's call and nothing else, no branch of a counter-reading
 * function's and no test of the harness's, whose predictions a core
 * learns while the first forms run. */
#include <stdbool.h>
#include <stdint.h>

#include "arch.h"

#if defined(__riscv) && !defined(__linux__)
/* cycle then instret, as arch_counters_read_core reads them; the
 * harness asks arch_counts_inline_ok first */
static inline __attribute__((always_inline)) void arch_counts_inline(uint64_t *v)
{
	uint64_t c, i;
	__asm__ volatile("csrr %0, cycle\n\tcsrr %1, instret" : "=r"(c), "=r"(i));
	v[BM_SLOT_CYCLES] = c;
	v[BM_SLOT_INSTRET] = i;
}
/* both counters readable here (arch/riscv/counters.c) */
bool arch_counts_inline_ok(void);
#else
static inline void arch_counts_inline(uint64_t *v)
{
	(void)v;
}
static inline bool arch_counts_inline_ok(void)
{
	return false;
}
#endif
#endif
