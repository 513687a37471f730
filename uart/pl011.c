/* Register map from the PrimeCell UART (PL011) Technical Reference Manual
 * (Arm DDI 0183), section 3.3: UARTDR at 0x000; UARTFR at 0x018 with TXFF
 * (transmit FIFO full) at bit 5 and TXFE (transmit FIFO empty; with the
 * FIFOs off, the holding register empty) at bit 7; UARTLCR_H at 0x02c with
 * FEN (FIFOs enabled) at bit 4. The transmit FIFO is 16 bytes deep up to
 * r1p4 (32 in r1p5). */
#include "pl011.h"

#include "burst.h"

/* Every register access goes through these two; the host test of the
 * write loop (tests/host/test_uart.c) defines them to watch each one. */
#ifndef PL011_LOAD
#define PL011_LOAD(a) (*(volatile uint32_t *)(a))
#define PL011_STORE(a, v) (*(volatile uint32_t *)(a) = (uint32_t)(v))
#endif

#define REG_DR 0x000
#define REG_FR 0x018
#define REG_LCR_H 0x02c
#define FR_TXFE (1u << 7)
#define LCR_H_FEN (1u << 4)
#define TX_FIFO 16
#define TXFE_POLLS 4000000u /* see ns16550.c: far longer than one byte */

void pl011_setup(struct pl011 *u, const struct bm_uart_desc *d)
{
	u->base = (uintptr_t)d->base;
	u->fifo = false;
}

void pl011_detect_fifo(struct pl011 *u)
{
	/* firmware's setting, kept: with the FIFOs off TXFE means room for
	 * one byte */
	u->fifo = (PL011_LOAD(u->base + REG_LCR_H) & LCR_H_FEN) != 0;
}

uint32_t pl011_flags(const struct pl011 *u)
{
	return PL011_LOAD(u->base + REG_FR);
}

size_t pl011_write(const struct pl011 *u, const char *s, size_t n)
{
	uintptr_t fr = u->base + REG_FR, dr = u->base + REG_DR;
#define DR_PUT(c) PL011_STORE(dr, (c))
	return UART_WRITE_BURST(PL011_LOAD(fr) & FR_TXFE, DR_PUT, s, n, u->fifo ? TX_FIFO : 1, TXFE_POLLS);
#undef DR_PUT
}
