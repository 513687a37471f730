#ifndef BM_NS16550_H
#define BM_NS16550_H
#include <stdbool.h>
#include <stdint.h>
#include "board.h"
/* One driver for the 16550 family (ns16550a, Synopsys DesignWare APB,
 * XScale-style): registers 1 << reg_shift bytes apart, accessed 8 or 32
 * bits wide. It never touches the divisor: the baud rate stays what the
 * firmware set. */
struct ns16550 {
	uintptr_t base;
	unsigned shift, width;
};
void ns16550_setup(struct ns16550 *u, const struct bm_uart_desc *d);
/* Reads the line status register once (used to check the UART is there). */
uint32_t ns16550_lsr(const struct ns16550 *u);
/* Sends one byte; false when the transmitter never became ready. */
bool ns16550_putc(const struct ns16550 *u, char c);
/* XScale-style UARTs (intel,xscale-uart: PXA, SpacemiT K1/K3) only run
 * with IER bit 6, UART Unit Enable, set: make sure it is, touching
 * nothing else. */
void ns16550_unit_enable(const struct ns16550 *u);
/* Divisor for `baud` from the input clock: round(clock / (16 * baud)),
 * or 0 when it does not fit the 16-bit divisor latch. */
uint32_t ns16550_divisor(uint32_t clock_hz, uint32_t baud);
/* Waits for the transmitter to drain, programs the divisor, and returns
 * the divisor read back from the latch (0 if the UART never drained). */
uint32_t ns16550_set_divisor(const struct ns16550 *u, uint32_t divisor);
#endif
