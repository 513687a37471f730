/* The second list of .bm_reloc (reloc_late.h). The entry code moves the
 * first: some 1,650 pointers of the riscv64 image. The table's kernels,
 * forms, grids and body tables hold over 23,000 more, and on a core's
 * RTL most are a cache miss to testbench memory: moving them all at
 * entry cost the C906's RTL 1.15 M cycles before its first console
 * byte, in every run, most of which never run the table (issue 45). */
#include "reloc_late.h"

#include <stdbool.h>

/* linker script and start.S; absent in the Linux build (weak: null) */
extern const uint32_t __bm_reloc[] __attribute__((weak));
extern char _start[] __attribute__((weak));

void reloc_late(uint64_t delta)
{
	static bool done;
	if (done || !delta || !__bm_reloc || !_start)
		return;
	done = true;
	const uint32_t *late = __bm_reloc + 1 + __bm_reloc[0];
	for (uint32_t i = 0; i < late[0]; i++)
		*(uint64_t *)(void *)(_start + late[1 + i]) += delta;
}
