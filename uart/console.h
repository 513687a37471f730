/* The console: the UART the device tree names, else the firmware's
 * console (arch_fw_console_*), else nothing. Output before the console is
 * chosen is kept and written once it is. */
#ifndef BM_CONSOLE_H
#define BM_CONSOLE_H
#include <stddef.h>
#include "board.h"
#include "record.h"

void console_init(const struct bm_board *b);
void console_write(const char *s, size_t n);
void console_puts(const char *s);
/* Adds the console's description to a record (run record). */
void console_fields(struct rec *r);
#endif
