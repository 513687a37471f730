/* Identity-mapped stage 1 translation at EL1 or EL2, 4 KiB granule, 39-bit
 * addresses (T0SZ = 25, lookup from level 1): 1 GiB blocks, or 2 MiB
 * blocks in a level-2 table where a GiB holds both memory and devices.
 * Descriptor and register layouts from the Arm Architecture Reference
 * Manual (DDI 0487): D8.3 descriptors, D17 TCR_EL1/TCR_EL2, MAIR, SCTLR.
 * Everything here runs before or while the MMU comes on, so it uses no
 * library calls and only aligned accesses. */
#include "mmu.h"

#include <stddef.h>

#include "noinit.h"
#include "sysreg.h"

#define GIB (1ull << 30)
#define MIB2 (2ull << 20)
#define ENTRIES 512
#define MAX_L2 16

/* MAIR attribute indices: 0 Device-nGnRE (0x04), 1 Normal WB RW-allocate. */
#define MAIR_VALUE 0xff04ull
#define ATTR_DEVICE (0ull << 2)
#define ATTR_NORMAL (1ull << 2)
#define DESC_BLOCK 1ull
#define DESC_TABLE 3ull
#define DESC_AF (1ull << 10)
#define DESC_SH_INNER (3ull << 8)
#define DESC_XN (1ull << 54) /* UXN at EL1, XN at EL2 */
#define DESC_PXN (1ull << 53) /* EL1 only; RES0 at EL2 */

/* The small-page window (mmu_small_pages): 64 MiB of virtual addresses
 * at 511 GiB, the last GiB of the 39-bit space, mapped in 4 KiB pages
 * onto whatever memory the TLB kernel hands over. */
#define WINDOW_GI 511u
#define WINDOW_BYTES (64ull << 20)
#define PAGE 4096ull
#define DESC_PAGE 3ull /* level 3 */

struct tables {
	uint64_t l1[ENTRIES];
	uint64_t l2[MAX_L2][ENTRIES];
	int nl2;
};

/* tables_reset writes a level-1 table whole, map_normal each level-2
 * table it takes: not cleared at entry (136 KB) */
static struct tables early BM_NOINIT __attribute__((aligned(4096)));
static struct tables final BM_NOINIT __attribute__((aligned(4096)));
static unsigned pa_bits;
static uint64_t window_l2[ENTRIES] __attribute__((aligned(4096)));
/* written whole before a table points at it: not cleared at entry */
static uint64_t window_l3[WINDOW_BYTES / MIB2][ENTRIES] BM_NOINIT __attribute__((aligned(4096)));
static const char *window_why = "the final page tables are not built yet";

void dcache_inval_range(uint64_t start, uint64_t end);
/* linker/aarch64.ld: the end of what start.S clears, and the boot stack */
extern char _edata[], __bss_start[], __bss_end[], __stacks_start[];

static uint64_t device_desc(uint64_t pa)
{
	return pa | DESC_BLOCK | DESC_AF | ATTR_DEVICE | DESC_XN | (arm64_el == 1 ? DESC_PXN : 0);
}

static uint64_t normal_desc(uint64_t pa)
{
	return pa | DESC_BLOCK | DESC_AF | ATTR_NORMAL | DESC_SH_INNER;
}

static unsigned l1_entries(void)
{
	/* Do not describe addresses the core cannot output. */
	return pa_bits >= 39 ? ENTRIES : 1u << (pa_bits - 30);
}

static void tables_reset(struct tables *t)
{
	for (unsigned i = 0; i < ENTRIES; i++)
		t->l1[i] = i < l1_entries() ? device_desc((uint64_t)i * GIB) : 0;
	t->nl2 = 0;
}

/* Marks [start, end) Normal, in 2 MiB steps (1 GiB where a whole GiB is
 * covered). Returns 0, or -1 when out of level-2 tables. */
