#ifndef BM_STATUSREG_H
#define BM_STATUSREG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "board.h"
/* UARTs whose transmit side is a data register and one status bit: the
 * Broadcom BCM2835 auxiliary mini UART (Raspberry Pi 3 and 4), the NXP
 * i.MX UART, the SiFive UART, the Amlogic Meson UART, the Cadence UART
 * (Xilinx ZynqMP), the Marvell Armada 3700 UART, the Renesas SCIF/HSCIF
 * and NXP's 32-bit LPUART. Each is a row of data (uart/statusreg.c, with
 * its reference manual); one write loop serves them all. Like the other
 * drivers it keeps the rate and line settings that firmware left. */
struct statusreg_uart {
	uintptr_t base;
	const struct statusreg_layout *l;
};
/* The layout of `kind` (one of the UARTs above), NULL for any other. */
const struct statusreg_layout *statusreg_layout(enum bm_uart_kind kind);
/* Its name in the run record's console: "bcm2835-aux", "imx", "sifive",
 * "meson", "cadence", "armada-3700", "scif", "lpuart". */
const char *statusreg_name(enum bm_uart_kind kind);
void statusreg_setup(struct statusreg_uart *u, const struct bm_uart_desc *d);
/* The status register, read once (is the UART there at all?). */
uint32_t statusreg_status(const struct statusreg_uart *u);
/* Turns the transmitter on where the layout has an enable bit and it was
 * off (the Cadence UART); true if it wrote. */
bool statusreg_enable(const struct statusreg_uart *u);
/* Sends n bytes, each "\n" as "\r\n"; returns how many went out before
 * the transmitter stopped draining (n: all). */
size_t statusreg_write(const struct statusreg_uart *u, const char *s, size_t n);
#endif
