/* Flushing single lines for cache.line.lat from user space:
 *   x86-64   CLFLUSH (in every x86-64 CPU, with SSE2), then MFENCE, which
 *            orders it before later loads (Intel SDM vol. 2A, CLFLUSH);
 *   AArch64  DC CIVAC then DSB SY: allowed at EL0 when the kernel sets
 *            SCTLR_EL1.UCI, which Linux does; tried once under the
 *            guard, so a kernel that does not says so instead of dying;
 *   riscv64  not offered: cbo.flush in user mode depends on the kernel
 *            enabling it (senvcfg.CBIE), and this build does not probe it. */
#include "arch.h"
#include "guard.h"

#if defined(__x86_64__)
static void flush_lines(const uint8_t *base, uint64_t n, uint64_t stride)
{
	/* the fence before: the flushes start once earlier loads are done,
	 * so a flush's time never overlaps them and the empty pass of
	 * flushes alone takes out exactly what the timed bodies spent on it */
	__asm__ volatile("mfence" ::: "memory");
	for (uint64_t i = 0; i < n; i++)
		__asm__ volatile("clflush (%0)" ::"r"(base + i * stride) : "memory");
	__asm__ volatile("mfence" ::: "memory");
}
#elif defined(__aarch64__)
static void flush_lines(const uint8_t *base, uint64_t n, uint64_t stride)
{
	__asm__ volatile("dsb sy" ::: "memory"); /* as on x86: no overlap with earlier loads */
	for (uint64_t i = 0; i < n; i++)
		__asm__ volatile("dc civac, %0" ::"r"(base + i * stride) : "memory");
	__asm__ volatile("dsb sy" ::: "memory");
}
#endif

#if defined(__x86_64__) || defined(__aarch64__)
static void try_flush(void *arg)
{
	static uint64_t line[8] __attribute__((aligned(64)));
	(void)arg;
	flush_lines((const uint8_t *)line, 1, 64);
}

bm_lines_flush_fn arch_lines_flush(const char **why)
{
	struct bm_trap t;
	if (bm_guard(try_flush, NULL, &t)) {
		*why = "the line flush (CLFLUSH / DC CIVAC) traps in user mode here";
		return NULL;
	}
	return flush_lines;
}
#else
bm_lines_flush_fn arch_lines_flush(const char **why)
{
	*why = "the riscv64 Linux build does not flush lines: cbo.flush in user mode depends on the kernel "
	       "(senvcfg.CBIE) and is not probed";
	return NULL;
}
#endif
