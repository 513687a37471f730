/* Text built from a log's values in a fixed buffer (a table cell, a column
 * label): every append is bounded by what is left, and text that does not
 * fit is cut and said so (it ends in "…"), never written past the buffer.
 * The pattern it replaces, n += snprintf(buf + n, cap - n, ...), wraps
 * cap - n round once n passes cap, and a crafted log (a 1e308 figure, a
 * long verdict) then wrote over the stack (issue 37). */
#ifndef BM_TOOLS_TEXTBUF_H
#define BM_TOOLS_TEXTBUF_H
#include <stdbool.h>
#include <stddef.h>

struct textbuf {
	char *buf;
	size_t cap; /* bytes at buf, the NUL included; at least 1 */
	size_t len; /* bytes written, always < cap */
	bool cut;   /* something did not fit: the text ends in "…" */
};

/* buf emptied; cap must be at least 1. */
void tb_init(struct textbuf *t, char *buf, size_t cap);

/* Appends the formatted text, or as much as fits and the cut mark; once
 * cut, further appends add nothing. */
void tb_printf(struct textbuf *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#endif
