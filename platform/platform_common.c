#include <stddef.h>
#include <string.h>

#include "platform.h"

extern const struct bm_platform __start_bm_platforms[], __stop_bm_platforms[];

const struct bm_platform *platform_get(void)
{
	/* The build links exactly one platform file into an image. */
	return __start_bm_platforms;
}

const void *platform_dtb_unpassed(const struct bm_platform *p)
{
	if (!p->dtb_unpassed)
		return NULL;
	/* 0xd00dfeed, big-endian (devicetree spec 5.2), read as bytes: the
	 * MMU may be off, an aligned word or bytes are all we may read */
	const volatile uint8_t *m = (const volatile uint8_t *)(uintptr_t)p->dtb_unpassed;
	return m[0] == 0xd0 && m[1] == 0x0d && m[2] == 0xfe && m[3] == 0xed ? (const void *)(uintptr_t)m : NULL;
}

void platform_defaults(const struct bm_platform *p, struct bm_board *b)
{
	memset(b, 0, offsetof(struct bm_board, cpus)); /* cpus: see board.h */
	b->source = "defaults";
	b->uart = p->uart;
	b->timebase_hz = p->timebase_hz;
	b->nmem = 1;
	b->mem[0] = p->ram;
	if (p->psci_method)
		strncpy(b->psci_method, p->psci_method, sizeof(b->psci_method) - 1);
}

const char *platform_fill_gaps(const struct bm_platform *p, struct bm_board *b)
{
	static char note[96];
	note[0] = '\0';
	/* Only for the UART the platform knows, not any UART. */
	if (b->uart.kind != BM_UART_NONE && !b->uart.clock_hz && p->uart_clock_hz && b->uart.base == p->uart.base) {
		b->uart.clock_hz = p->uart_clock_hz;
		strcat(note, "uart clock");
	}
	if (!b->psci_method[0] && p->psci_method) {
		strncpy(b->psci_method, p->psci_method, sizeof(b->psci_method) - 1);
		strcat(note, note[0] ? ", psci conduit" : "psci conduit");
	}
	return note;
}
