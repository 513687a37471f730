/* The host tool's bounded text builder (tools/baremark/textbuf.c): text
 * that fits is written whole, text that does not is cut on a character
 * boundary and ends in "…", nothing is ever written past the buffer
 * (each buffer here sits inside a larger one whose tail is checked). */
#include <string.h>

#include "../../tools/baremark/textbuf.h"
#include "check.h"

#define GUARD 0x5a

/* A buffer of cap bytes with guard bytes after it. */
struct guarded {
	char b[64 + 32];
};

static int guard_intact(const struct guarded *g, size_t cap)
{
	for (size_t i = cap; i < sizeof(g->b); i++)
		if ((unsigned char)g->b[i] != GUARD)
			return 0;
	return 1;
}

void test_textbuf(void)
{
	struct guarded g;
	struct textbuf t;

	/* fits exactly: cap 8 takes 7 characters and the NUL */
	memset(g.b, GUARD, sizeof(g.b));
	tb_init(&t, g.b, 8);
	tb_printf(&t, "%s", "abc");
	tb_printf(&t, "%d", 1234);
	CHECK_EQ_S(g.b, "abc1234");
	CHECK(!t.cut && t.len == 7 && guard_intact(&g, 8), "7 of 8 bytes: not cut (len %zu)", t.len);

	/* one more: cut, the mark at the end, nothing past cap */
	tb_printf(&t, "x");
	CHECK_EQ_S(g.b, "abc1…");
	CHECK(t.cut && t.len == strlen(g.b) && guard_intact(&g, 8), "8th character cut (len %zu)", t.len);
	/* once cut, appends add nothing */
	tb_printf(&t, "%s", "more");
	CHECK_EQ_S(g.b, "abc1…");

	/* the pattern textbuf replaces: a 1e308 figure, then a long verdict,
	 * then more; in 64 bytes it is cut, the guard untouched */
	memset(g.b, GUARD, sizeof(g.b));
	tb_init(&t, g.b, 64);
	tb_printf(&t, "%8.3f", 1e308);
	tb_printf(&t, " !%s", "below_floor");
	tb_printf(&t, " (%s)", "l1d_miss=1.500");
	CHECK(t.cut && strlen(g.b) == 63 && strcmp(g.b + 60, "…") == 0 && guard_intact(&g, 64),
	      "1e308 in 64 bytes: cut with the mark ('%s')", g.b);

	/* a cut never splits a UTF-8 character: in 8 bytes "abé" fits
	 * before the mark, and of "abcé" the "é" (2 bytes) would be split,
	 * so it is dropped whole */
	memset(g.b, GUARD, sizeof(g.b));
	tb_init(&t, g.b, 8);
	tb_printf(&t, "abé%s", "zzzz");
	CHECK_EQ_S(g.b, "abé…");
	memset(g.b, GUARD, sizeof(g.b));
	tb_init(&t, g.b, 8);
	tb_printf(&t, "abcé%s", "zzzz");
	CHECK_EQ_S(g.b, "abc…");
	CHECK(t.cut && guard_intact(&g, 8), "UTF-8 kept whole");

	/* buffers too small for the mark: cut, still terminated */
	for (size_t cap = 1; cap <= 4; cap++) {
		memset(g.b, GUARD, sizeof(g.b));
		tb_init(&t, g.b, cap);
		tb_printf(&t, "%s", "abcdef");
		CHECK(t.cut && strlen(g.b) < cap && guard_intact(&g, cap), "cap %zu: '%s'", cap, g.b);
	}
	memset(g.b, GUARD, sizeof(g.b));
	tb_init(&t, g.b, 4);
	tb_printf(&t, "%s", "abcdef");
	CHECK_EQ_S(g.b, "…");
}
