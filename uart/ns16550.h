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
#endif
