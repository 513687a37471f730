#include "textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char cut_mark[] = "…"; /* U+2026, 3 bytes in UTF-8 */

void tb_init(struct textbuf *t, char *buf, size_t cap)
{
	*t = (struct textbuf){buf, cap, 0, false};
	buf[0] = '\0';
}

/* Ends the text with the mark, on a character boundary: a UTF-8 sequence
 * the cut split is dropped whole. Where even the mark cannot fit, the
 * text is just cut. */
static void mark_cut(struct textbuf *t)
{
	t->cut = true;
	size_t m = sizeof(cut_mark) - 1;
	if (t->cap <= m) {
		t->len = t->cap - 1;
		t->buf[t->len] = '\0';
		return;
	}
	size_t at = t->len < t->cap - 1 - m ? t->len : t->cap - 1 - m;
	while (at > 0 && ((unsigned char)t->buf[at] & 0xc0) == 0x80)
		at--;
	memcpy(t->buf + at, cut_mark, m + 1);
	t->len = at + m;
}

void tb_printf(struct textbuf *t, const char *fmt, ...)
{
	if (t->cut)
		return;
	size_t room = t->cap - t->len;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t->buf + t->len, room, fmt, ap);
	va_end(ap);
	if (n < 0) {
		t->buf[t->len] = '\0';
		mark_cut(t);
	} else if ((size_t)n >= room) {
		t->len = t->cap - 1;
		mark_cut(t);
	} else {
		t->len += (size_t)n;
	}
}
