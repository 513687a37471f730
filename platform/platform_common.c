#include <string.h>

#include "platform.h"

void platform_defaults(struct bm_board *b)
{
	const struct bm_platform *p = platform_get();
	memset(b, 0, sizeof(*b));
	b->source = "defaults";
	b->uart = p->uart;
	b->timebase_hz = p->timebase_hz;
	b->nmem = 1;
	b->mem[0] = p->ram;
	b->ncpus = 0;
}
