/* A record as one line of compact, ASCII-only JSON: the text jansson's
 * json_dumps gives with JSON_COMPACT | JSON_ENSURE_ASCII |
 * JSON_PRESERVE_ORDER, with DEL escaped too, written here into one
 * buffer that is reused. `parse` prints every record of a log, and on a
 * 500-core log (273,000 records) jansson's general dumper (a callback per
 * piece, a snprintf per number, a new string per record) was a third of
 * its time (issue 44). tests/host/test_jsonline.c holds the two texts
 * equal on every record of the fuzz corpus and on crafted values. */
#include "jsonline.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void grow(struct jl_buf *b, size_t more)
{
	if (b->len + more + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + more + 1)
		cap *= 2;
	char *p = realloc(b->s, cap);
	if (!p)
		abort(); /* as json_dumps's caller did on no memory */
	b->s = p;
	b->cap = cap;
}

static void put(struct jl_buf *b, const char *s, size_t n)
{
	grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void put_u16(struct jl_buf *b, unsigned v)
{
	static const char hex[] = "0123456789ABCDEF";
	char e[6] = {'\\', 'u', hex[v >> 12 & 15], hex[v >> 8 & 15], hex[v >> 4 & 15], hex[v & 15]};
	put(b, e, 6);
}

/* The code point of the UTF-8 sequence at s (jansson holds only valid
 * UTF-8 strings), and its length in *n. */
static uint32_t utf8_at(const unsigned char *s, size_t left, size_t *n)
{
	unsigned char c = s[0];
	size_t len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
	if (len > left)
		len = left;
	uint32_t cp = c & (0xFF >> (len + 1));
	for (size_t i = 1; i < len; i++)
		cp = cp << 6 | (s[i] & 0x3F);
	*n = len;
	return cp;
}

/* JSON string escapes (RFC 8259 section 7): the two-character ones
 * where JSON has them, \uXXXX for the other controls, DEL and every
 * character past ASCII (a surrogate pair past U+FFFF). */
static void put_string(struct jl_buf *b, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	grow(b, len + 2);
	b->s[b->len++] = '"';
	size_t run = 0; /* plain bytes not yet copied, ending at i */
	for (size_t i = 0; i < len;) {
		unsigned char c = s[i];
		if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
			i++, run++;
			continue;
		}
		put(b, (const char *)s + i - run, run);
		run = 0;
		size_t n = 1;
		switch (c) {
		case '"': put(b, "\\\"", 2); break;
		case '\\': put(b, "\\\\", 2); break;
		case '\b': put(b, "\\b", 2); break;
		case '\f': put(b, "\\f", 2); break;
		case '\n': put(b, "\\n", 2); break;
		case '\r': put(b, "\\r", 2); break;
		case '\t': put(b, "\\t", 2); break;
		default:
			if (c < 0x80) {
				put_u16(b, c);
			} else {
				uint32_t cp = utf8_at(s + i, len - i, &n);
				if (cp >= 0x10000) {
					cp -= 0x10000;
					put_u16(b, 0xD800 | (cp >> 10));
					put_u16(b, 0xDC00 | (cp & 0x3FF));
				} else {
					put_u16(b, cp);
				}
			}
		}
		i += n;
	}
	put(b, (const char *)s + len - run, run);
	put(b, "\"", 1);
}

static void put_integer(struct jl_buf *b, json_int_t v)
{
	char d[24];
	size_t n = sizeof(d);
	/* negated as unsigned: INT64_MIN has no positive twin */
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
	do {
		d[--n] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		d[--n] = '-';
	put(b, d + n, sizeof(d) - n);
}

/* jansson's form of a real: 17 significant digits (%.17g), a ".0" where
 * that reads as an integer, the exponent without '+' or leading zeros. */
static void put_real(struct jl_buf *b, double v)
{
	char t[40];
	int n = snprintf(t, sizeof(t), "%.17g", v);
	if (n < 0 || (size_t)n >= sizeof(t) - 3)
		abort(); /* %.17g of a finite double is at most 24 characters */
	if (!strchr(t, '.') && !strchr(t, 'e')) {
		memcpy(t + n, ".0", 3);
		n += 2;
	}
	char *e = strchr(t, 'e');
	if (e) {
		char *from = e + 1, *to = e + 1;
		if (*from == '+')
			from++;
		else if (*from == '-')
			from++, to++;
		while (*from == '0' && from[1])
			from++;
		memmove(to, from, strlen(from) + 1);
		n = (int)strlen(t);
	}
	put(b, t, (size_t)n);
}

static void put_value(struct jl_buf *b, const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *x;
		bool first = true;
		put(b, "{", 1);
		json_object_foreach((json_t *)v, key, x)
		{
			if (!first)
				put(b, ",", 1);
			first = false;
			put_string(b, key, strlen(key));
			put(b, ":", 1);
			put_value(b, x);
		}
		put(b, "}", 1);
		break;
	}
	case JSON_ARRAY:
		put(b, "[", 1);
		for (size_t i = 0; i < json_array_size(v); i++) {
			if (i)
				put(b, ",", 1);
			put_value(b, json_array_get(v, i));
		}
		put(b, "]", 1);
		break;
	case JSON_STRING:
		put_string(b, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		put_integer(b, json_integer_value(v));
		break;
	case JSON_REAL:
		put_real(b, json_real_value(v));
		break;
	case JSON_TRUE:
		put(b, "true", 4);
		break;
	case JSON_FALSE:
		put(b, "false", 5);
		break;
	case JSON_NULL:
		put(b, "null", 4);
		break;
	}
}

const char *jl_line(struct jl_buf *b, const json_t *o)
{
	b->len = 0;
	grow(b, 0);
	b->s[0] = '\0';
	put_value(b, o);
	return b->s;
}

void jl_free(struct jl_buf *b)
{
	free(b->s);
	*b = (struct jl_buf){0};
}
