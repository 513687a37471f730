/* Register offsets and bits from the National Semiconductor PC16550D data
 * sheet: THR/DLL = 0, IER/DLM = 1, LCR = 3 (bit 7 DLAB), LSR = 5 (bit 5
 * THRE, bit 6 TEMT), baud = clock / (16 * divisor). The DesignWare and
 * XScale parts keep the same map; XScale adds IER bit 6, UART Unit Enable
 * (Intel PXA27x developer's manual, IER; Linux 8250 UART_IER_UUE). */
#include "ns16550.h"

#define REG_THR 0
#define REG_DLL 0
#define REG_IER 1
#define REG_DLM 1
#define REG_LCR 3
#define REG_LSR 5
#define LSR_THRE 0x20
#define LSR_TEMT 0x40
#define LCR_DLAB 0x80
#define IER_UUE 0x40
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

void ns16550_unit_enable(const struct ns16550 *u)
{
	uint32_t ier = rd(u, REG_IER);
	if (!(ier & IER_UUE))
		wr(u, REG_IER, ier | IER_UUE);
}

uint32_t ns16550_divisor(uint32_t clock_hz, uint32_t baud)
{
	if (!baud)
		return 0;
	uint64_t d = ((uint64_t)clock_hz + 8ull * baud) / (16ull * baud);
	return d >= 1 && d <= 0xffff ? (uint32_t)d : 0;
}

uint32_t ns16550_set_divisor(const struct ns16550 *u, uint32_t divisor)
{
	/* The DesignWare UART ignores LCR writes while busy: drain first. */
	unsigned i = 0;
	while (!(rd(u, REG_LSR) & LSR_TEMT))
		if (++i == THRE_POLLS)
			return 0;
	uint32_t lcr = rd(u, REG_LCR) & 0xff;
	wr(u, REG_LCR, lcr | LCR_DLAB);
	wr(u, REG_DLL, divisor & 0xff);
	wr(u, REG_DLM, (divisor >> 8) & 0xff);
	uint32_t back = (rd(u, REG_DLL) & 0xff) | (rd(u, REG_DLM) & 0xff) << 8;
	wr(u, REG_LCR, lcr & ~(uint32_t)LCR_DLAB);
	return back;
}
