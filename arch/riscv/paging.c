/* The TLB kernel's 4 KiB pages on RISC-V. The image runs untranslated
 * (satp Bare); for cache.tlb.lat alone, the measuring hart turns on Sv39
 * (RISC-V privileged spec 1.12, section 4.4: satp MODE 8, three levels
 * of 512 entries, PTE bits V R W X U G A D, PPN from bit 10) with:
 *   - every GiB below 255 GiB mapped to itself by one gigapage (R W X,
 *     A and D set so no hardware update or fault is needed; memory types
 *     from the platform's PMAs, PBMT 0), so code, stack, console and
 *     trap handling work unchanged;
 *   - a 64 MiB window at 255 GiB in 4 KiB pages onto the kernel's buffer.
 * arch_small_pages_end() turns translation off again after the kernel,
 * so every other kernel runs as before. The satp write is read back: a
 * hart without Sv39 ignores it (the spec's rule for an unsupported MODE).
 * Not on T-Head C9xx harts: with their MAEE attributes on, PTE bits 63:59
 * choose cacheability (Linux sets them in its T-Head errata code), which
 * this image does not; the kernel is skipped there with that reason. */
#include <stddef.h>

#include "arch.h"
#include "features.h"
#include "noinit.h"
#include "point_path.h"

#define GIB (1ull << 30)
#define PAGE 4096ull
#define ENTRIES 512
#define WINDOW_GI 255u
#define WINDOW_BYTES (64ull << 20)
#define WINDOW_TABLES (WINDOW_BYTES / (2ull << 20))

/* satp may hold the window's root (arch_small_pages_view was called and
 * arch_small_pages_end not yet) */
static bool translating;

#define PTE_V (1ull << 0)
#define PTE_R (1ull << 1)
#define PTE_W (1ull << 2)
#define PTE_X (1ull << 3)
#define PTE_G (1ull << 5)
#define PTE_A (1ull << 6)
#define PTE_D (1ull << 7)
#define SATP_SV39 (8ull << 60)

/* root and the leaf tables are written whole before satp points at them,
 * so they need no clearing at entry; window_l1 is only partly written and
 * stays in .bss. */
static uint64_t root[ENTRIES] BM_NOINIT __attribute__((aligned(4096)));
static uint64_t window_l1[ENTRIES] __attribute__((aligned(4096)));
static uint64_t window_l0[WINDOW_TABLES][ENTRIES] BM_NOINIT __attribute__((aligned(4096)));

static uint64_t pte(uint64_t pa, uint64_t flags)
{
	return (pa >> 12) << 10 | flags;
}

static uint64_t table(const void *next)
{
	return pte((uint64_t)(uintptr_t)next, PTE_V); /* R = W = X = 0: points to the next level */
}

const char *arch_small_pages(void)
{
	const struct bm_board *b = riscv_board();
	if (riscv_thead_core(riscv_self_cpu()))
		return "a T-Head core: its page attributes (MAEE, PTE bits 63:59) are not set up by this image, so the "
		       "image keeps translation off and there is no TLB to measure";
	for (int i = 0; b && i < b->nmem; i++)
		if (b->mem[i].base + b->mem[i].size > (uint64_t)WINDOW_GI * GIB)
			return "memory reaches the small-page window at 255 GiB (arch/riscv/paging.c)";
	return NULL;
}

void *arch_small_pages_view(void *buf, uint64_t bytes, const char **why)
{
	uint64_t pa = (uint64_t)(uintptr_t)buf;
	if ((*why = arch_small_pages()))
		return NULL;
	if (bytes > WINDOW_BYTES || (pa & (PAGE - 1))) {
		*why = "the TLB kernel's buffer is over 64 MiB or not 4 KiB aligned: the small-page window cannot show it";
		return NULL;
	}
	uint64_t pages = (bytes + PAGE - 1) / PAGE, tables = (pages + ENTRIES - 1) / ENTRIES;
	for (unsigned g = 0; g < ENTRIES; g++)
		root[g] = g < WINDOW_GI ? pte((uint64_t)g * GIB, PTE_V | PTE_R | PTE_W | PTE_X | PTE_G | PTE_A | PTE_D) : 0;
	/* only the leaf tables the buffer needs; the window's other 2 MiB
	 * entries invalid (writing all 32 tables cost each point of the TLB
	 * sweep 150,000 instructions, most of it on a simulated core) */
	for (uint64_t t = 0; t < WINDOW_TABLES; t++) {
		window_l1[t] = t < tables ? table(window_l0[t]) : 0;
		for (uint64_t k = 0; t < tables && k < ENTRIES; k++) {
			uint64_t page = t * ENTRIES + k;
			window_l0[t][k] = page < pages ? pte(pa + page * PAGE, PTE_V | PTE_R | PTE_W | PTE_G | PTE_A | PTE_D) : 0;
		}
	}
	root[WINDOW_GI] = table(window_l1);
	uint64_t want = SATP_SV39 | (uint64_t)(uintptr_t)root >> 12, got;
	translating = true; /* from here satp may hold the window's root */
	/* The tables' stores before any walk; no stale translation after. */
	__asm__ volatile("sfence.vma zero, zero\n\tcsrw satp, %1\n\tsfence.vma zero, zero\n\tcsrr %0, satp"
			 : "=r"(got)
			 : "r"(want)
			 : "memory");
	if (got != want) {
		arch_small_pages_end();
		*why = "this hart has no Sv39 (the satp write did not take)";
		return NULL;
	}
	return (void *)(uintptr_t)((uint64_t)WINDOW_GI * GIB);
}

int arch_tlb_flush_kind(const char **why)
{
	return (*why = arch_small_pages()) ? 0 : 1;
}

BM_POINT_PATH void arch_small_pages_end(void)
{
	/* Only after a view: the harness calls this after every point, and
	 * on the C906's RTL the satp write and sfence.vma empty the
	 * instruction cache, so the next point fetched its whole code path
	 * from memory (a 64-line function run after them missed 33 times,
	 * the prefetcher bringing each other line, and 0-2 times without
	 * them; issue 45) */
	if (!translating)
		return;
	translating = false;
	__asm__ volatile("csrw satp, zero\n\tsfence.vma zero, zero" ::: "memory");
}
