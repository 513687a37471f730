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
};
void pl011_setup(struct pl011 *u, const struct bm_uart_desc *d);
uint32_t pl011_flags(const struct pl011 *u);
/* Sends n bytes, each "\n" as "\r\n"; returns how many went out before
 * the FIFO stopped draining (n: all). */
size_t pl011_write(const struct pl011 *u, const char *s, size_t n);
#endif
