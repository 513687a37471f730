/* A JSON value as one line of compact, ASCII-only text (jsonline.c). */
#ifndef BM_TOOLS_JSONLINE_H
#define BM_TOOLS_JSONLINE_H
#include <jansson.h>
#include <stddef.h>

/* The text's buffer, reused from one value to the next; zero it to start. */
struct jl_buf {
	char *s;
	size_t len, cap;
};

/* The value's text, valid until the next call on b: what json_dumps
 * writes with JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER,
 * and DEL as \u007F. */
const char *jl_line(struct jl_buf *b, const json_t *o);
void jl_free(struct jl_buf *b);
#endif