static int map_normal(struct tables *t, uint64_t start, uint64_t end)
{
	for (uint64_t a = start & ~(MIB2 - 1); a < end; a += MIB2) {
		uint64_t gi = a / GIB;
		if (gi >= l1_entries())
			return 0; /* beyond our address space: left unmapped */
		uint64_t d = t->l1[gi];
		if ((a & (GIB - 1)) == 0 && end - a >= GIB && (d & 3) != DESC_TABLE) {
			t->l1[gi] = normal_desc(a);
			a += GIB - MIB2;
			continue;
		}
		if ((d & 3) != DESC_TABLE) {
			if (t->nl2 == MAX_L2)
				return -1;
			uint64_t *l2 = t->l2[t->nl2++];
			/* A GiB split for the first time keeps its old kind. */
			int was_normal = (d & (7ull << 2)) == ATTR_NORMAL;
			for (unsigned k = 0; k < ENTRIES; k++) {
				uint64_t pa = gi * GIB + (uint64_t)k * MIB2;
				l2[k] = was_normal ? normal_desc(pa) : device_desc(pa);
			}
			t->l1[gi] = (uint64_t)(uintptr_t)l2 | DESC_TABLE;
		}
		uint64_t *l2 = (uint64_t *)(uintptr_t)(t->l1[gi] & ~0xfffull);
		l2[(a & (GIB - 1)) / MIB2] = normal_desc(a);
	}
	return 0;
}

static uint64_t tcr_value(void)
{
	uint64_t parange = read_sysreg(id_aa64mmfr0_el1) & 0xf;
	if (parange > 5)
		parange = 5; /* 48 bits is plenty for an identity map */
	/* T0SZ 25 | IRGN0/ORGN0 write-back write-allocate | SH0 inner | TG0 4K */
	uint64_t common = 25 | (1ull << 8) | (1ull << 10) | (3ull << 12);
	if (arm64_el == 2)
		return common | (parange << 16) | (1ull << 23) | (1ull << 31); /* PS, RES1 bits */
	return common | (1ull << 23) /* EPD1: no TTBR1 walks */ | (parange << 32);
}

/* Inner-shareable: every core's TLB, since the small-page window is
 * shared and another core may have walked it (harmless before the
 * secondaries are up). */
static void tlb_flush(void)
{
	dsb(ishst);
	if (arm64_el == 2)
		__asm__ volatile("tlbi alle2is" ::: "memory");
	else
		__asm__ volatile("tlbi vmalle1is" ::: "memory");
	dsb(ish);
	isb();
}

static unsigned parange_bits(void)
{
	static const unsigned bits[] = {32, 36, 40, 42, 44, 48, 52};
	uint64_t r = read_sysreg(id_aa64mmfr0_el1) & 0xf;
	return r < 7 ? bits[r] : 48;
}

void mmu_early(uint64_t img_start, uint64_t img_end, uint64_t dtb, bool moved)
{
	pa_bits = parange_bits();
	tables_reset(&early);
	map_normal(&early, img_start, img_end);
	if (dtb)
		map_normal(&early, dtb, dtb + MIB2);
	/* Our writes went to memory with the caches off: the relocation (if
	 * the image moved), .bss, the boot stack, the early tables. Make sure
	 * no stale line shadows them once the caches are on. Not the rest:
	 * the loaded image as firmware cleaned it to the point of coherency
	 * (a clean line there holds what memory does), and .noinit, which is
	 * written only with the caches on. Its 2.2 MB line by line were
	 * 264,000 of a one-kernel run's first 490,000 instructions under
	 * QEMU, the image's 700 KB 80,000 more (a core's RTL pays for each,
	 * issue 30). */
	if (moved)
		dcache_inval_range(img_start, (uint64_t)(uintptr_t)_edata);
	dcache_inval_range((uint64_t)(uintptr_t)__bss_start, (uint64_t)(uintptr_t)__bss_end);
	dcache_inval_range((uint64_t)(uintptr_t)__stacks_start, img_end);
	/* these tables, in .noinit: their level-1 table, the level-2 ones in
	 * use, and their count */
	dcache_inval_range((uint64_t)(uintptr_t)&early, (uint64_t)(uintptr_t)&early.l2[early.nl2]);
	dcache_inval_range((uint64_t)(uintptr_t)&early.nl2, (uint64_t)(uintptr_t)(&early.nl2 + 1));

	write_el(mair, MAIR_VALUE);
	write_el(tcr, tcr_value());
	write_el(ttbr0, (uint64_t)(uintptr_t)early.l1);
	isb();
	tlb_flush();
	__asm__ volatile("ic iallu" ::: "memory");
	dsb(ish);
	isb();
	uint64_t sctlr = read_el(sctlr);
	sctlr |= SCTLR_M | SCTLR_C | SCTLR_I;
	sctlr &= ~(uint64_t)(SCTLR_A | SCTLR_WXN); /* WXN would make our writable image unexecutable */
	write_el(sctlr, sctlr);
	isb();
}

