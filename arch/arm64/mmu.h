#ifndef BM_ARM64_MMU_H
#define BM_ARM64_MMU_H
#include <stdbool.h>
#include <stdint.h>
#include "board.h"
/* Before the device tree is read: Normal memory only for the image and
 * the 2 MiB around the DTB, Device everywhere else; MMU and caches on.
 * `moved`: start.S relocated the image (wrote into it, caches off). */
void mmu_early(uint64_t img_start, uint64_t img_end, uint64_t dtb, bool moved);
/* With the board known: every memory range Normal write-back, inner
 * shareable; everything else Device-nGnRE, never executable. Returns
 * how many ranges were mapped. */
int mmu_final(const struct bm_board *b, uint64_t img_start, uint64_t img_end);
/* On a secondary core, before any C code that needs cached memory. */
void mmu_secondary(void);
/* The TLB kernel's view of [pa, pa + bytes) through 4 KiB pages, in a
 * 64 MiB window of virtual addresses that no memory uses (RAM itself
 * stays in 2 MiB and 1 GiB blocks, so that no other kernel meets the
 * TLB). Each call replaces the last mapping. NULL with the reason when
 * it cannot; mmu_small_pages_missing() says in advance. */
void *mmu_small_pages(uint64_t pa, uint64_t bytes, const char **why);
const char *mmu_small_pages_missing(void);
#endif
