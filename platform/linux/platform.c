/* The Linux build: the board is the process (mmap'd memory, stdout),
 * described by arch/linux; nothing to default here. */
#include "platform.h"

BM_PLATFORM(linux) = {
	.name = "linux",
	.sweep_cache_bytes = 8u << 20, /* when sysfs describes no cache */
};
