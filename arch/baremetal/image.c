/* What every bare-metal image (riscv64, arm64) answers the same way:
 * where the image lies (linker script symbols), that only the device
 * tree or the platform can describe the board, that counted cycles need
 * no re-calibration. */
#include <string.h>

#include "arch.h"
#include "point_path.h"

extern char _start_image[], _end[];

void arch_image_range(uint64_t *start, uint64_t *end)
{
	*start = (uint64_t)(uintptr_t)_start_image;
	*end = (uint64_t)(uintptr_t)_end;
}

bool arch_describe_board(struct bm_board *b)
{
	(void)b; /* bare metal: only the device tree or the platform knows */
	return false;
}

BM_POINT_PATH void arch_counters_settle(void)
{
	/* cycles are counted, not estimated: nothing drifts */
}
