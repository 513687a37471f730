#include "record.h"

#include <stdio.h>
#include <string.h>

#include "crc32.h"

static void put(struct rec *r, const char *s, size_t n)
{
	if (r->overflow || n > sizeof(r->buf) - 1 - r->len) {
		r->overflow = true;
		return;
	}
	memcpy(r->buf + r->len, s, n);
	r->len += n;
	r->buf[r->len] = '\0';
}

static void puts_(struct rec *r, const char *s)
{
	put(r, s, strlen(s));
}

/* JSON string with the escapes RFC 8259 section 7 requires. */
static void put_u(struct rec *r, uint32_t cp)
{
	static const char hex[] = "0123456789abcdef";
	char e[6] = {'\\', 'u', hex[cp >> 12 & 15], hex[cp >> 8 & 15], hex[cp >> 4 & 15], hex[cp & 15]};
	put(r, e, 6);
}

/* The code point of the UTF-8 sequence at s, and its length in *n; 0 if
 * s does not start a valid sequence (a stray continuation byte, a
 * truncated or overlong sequence, a surrogate, or past U+10FFFF). */
static uint32_t utf8_at(const unsigned char *s, int *n)
{
	unsigned char c = s[0];
	int len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
	if (!len)
		return 0;
	uint32_t cp = c & (0x7f >> len);
	for (int i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
	if (cp < least[len] || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	*n = len;
	return cp;
}

/* Strings from a device tree or bootargs are not promised to be UTF-8.
 * Records stay ASCII (the console is a serial line) and valid JSON: a
 * valid UTF-8 sequence is written as the \u escape of its code point (a
 * surrogate pair above U+FFFF), so it decodes to the text as it came; a
 * byte that starts no valid sequence becomes U+FFFD. */
static void put_json_string(struct rec *r, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	put(r, "\"", 1);
	while (s && *s) {
		unsigned char c = *s;
		int n = 1;
		if (c == '"' || c == '\\') {
			char e[2] = {'\\', (char)c};
			put(r, e, 2);
		} else if (c < 0x20 || c == 0x7f) {
			put_u(r, c);
		} else if (c >= 0x80) {
			uint32_t cp = utf8_at(s, &n);
			if (!cp) {
				put_u(r, 0xfffd);
				n = 1;
			} else if (cp > 0xffff) {
				put_u(r, 0xd800 + ((cp - 0x10000) >> 10));
				put_u(r, 0xdc00 + ((cp - 0x10000) & 0x3ff));
			} else {
				put_u(r, cp);
			}
		} else {
			put(r, (const char *)s, 1);
		}
		s += n;
	}
	put(r, "\"", 1);
}

static void key(struct rec *r, const char *k)
{
	if (r->need_comma[r->depth])
		put(r, ",", 1);
	r->need_comma[r->depth] = true;
	if (k) {
		put_json_string(r, k);
		put(r, ":", 1);
	}
}

void rec_begin(struct rec *r, const char *type)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->type, sizeof(r->type), "%s", type);
	puts_(r, "{");
	rec_u64(r, "v", BM_RECORD_VERSION);
	rec_str(r, "type", type);
}

void rec_str(struct rec *r, const char *k, const char *val)
{
	key(r, k);
	put_json_string(r, val);
}

void rec_u64(struct rec *r, const char *k, uint64_t val)
{
	char b[24];
	key(r, k);
	snprintf(b, sizeof(b), "%llu", (unsigned long long)val);
	puts_(r, b);
}

void rec_i64(struct rec *r, const char *k, int64_t val)
{
	char b[24];
	key(r, k);
	snprintf(b, sizeof(b), "%lld", (long long)val);
	puts_(r, b);
}

void rec_hex(struct rec *r, const char *k, uint64_t val)
{
	char b[24];
	key(r, k);
	snprintf(b, sizeof(b), "\"0x%llx\"", (unsigned long long)val);
	puts_(r, b);
}

void rec_bool(struct rec *r, const char *k, bool val)
{
	key(r, k);
	puts_(r, val ? "true" : "false");
}

void fmt_milli(char *buf, size_t cap, int64_t milli)
{
	uint64_t mag = milli < 0 ? (uint64_t)0 - (uint64_t)milli : (uint64_t)milli;
	snprintf(buf, cap, "%s%llu.%03llu", milli < 0 ? "-" : "", (unsigned long long)(mag / 1000),
		 (unsigned long long)(mag % 1000));
}

void rec_milli(struct rec *r, const char *k, int64_t milli)
{
	char b[32];
	key(r, k);
	fmt_milli(b, sizeof(b), milli);
	puts_(r, b);
}

static void open_(struct rec *r, const char *k, char opener, char closer)
{
	key(r, k);
	put(r, &opener, 1);
	if (r->depth + 1 >= BM_REC_DEPTH) {
		r->overflow = true;
		return;
	}
	r->depth++;
	r->need_comma[r->depth] = false;
	r->closer[r->depth] = closer;
}

void rec_obj(struct rec *r, const char *k)
{
	open_(r, k, '{', '}');
}

void rec_arr(struct rec *r, const char *k)
{
	open_(r, k, '[', ']');
}

void rec_close(struct rec *r)
{
	if (r->depth == 0) {
		r->overflow = true;
		return;
	}
	put(r, &r->closer[r->depth], 1);
	r->depth--;
}

size_t rec_finish(struct rec *r, char *out, size_t cap)
{
	if (r->depth != 0)
		r->overflow = true;
	puts_(r, "}");
	if (r->overflow) {
		char type[16];
		memcpy(type, r->type, sizeof(type));
		rec_begin(r, "error");
		rec_str(r, "what", "record too long or malformed; dropped");
		rec_str(r, "record_type", type);
		puts_(r, "}");
	}
	uint32_t crc = bm_crc32(0, r->buf, r->len);
	int n = snprintf(out, cap, "@bm %s *%08lx\n", r->buf, (unsigned long)crc);
	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}
