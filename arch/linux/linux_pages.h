/* The Linux build's pages (pages.c): the arena in 2 MiB pages where the
 * kernel gives them, the TLB kernel's buffers in 4 KiB pages. */
#ifndef BM_LINUX_PAGES_H
#define BM_LINUX_PAGES_H
#include <stdint.h>

struct rec;
/* Maps `bytes` of arena on a 2 MiB boundary, asks for huge pages and
 * touches it all; NULL if the mapping failed. */
void *linux_arena_map(uint64_t bytes);
/* The core record's "pages" object: what the sweeps and the TLB kernel got. */
void linux_pages_fields(struct rec *r);
#endif
