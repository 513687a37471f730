/* A target's defaults and quirks: what the device tree cannot say. One
 * small file per target under platform/<target>/ provides platform_get(). */
#ifndef BM_PLATFORM_H
#define BM_PLATFORM_H
#include <stdint.h>
#include "board.h"

struct bm_platform {
	const char *name;
	/* Used only when there is no readable device tree. */
	struct bm_uart_desc uart;
	uint64_t timebase_hz;
	struct bm_range ram;
	/* Largest cache to assume for the working-set sweep's upper end when
	 * the tree has no cache nodes (the sweep goes to 4x this). */
	uint64_t sweep_cache_bytes;
};

const struct bm_platform *platform_get(void);
/* Fills a board description with the platform's defaults. */
void platform_defaults(struct bm_board *b);
#endif