int mmu_final(const struct bm_board *b, uint64_t img_start, uint64_t img_end)
{
	tables_reset(&final);
	int mapped = 0;
	window_why = NULL;
	for (int i = 0; i < b->nmem; i++) {
		if (map_normal(&final, b->mem[i].base, b->mem[i].base + b->mem[i].size) == 0)
			mapped++;
		if (b->mem[i].base + b->mem[i].size > (uint64_t)WINDOW_GI * GIB)
			window_why = "memory reaches the small-page window at 511 GiB (arch/arm64/mmu.c)";
	}
	/* The image is RAM whatever the tree says. */
	map_normal(&final, img_start, img_end);
	/* The tables were written through the cache, and walks are
	 * cacheable (IRGN/ORGN write-back): switching is enough. */
	dsb(ish);
	write_el(ttbr0, (uint64_t)(uintptr_t)final.l1);
	isb();
	tlb_flush();
	return mapped;
}

/* A secondary core: the primary's final tables and registers, caches on.
 * Runs with this core's MMU off (C code built -mstrict-align for this). */
void mmu_secondary(void)
{
	write_el(mair, MAIR_VALUE);
	write_el(tcr, tcr_value());
	write_el(ttbr0, (uint64_t)(uintptr_t)final.l1);
	isb();
	if (arm64_el == 2)
		__asm__ volatile("tlbi alle2" ::: "memory");
	else
		__asm__ volatile("tlbi vmalle1" ::: "memory");
	dsb(nsh);
	__asm__ volatile("ic iallu" ::: "memory");
	dsb(nsh);
	isb();
	uint64_t sctlr = read_el(sctlr);
	sctlr |= SCTLR_M | SCTLR_C | SCTLR_I;
	sctlr &= ~(uint64_t)(SCTLR_A | SCTLR_WXN);
	write_el(sctlr, sctlr);
	isb();
}

const char *mmu_small_pages_missing(void)
{
	return window_why;
}

/* Break before make (DDI 0487 D8.14): the window's level-1 entry is
 * invalidated and every TLB flushed before the new pages go in, so no
 * core can hold a stale translation. Nothing touches the window while
 * this runs. */
void *mmu_small_pages(uint64_t pa, uint64_t bytes, const char **why)
{
	if (window_why) {
		*why = window_why;
		return NULL;
	}
	if (bytes > WINDOW_BYTES || (pa & (PAGE - 1))) {
		*why = "the TLB kernel's buffer is over 64 MiB or not 4 KiB aligned: the small-page window cannot show it";
		return NULL;
	}
	final.l1[WINDOW_GI] = 0;
	tlb_flush();
	uint64_t pages = (bytes + PAGE - 1) / PAGE;
	for (uint64_t t = 0; t < WINDOW_BYTES / MIB2; t++) {
		for (uint64_t k = 0; k < ENTRIES; k++) {
			uint64_t page = t * ENTRIES + k;
			window_l3[t][k] = page < pages ? (pa + page * PAGE) | DESC_PAGE | DESC_AF | ATTR_NORMAL | DESC_SH_INNER |
								 DESC_XN | (arm64_el == 1 ? DESC_PXN : 0)
						       : 0;
		}
		window_l2[t] = (uint64_t)(uintptr_t)window_l3[t] | DESC_TABLE;
	}
	/* The tables were written through the cache, and walks are cacheable. */
	dsb(ishst);
	final.l1[WINDOW_GI] = (uint64_t)(uintptr_t)window_l2 | DESC_TABLE;
	dsb(ish);
	isb();
	return (void *)(uintptr_t)((uint64_t)WINDOW_GI * GIB);
}
