/* The transmit side of three UARTs, as data. Offsets are from the
 * device tree's reg (translated through the buses' ranges: the Pi's
 * mini UART is 0x7e215040 on the VideoCore bus, 0x3f215040 and
 * 0xfe215040 for the Arm cores of the BCM2837 and BCM2711).
 *
 * BCM2835 auxiliary mini UART: BCM2835 ARM Peripherals (Broadcom, 2012),
 * section 2.2, AUX_MU_IO_REG at 0x7e215040 (the tree's reg) and
 * AUX_MU_LSR_REG 0x14 above it; LSR bit 6, "transmitter idle", is set when
 * the 8-byte transmit FIFO is empty (bit 5 only says one byte fits).
 * Linux drives it as an 8250 with reg-shift 2 (8250_bcm2835aux.c), but its
 * LSR is not a 16550's: the 16550 driver would take bit 5 for an empty
 * 16-byte FIFO.
 *
 * NXP i.MX UART: i.MX 8M Plus Applications Processor Reference Manual
 * (IMX8MPRM), UART chapter: UTXD (transmitter register) at 0x40, UTS (test
 * register) at 0xb4 with TXEMPTY at bit 6 (the 32-entry transmit FIFO is
 * empty) and TXFULL at bit 4. The same block from the i.MX21 on
 * (fsl,imx21-uart, fsl,imx6q-uart, fsl,imx8mp-uart).
 *
 * SiFive UART: SiFive FU540-C000 Manual v1.0, chapter 13: txdata at 0x00,
 * whose bit 31 reads "full" (a write while it is set is dropped); its
 * 8-entry FIFO has no "empty" bit, so one byte is written a poll. */
#include "statusreg.h"

#include "burst.h"

/* Every register access goes through these two; the host test of the
 * write loop (tests/host/test_uart.c) defines them to watch each one. */
#ifndef STATUSREG_LOAD
#define STATUSREG_LOAD(a) (*(volatile uint32_t *)(a))
#define STATUSREG_STORE(a, v) (*(volatile uint32_t *)(a) = (uint32_t)(v))
#endif

struct statusreg_layout {
	const char *name;
	uint32_t data, status; /* register offsets */
	uint32_t mask;         /* the status bit */
	bool ready_when_set;   /* ready: the bit set (an empty FIFO), or clear (not full) */
	unsigned fifo;         /* bytes a poll may write when ready (uart/burst.h) */
};

static const struct statusreg_layout layouts[] = {
	[BM_UART_BCM2835_AUX] = {"bcm2835-aux", 0x00, 0x14, 1u << 6, true, 8},
	[BM_UART_IMX] = {"imx", 0x40, 0xb4, 1u << 6, true, 32},
	[BM_UART_SIFIVE] = {"sifive", 0x00, 0x00, 1u << 31, false, 1},
};
/* ns16550.c's reasoning: far longer than one byte at any rate in use */
#define READY_POLLS 4000000u

const struct statusreg_layout *statusreg_layout(enum bm_uart_kind kind)
{
	if ((unsigned)kind >= sizeof(layouts) / sizeof(layouts[0]) || !layouts[kind].name)
		return NULL;
	return &layouts[kind];
}

const char *statusreg_name(enum bm_uart_kind kind)
{
	const struct statusreg_layout *l = statusreg_layout(kind);
	return l ? l->name : "?";
}

void statusreg_setup(struct statusreg_uart *u, const struct bm_uart_desc *d)
{
	u->base = (uintptr_t)d->base;
	u->l = statusreg_layout(d->kind);
}

uint32_t statusreg_status(const struct statusreg_uart *u)
{
	return STATUSREG_LOAD(u->base + u->l->status);
}

size_t statusreg_write(const struct statusreg_uart *u, const char *s, size_t n)
{
	const struct statusreg_layout *l = u->l;
	uintptr_t st = u->base + l->status, dr = u->base + l->data;
	uint32_t mask = l->mask, want = l->ready_when_set ? l->mask : 0;
#define DR_PUT(c) STATUSREG_STORE(dr, (c))
	return UART_WRITE_BURST((STATUSREG_LOAD(st) & mask) == want, DR_PUT, s, n, l->fifo, READY_POLLS);
#undef DR_PUT
}
