/* The transmit side of the UARTs whose every byte is one write to a data
 * register after one status bit says there is room, as data: a row per
 * family, with its reference. Offsets are from the device tree's reg
 * (translated through the buses' ranges: the Pi's mini UART is 0x7e215040
 * on the VideoCore bus, 0x3f215040 and 0xfe215040 for the Arm cores of the
 * BCM2837 and BCM2711). Where a row's status bit means "the FIFO is
 * empty", `fifo` bytes go out a poll; where it means only "one more fits",
 * one. Each register is read or written at its own width.
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
 * 8-entry FIFO has no "empty" bit, so one byte is written a poll.
 *
 * Amlogic Meson UART (GX, G12, SM1 and the always-on "AO" UARTs): Linux
 * drivers/tty/serial/meson_uart.c: AML_UART_WFIFO at 0x00, AML_UART_STATUS
 * at 0x0c with TX_FULL bit 21 and TX_EMPTY bit 22; every port has at least
 * the 64-byte FIFO that driver assumes (fifosize 64).
 *
 * Cadence UART (Xilinx Zynq and ZynqMP UART PS): Zynq UltraScale+ Device
 * TRM (UG1085), UART register summary, and Linux xilinx_uartps.c: CR at
 * 0x00 (TXEN bit 4, TXDIS bit 5), SR at 0x2c with TXEMPTY bit 3 and TXFULL
 * bit 4, the TX/RX FIFO at 0x30, 64 bytes deep. A transmitter firmware
 * left disabled (QEMU's model starts with TXDIS) is enabled: the one write
 * made to anything but the data register.
 *
 * Marvell Armada 3700 UART (the "standard" UART1 register set): Linux
 * mvebu-uart.c: UART_TSH (transmit holding) at 0x04, UART_STAT at 0x0c with
 * STAT_TX_FIFO_EMP bit 13 and STAT_TX_FIFO_FUL bit 11; a 32-byte FIFO.
 *
 * Renesas SCIF and HSCIF (R-Car Gen2/Gen3, RZ/G2): R-Car Series, 3rd
 * Generation, User's Manual, SCIF chapter, and Linux sh-sci.c's
 * SCIx_SH4_SCIF_BRG_REGTYPE and SCIx_HSCIF_REGTYPE: SCFTDR (8 bits) at
 * 0x0c, SCFDR (16 bits) at 0x1c, whose bits 12:8 (HSCIF: 15:8) count the
 * bytes waiting in the transmit FIFO (sh-sci.c scif_txfill: SCFDR >> 8);
 * ready when that count is 0. FIFO 16 bytes (HSCIF 128). Reading the count
 * rather than SCFSR.TDFE leaves the flags alone (TDFE must be cleared by a
 * write after a read of 1).
 *
 * NXP LPUART, 32-bit register file (i.MX 7ULP, 8QXP, 8QM, 8ULP, 93): i.MX
 * 8QuadXPlus Reference Manual, LPUART chapter, and Linux fsl_lpuart.c: on
 * these parts the registers start 0x10 above the tree's reg (IMX_REG_OFF);
 * STAT at 0x04 + 0x10 with TDRE bit 23 (the transmit FIFO holds no more
 * than its watermark: room for at least one byte), DATA at 0x0c + 0x10.
 * The FIFO depth varies by part and the watermark is firmware's, so one
 * byte a poll. */
#include "statusreg.h"

#include "burst.h"

/* Every register access goes through these two; the host test of the
 * write loop (tests/host/test_uart.c) defines them to watch each one. */
#ifndef STATUSREG_LOAD
#define STATUSREG_LOAD(W, a) (*(volatile W *)(a))
#define STATUSREG_STORE(W, a, v) (*(volatile W *)(a) = (W)(v))
#endif

struct statusreg_layout {
	const char *name;
	uint32_t data, status; /* register offsets */
	uint32_t mask;         /* the status bits read */
	bool ready_when_set;   /* ready: the bits set (an empty FIFO), or clear (not full, none waiting) */
	unsigned fifo;         /* bytes a poll may write when ready (uart/burst.h) */
	uint8_t data_w, status_w; /* access widths in bytes: 1, 2 or 4 */
	/* A control register whose `on` bits must be set and `off` bits clear
	 * for the transmitter to run (no register: on = 0). */
	uint32_t ctrl, on, off;
};

static const struct statusreg_layout layouts[] = {
	[BM_UART_BCM2835_AUX] = {"bcm2835-aux", 0x00, 0x14, 1u << 6, true, 8, 4, 4, 0, 0, 0},
	[BM_UART_IMX] = {"imx", 0x40, 0xb4, 1u << 6, true, 32, 4, 4, 0, 0, 0},
	[BM_UART_SIFIVE] = {"sifive", 0x00, 0x00, 1u << 31, false, 1, 4, 4, 0, 0, 0},
	[BM_UART_MESON] = {"meson", 0x00, 0x0c, 1u << 22, true, 64, 4, 4, 0, 0, 0},
	[BM_UART_CADENCE] = {"cadence", 0x30, 0x2c, 1u << 3, true, 64, 4, 4, 0x00, 1u << 4, 1u << 5},
	[BM_UART_ARMADA3700] = {"armada-3700", 0x04, 0x0c, 1u << 13, true, 32, 4, 4, 0, 0, 0},
	[BM_UART_SCIF] = {"scif", 0x0c, 0x1c, 0xff00, false, 16, 1, 2, 0, 0, 0},
	[BM_UART_LPUART32] = {"lpuart", 0x1c, 0x14, 1u << 23, true, 1, 4, 4, 0, 0, 0},
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

/* One register at its width. */
static uint32_t load(uintptr_t a, unsigned w)
{
	return w == 1 ? STATUSREG_LOAD(uint8_t, a) : w == 2 ? STATUSREG_LOAD(uint16_t, a) : STATUSREG_LOAD(uint32_t, a);
}

uint32_t statusreg_status(const struct statusreg_uart *u)
{
	return load(u->base + u->l->status, u->l->status_w);
}

bool statusreg_enable(const struct statusreg_uart *u)
{
	const struct statusreg_layout *l = u->l;
	if (!l->on)
		return false;
	uint32_t c = STATUSREG_LOAD(uint32_t, u->base + l->ctrl);
	if ((c & (l->on | l->off)) == l->on)
		return false;
	STATUSREG_STORE(uint32_t, u->base + l->ctrl, (c & ~l->off) | l->on);
	return true;
}

size_t statusreg_write(const struct statusreg_uart *u, const char *s, size_t n)
{
	const struct statusreg_layout *l = u->l;
	uintptr_t st = u->base + l->status, dr = u->base + l->data;
	uint32_t mask = l->mask, want = l->ready_when_set ? l->mask : 0;
	unsigned sw = l->status_w;
	/* the data register's width chosen once, outside the loop */
	if (l->data_w == 1) {
#define DR_PUT(c) STATUSREG_STORE(uint8_t, dr, (c))
		return UART_WRITE_BURST((load(st, sw) & mask) == want, DR_PUT, s, n, l->fifo, READY_POLLS);
#undef DR_PUT
	}
#define DR_PUT(c) STATUSREG_STORE(uint32_t, dr, (c))
	return UART_WRITE_BURST((load(st, sw) & mask) == want, DR_PUT, s, n, l->fifo, READY_POLLS);
#undef DR_PUT
}
