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
static void put_json_string(struct rec *r, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	put(r, "\"", 1);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			char e[2] = {'\\', (char)c};
			put(r, e, 2);
		} else if (c < 0x20 || c == 0x7f) {
			char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			put(r, e, 6);
		} else if (c >= 0x80) {
			/* Strings from a device tree are not promised to be UTF-8;
			 * keep every record valid JSON by escaping high bytes. */
			char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			put(r, e, 6);
		} else {
			put(r, (const char *)&c, 1);
		}
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
