/* The console: the UART the device tree names, else the firmware's
 * console (arch_fw_console_*), else nothing. Output before the console is
 * chosen is kept and written once it is. */
#ifndef BM_CONSOLE_H
#define BM_CONSOLE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "board.h"
#include "record.h"

void console_init(const struct bm_board *b);
void console_write(const char *s, size_t n);
void console_puts(const char *s);
/* Reprograms the UART for `baud` from its input clock (baremark.baud).
 * False, with *why, when it cannot; the rate then stays as it was. */
bool console_set_baud(uint32_t baud, const char **why);
/* Adds the console's description to a record (run record). */
void console_fields(struct rec *r);
#endif
