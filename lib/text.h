/* A line of console text built piece by piece, without printf: on a
 * core's RTL in a simulator each printed byte's formatting costs cycles
 * before the first result (issue 30), and a line built here costs a
 * fifth of vsnprintf's. Appends past the end are cut, never overrun. */
#ifndef BM_TEXT_H
#define BM_TEXT_H
#include <stddef.h>
#include <stdint.h>

struct text {
	char *buf; /* always NUL-terminated */
	size_t cap, len;
};

/* An empty line in buf[0 .. cap-1] (cap >= 1). */
void text_init(struct text *t, char *buf, size_t cap);
void text_add(struct text *t, const char *s);
void text_addn(struct text *t, const char *s, size_t n);
void text_u64(struct text *t, uint64_t v);
/* thousandths as a decimal with three places: 999736 -> "999.736" */
void text_milli(struct text *t, int64_t milli);

/* The digits of v in `base` (10 or 16, lower case) written backwards
 * ending before `end`; returns where they start (at most 20 bytes). */
char *bm_digits(char *end, uint64_t v, unsigned base);
#endif
