#ifndef BM_PL011_H
#define BM_PL011_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "board.h"
/* Arm PrimeCell UART (PL011). Like the 16550 driver it keeps whatever
 * baud rate and line settings firmware (or QEMU) left. */
struct pl011 {
	uintptr_t base;
	bool fifo; /* TXFE means an empty 16-byte FIFO: write 16 per poll */
};
void pl011_setup(struct pl011 *u, const struct bm_uart_desc *d);
/* Reads whether firmware turned the FIFOs on (UARTLCR_H.FEN). */
void pl011_detect_fifo(struct pl011 *u);
uint32_t pl011_flags(const struct pl011 *u);
/* Sends n bytes, each "\n" as "\r\n"; returns how many went out before
 * the FIFO stopped draining (n: all). */
size_t pl011_write(const struct pl011 *u, const char *s, size_t n);
#endif
