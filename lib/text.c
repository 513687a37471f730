#include "text.h"
#include "point_path.h"

void text_init(struct text *t, char *buf, size_t cap)
{
	t->buf = buf;
	t->cap = cap;
	t->len = 0;
	buf[0] = '\0';
}

void text_addn(struct text *t, const char *s, size_t n)
{
	size_t room = t->cap - 1 - t->len;
	if (n > room)
		n = room;
	for (size_t i = 0; i < n && s[i]; i++)
		t->buf[t->len++] = s[i];
	t->buf[t->len] = '\0';
}

void text_add(struct text *t, const char *s)
{
	text_addn(t, s, (size_t)-1);
}

BM_POINT_PATH char *bm_digits(char *end, uint64_t v, unsigned base)
{
	static const char hex[] = "0123456789abcdef";
	do {
		*--end = hex[v % base];
		v /= base;
	} while (v);
	return end;
}

void text_u64(struct text *t, uint64_t v)
{
	char b[24], *end = b + sizeof(b) - 1;
	*end = '\0';
	text_add(t, bm_digits(end, v, 10));
}

void text_milli(struct text *t, int64_t milli)
{
	uint64_t mag = milli < 0 ? (uint64_t)0 - (uint64_t)milli : (uint64_t)milli;
	char b[32], *end = b + sizeof(b) - 1, *p = end;
	*end = '\0';
	for (int i = 0; i < 3; i++, mag /= 10)
		*--p = (char)('0' + mag % 10);
	*--p = '.';
	p = bm_digits(p, mag, 10);
	if (milli < 0)
		*--p = '-';
	text_add(t, p);
}
