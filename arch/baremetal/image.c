/* What every bare-metal image (riscv64, arm64) answers the same way:
 * where the image lies (linker script symbols), that only the device
 * tree or the platform can describe the board, and the optional features
 * both base ISAs always have. */
#include <string.h>

#include "arch.h"

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

bool arch_has_feature(const char *name)
{
	/* rv64gc has fmadd.d (D extension); Armv8-A has FMADD. */
	return strcmp(name, "fma") == 0;
}
