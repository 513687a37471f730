#ifndef BM_NS16550_H
#define BM_NS16550_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "board.h"
/* One driver for the 16550 family (ns16550a, Synopsys DesignWare APB,
 * XScale-style): registers 1 << reg_shift bytes apart, accessed 8 or 32
 * bits wide. It never touches the divisor: the baud rate stays what the
 * firmware set. */
struct ns16550 {
	uintptr_t base;
	unsigned shift, width;
	bool fifo; /* THRE means an empty 16-byte FIFO: write 16 per poll */
};
void ns16550_setup(struct ns16550 *u, const struct bm_uart_desc *d);
/* Reads the line status register once (used to check the UART is there). */
uint32_t ns16550_lsr(const struct ns16550 *u);
/* Sends n bytes, each "\n" as "\r\n"; returns how many went out before
 * the transmitter stopped draining (n: all). */
size_t ns16550_write(const struct ns16550 *u, const char *s, size_t n);
/* Finds out whether the firmware left the FIFOs on (IIR bits 7:6 = 11,
 * a 16550A) with THRE keeping its 16550 meaning: the DesignWare UART's
 * programmable THRE mode (IER bit 7) turns THRE into "FIFO full", so
 * with it on, or without FIFOs, a byte is written per poll. */
void ns16550_detect_fifo(struct ns16550 *u);
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
