/* Register offsets and bits from the National Semiconductor PC16550D data
 * sheet: THR/DLL = 0, IER/DLM = 1, LCR = 3 (bit 7 DLAB), LSR = 5 (bit 5
 * THRE, bit 6 TEMT), baud = clock / (16 * divisor). The DesignWare and
 * XScale parts keep the same map; XScale adds IER bit 6, UART Unit Enable
 * (Intel PXA27x developer's manual, IER; Linux 8250 UART_IER_UUE). */
#include "ns16550.h"

#include "burst.h"
#include "point_path.h"

/* Every register access goes through these two; the host test of the
 * write loop (tests/host/test_uart.c) defines them to watch each one. */
#ifndef NS16550_LOAD
#define NS16550_LOAD(W, a) (*(volatile W *)(a))
#define NS16550_STORE(W, a, v) (*(volatile W *)(a) = (W)(v))
#endif

#define REG_THR 0
#define REG_DLL 0
#define REG_IER 1
#define REG_DLM 1
#define REG_IIR 2
#define REG_LCR 3
#define REG_LSR 5
#define LSR_THRE 0x20
#define LSR_TEMT 0x40
#define LCR_DLAB 0x80
#define IER_UUE 0x40
#define IER_PTIME 0x80 /* DesignWare: programmable THRE interrupt mode */
#define IIR_FIFOS 0xc0 /* both set: FIFOs enabled (16550A) */
/* The 16550A's transmit FIFO; DesignWare and XScale parts have at least
 * as much. */
#define TX_FIFO 16
/* At 9600 baud a byte takes ~1 ms; a register read takes well under a
 * microsecond, so this many polls means the UART is not draining. */
#define THRE_POLLS 4000000u

static uint32_t rd(const struct ns16550 *u, unsigned reg)
{
	uintptr_t a = u->base + ((uintptr_t)reg << u->shift);
	if (u->width == 4)
		return NS16550_LOAD(uint32_t, a);
	return NS16550_LOAD(uint8_t, a);
}

static void wr(const struct ns16550 *u, unsigned reg, uint32_t v)
{
	uintptr_t a = u->base + ((uintptr_t)reg << u->shift);
	if (u->width == 4)
		NS16550_STORE(uint32_t, a, v);
	else
		NS16550_STORE(uint8_t, a, (uint8_t)v);
}

void ns16550_setup(struct ns16550 *u, const struct bm_uart_desc *d)
{
	u->base = (uintptr_t)d->base;
	u->shift = d->reg_shift;
	u->width = d->reg_width;
	u->fifo = false;
}

void ns16550_detect_fifo(struct ns16550 *u)
{
	/* Reading IIR only clears a pending THRE interrupt indication, and
	 * interrupts are off. */
	u->fifo = (rd(u, REG_IIR) & IIR_FIFOS) == IIR_FIFOS && !(rd(u, REG_IER) & IER_PTIME);
}

uint32_t ns16550_lsr(const struct ns16550 *u)
{
	return rd(u, REG_LSR);
}

/* a byte to THR: UART_WRITE_BURST's PUT */
#define THR_PUT(c) NS16550_STORE(W_, thr, (c))

BM_POINT_PATH size_t ns16550_write(const struct ns16550 *u, const char *s, size_t n)
{
	uintptr_t lsr = u->base + ((uintptr_t)REG_LSR << u->shift), thr = u->base + ((uintptr_t)REG_THR << u->shift);
	/* THRE: the FIFO (or, without one, the holding register) is empty */
	size_t burst = u->fifo ? TX_FIFO : 1;
	/* the register width chosen once, outside the loop */
	if (u->width == 4) {
#define W_ uint32_t
		return UART_WRITE_BURST(NS16550_LOAD(W_, lsr) & LSR_THRE, THR_PUT, s, n, burst, THRE_POLLS);
#undef W_
	}
#define W_ uint8_t
	return UART_WRITE_BURST(NS16550_LOAD(W_, lsr) & LSR_THRE, THR_PUT, s, n, burst, THRE_POLLS);
#undef W_
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
