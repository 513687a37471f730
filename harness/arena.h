#ifndef BM_ARENA_H
#define BM_ARENA_H
#include <stdint.h>
#include "board.h"
/* Free RAM above the image: the memory range holding the image, minus the
 * DTB and every reserved range. Returns false (with *why) if none. */
bool arena_init(const struct bm_board *b, uint64_t img_start, uint64_t img_end, const char **why);
uint64_t arena_mark(void);
void arena_release(uint64_t mark);
#endif
