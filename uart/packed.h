#ifndef BM_PACKED_H
#define BM_PACKED_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "board.h"
/* UARTs that send a counted transfer of bytes packed four to a 32-bit
 * FIFO word: Qualcomm's UARTDM (msm-uartdm, Snapdragon 410 and older) and
 * the GENI serial engine's UART (Snapdragon 845 and later). Each is a row
 * of data (uart/packed.c, with its source); one write loop serves both.
 * Like the other drivers it keeps the rate, the line settings and the
 * packing that firmware left. */
struct packed_uart {
	uintptr_t base;
	const struct packed_layout *l;
};
/* The layout of `kind` (BM_UART_MSM_UARTDM, BM_UART_QCOM_GENI), NULL for
 * any other. */
const struct packed_layout *packed_layout(enum bm_uart_kind kind);
/* Its name in the run record's console: "msm-uartdm", "geni". */
const char *packed_name(enum bm_uart_kind kind);
void packed_setup(struct packed_uart *u, const struct bm_uart_desc *d);
/* The status register the write loop polls, read once. */
uint32_t packed_status(const struct packed_uart *u);
/* Sends n bytes, each "\n" as "\r\n"; returns how many went out before
 * the transmitter stopped draining (n: all). */
size_t packed_write(const struct packed_uart *u, const char *s, size_t n);
#endif
