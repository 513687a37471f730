/* Register offsets and bits from the National Semiconductor PC16550D data
 * sheet: THR = 0, LSR = 5, LSR bit 5 = THRE (transmit holding register
 * empty). The DesignWare and XScale parts keep the same map. */
#include "ns16550.h"

#define REG_THR 0
#define REG_LSR 5
#define LSR_THRE 0x20
/* At 9600 baud a byte takes ~1 ms; a register read takes well under a
 * microsecond, so this many polls means the UART is not draining. */
#define THRE_POLLS 4000000u

static uint32_t rd(const struct ns16550 *u, unsigned reg)
{
	uintptr_t a = u->base + ((uintptr_t)reg << u->shift);
	if (u->width == 4)
		return *(volatile uint32_t *)a;
	return *(volatile uint8_t *)a;
}

static void wr(const struct ns16550 *u, unsigned reg, uint32_t v)
{
	uintptr_t a = u->base + ((uintptr_t)reg << u->shift);
	if (u->width == 4)
		*(volatile uint32_t *)a = v;
	else
		*(volatile uint8_t *)a = (uint8_t)v;
}

void ns16550_setup(struct ns16550 *u, const struct bm_uart_desc *d)
{
	u->base = (uintptr_t)d->base;
	u->shift = d->reg_shift;
	u->width = d->reg_width;
}

uint32_t ns16550_lsr(const struct ns16550 *u)
{
	return rd(u, REG_LSR);
}

bool ns16550_putc(const struct ns16550 *u, char c)
{
	for (unsigned i = 0; i < THRE_POLLS; i++) {
		if (rd(u, REG_LSR) & LSR_THRE) {
			wr(u, REG_THR, (uint8_t)c);
			return true;
		}
	}
	return false;
}
