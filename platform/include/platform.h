/* A target's defaults and quirks: what the device tree cannot say. One
 * small file per target under platform/<target>/ declares its struct with
 * BM_PLATFORM(); the image links exactly one, the host tool links all. */
#ifndef BM_PLATFORM_H
#define BM_PLATFORM_H
#include <stdint.h>
#include "arch.h"
#include "board.h"


struct bm_platform {
	const char *name;
	/* Root-node compatible strings this platform is for (inspect). */
	const char *root_compatible[4];
	/* Used only when there is no readable device tree. */
	struct bm_uart_desc uart;
	uint64_t timebase_hz;
	struct bm_range ram;
	/* Filled in when the tree leaves it out: the UART's input clock (for
	 * baremark.baud) when the tree gives only a clocks phandle, and the
	 * PSCI conduit. */
	uint32_t uart_clock_hz;
	const char *psci_method;
	/* Largest cache to assume for the working-set sweep's upper end when
	 * the tree has no cache nodes (the sweep goes to 4x this). */
	uint64_t sweep_cache_bytes;
	struct bm_raw_event raw_events[BM_MAX_RAW_EVENTS];
	/* Where a tree lies when firmware passes none (0: nowhere known). */
	uint64_t dtb_unpassed;
};

#define BM_PLATFORM(id) \
	const struct bm_platform bm_platform_##id __attribute__((used, section("bm_platforms"), aligned(8)))

/* The image's own platform (the one in its bm_platforms section). */
const struct bm_platform *platform_get(void);
/* The tree at p->dtb_unpassed when it starts with the FDT magic, else
 * NULL: for an entry with no tree pointer (arm64 x0 = 0). */
const void *platform_dtb_unpassed(const struct bm_platform *p);
/* Fills a board description with the platform's defaults. */
void platform_defaults(const struct bm_platform *p, struct bm_board *b);
/* After the tree was read: fills what it left out and the platform
 * knows. Returns a short note of what was filled ("" if nothing). */
const char *platform_fill_gaps(const struct bm_platform *p, struct bm_board *b);
#endif
