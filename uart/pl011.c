/* Register map from the PrimeCell UART (PL011) Technical Reference Manual
 * (Arm DDI 0183), section 3.3: UARTDR at 0x000, UARTFR at 0x018 with
 * TXFF (transmit FIFO full) at bit 5. */
#include "pl011.h"

#define REG_DR 0x000
#define REG_FR 0x018
#define FR_TXFF (1u << 5)
#define TXFF_POLLS 4000000u /* see ns16550.c: far longer than one byte */

void pl011_setup(struct pl011 *u, const struct bm_uart_desc *d)
{
	u->base = (uintptr_t)d->base;
}

uint32_t pl011_flags(const struct pl011 *u)
{
	return *(volatile uint32_t *)(u->base + REG_FR);
}

static bool pl011_putc(const struct pl011 *u, char c)
{
	for (unsigned i = 0; i < TXFF_POLLS; i++) {
		if (!(pl011_flags(u) & FR_TXFF)) {
			*(volatile uint32_t *)(u->base + REG_DR) = (uint8_t)c;
			return true;
		}
	}
	return false;
}

size_t pl011_write(const struct pl011 *u, const char *s, size_t n)
{
	size_t sent = 0;
	for (; sent < n; sent++) {
		if (s[sent] == '\n' && !pl011_putc(u, '\r'))
			break;
		if (!pl011_putc(u, s[sent]))
			break;
	}
	return sent;
}

