#include "record.h"

#include <string.h>

#include "crc32.h"
#include "text.h"
#include "point_path.h"

static void put(struct rec *r, const char *s, size_t n)
{
	if (r->overflow || n > sizeof(r->buf) - 1 - r->len) {
		r->overflow = true;
		return;
	}
	/* most pieces are a few bytes (a comma, a key's quotes, a number):
	 * copied here, without memcpy's call and set-up */
	if (n <= 16) {
		for (size_t i = 0; i < n; i++)
			r->buf[r->len + i] = s[i];
	} else {
		memcpy(r->buf + r->len, s, n);
	}
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
/* Printable ASCII but '"' (0x22) and '\\' (0x5c): written as it is. A
 * table, as the test runs for every byte of every record. */
static const bool plain[256] = {[0x20 ... 0x21] = true, [0x23 ... 0x5b] = true, [0x5d ... 0x7e] = true};

static bool plain_char(unsigned char c)
{
	return plain[c];
}

/* The character at *s that plain_char refused (or a plain one with no
 * room left, which put marks as overflow); advances *s past it. Kept out
 * of line so that the copy loop below saves no registers. */
static __attribute__((noinline)) void put_special(struct rec *r, const unsigned char **ps)
{
	const unsigned char *s = *ps;
	unsigned char c = *s;
	int n = 1;
	if (plain_char(c)) {
		put(r, (const char *)s, 1);
	} else if (c == '"' || c == '\\') {
		char e[2] = {'\\', (char)c};
		put(r, e, 2);
	} else if (c < 0x20 || c == 0x7f) {
		put_u(r, c);
	} else {
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
	}
	*ps = s + n;
}

/* `pre`, then str as a JSON string, then `post` (each of pre and post
 * at most two plain characters, "" for none), where all of it fits and
 * every character of str needs no escape: in one pass, with no call.
 * False, with nothing written, where it does not: the caller then writes
 * it piece by piece. Every key and most values of a record come this
 * way, and under sim a record's pieces cost more in calls than in bytes. */
static bool put_plain(struct rec *r, const char *pre, const char *str, const char *post)
{
	if (r->overflow || !str)
		return false;
	size_t len = r->len, room = sizeof(r->buf) - 1 - len, k = 0;
	char *out = r->buf + len;
	if (room < 8) /* the two pieces, the quotes */
		return false;
	room -= 6;
	for (; *pre; pre++)
		out[k++] = *pre;
	out[k++] = '"';
	const unsigned char *s = (const unsigned char *)str;
	char *o = out + k, *end = o + room;
	unsigned char c;
	for (; o < end && plain_char(c = *s); s++)
		*o++ = (char)c;
	if (*s) /* a character to escape, or no room left */
		return false;
	k = (size_t)(o - out);
	out[k++] = '"';
	for (; *post; post++)
		out[k++] = *post;
	out[k] = '\0';
	r->len = len + k;
	return true;
}

static void put_json_string(struct rec *r, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	if (put_plain(r, "", str, ""))
		return;
	put(r, "\"", 1);
	while (s && *s) {
		/* characters that need no escape are copied as they are
		 * checked, in one pass: every printed byte comes through here,
		 * and on a core's RTL in a simulator each costs (issue 30) */
		size_t len = r->len, room = r->overflow ? 0 : sizeof(r->buf) - 1 - len, k = 0;
		char *out = r->buf + len;
		for (unsigned char c; k < room && plain_char(c = s[k]); k++)
			out[k] = (char)c;
		if (k) {
			r->len = len + k;
			out[k] = '\0';
			s += k;
		} else {
			put_special(r, &s);
		}
	}
	put(r, "\"", 1);
}

static void key(struct rec *r, const char *k)
{
	bool comma = r->need_comma[r->depth];
	r->need_comma[r->depth] = true;
	if (k && put_plain(r, comma ? "," : "", k, ":"))
		return;
	if (comma)
		put(r, ",", 1);
	if (k) {
		put_json_string(r, k);
		put(r, ":", 1);
	}
}

void rec_begin(struct rec *r, const char *type)
{
	/* not the whole buffer: only what says where the record stands
	 * (every record is built here, so this is paid per line printed) */
	r->len = 0;
	r->buf[0] = '\0';
	r->overflow = false;
	r->depth = 0;
	/* a level's comma flag and closer are set where it opens (open_):
	 * only the top level's here, and the type without padding */
	r->need_comma[0] = false;
	r->closer[0] = 0;
	size_t i = 0;
	for (; i < sizeof(r->type) - 1 && type[i]; i++)
		r->type[i] = type[i];
	r->type[i] = '\0';
	/* {"v":<version>,"type": as one piece: every record starts so */
#define REC_STR_(x) #x
#define REC_STR(x) REC_STR_(x)
	static const char head[] = "{\"v\":" REC_STR(BM_RECORD_VERSION) ",\"type\":";
#undef REC_STR
#undef REC_STR_
	put(r, head, sizeof(head) - 1);
	r->need_comma[0] = true;
	put_json_string(r, type);
}

void rec_str(struct rec *r, const char *k, const char *val)
{
	key(r, k);
	put_json_string(r, val);
}

/* "-"? then the digits of |v| */
static void put_dec(struct rec *r, bool negative, uint64_t mag)
{
	char b[24], *end = b + sizeof(b), *p = bm_digits(end, mag, 10);
	if (negative)
		*--p = '-';
	put(r, p, (size_t)(end - p));
}

void rec_u64(struct rec *r, const char *k, uint64_t val)
{
	key(r, k);
	put_dec(r, false, val);
}

void rec_i64(struct rec *r, const char *k, int64_t val)
{
	key(r, k);
	put_dec(r, val < 0, val < 0 ? (uint64_t)0 - (uint64_t)val : (uint64_t)val);
}

void rec_hex(struct rec *r, const char *k, uint64_t val)
{
	char b[24], *end = b + sizeof(b) - 1, *p;
	key(r, k);
	*end = '"';
	p = bm_digits(end, val, 16);
	*--p = 'x';
	*--p = '0';
	*--p = '"';
	put(r, p, (size_t)(end + 1 - p));
}

void rec_bool(struct rec *r, const char *k, bool val)
{
	key(r, k);
	puts_(r, val ? "true" : "false");
}

void rec_null(struct rec *r, const char *k)
{
	key(r, k);
	put(r, "null", 4);
}

void fmt_milli(char *buf, size_t cap, int64_t milli)
{
	struct text t;
	text_init(&t, buf, cap);
	text_milli(&t, milli);
}

BM_POINT_PATH char *rec_milli_text(char *end, int64_t milli)
{
	uint64_t mag = milli < 0 ? (uint64_t)0 - (uint64_t)milli : (uint64_t)milli;
	char *p = end;
	/* the whole part, then '.' and the thousandths without their
	 * trailing zeros (1.5, not 1.500; 4, not 4.000): the same number in
	 * JSON, and fewer bytes on a slow serial line */
	uint64_t frac = mag % 1000;
	mag /= 1000;
	if (frac) {
		int digits_left = 3;
		while (frac % 10 == 0) {
			frac /= 10;
			digits_left--;
		}
		for (int i = 0; i < digits_left; i++, frac /= 10)
			*--p = (char)('0' + frac % 10);
		*--p = '.';
	}
	p = bm_digits(p, mag, 10);
	if (milli < 0)
		*--p = '-';
	return p;
}

void rec_milli(struct rec *r, const char *k, int64_t milli)
{
	char b[32], *end = b + sizeof(b), *p = rec_milli_text(end, milli);
	key(r, k);
	put(r, p, (size_t)(end - p));
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

size_t rec_seal(struct rec *r, char tail[REC_TAIL])
{
	if (r->depth != 0)
		r->overflow = true;
	put(r, "}", 1);
	if (r->overflow) {
		char type[16];
		memcpy(type, r->type, sizeof(type));
		rec_begin(r, "error");
		rec_str(r, "what", "record too long or malformed; dropped");
		rec_str(r, "record_type", type);
		put(r, "}", 1);
	}
	rec_tail(bm_crc32(0, r->buf, r->len), tail);
	return r->len;
}

BM_POINT_PATH void rec_tail(uint32_t crc, char tail[REC_TAIL])
{
	static const char hex[] = "0123456789abcdef";
	tail[0] = ' ';
	tail[1] = '*';
	/* unrolled: the loop's own count was a third of it, paid a record */
#pragma GCC unroll 8
	for (int i = 0; i < 8; i++)
		tail[2 + i] = hex[crc >> (28 - 4 * i) & 15];
	tail[10] = '\n';
	tail[11] = '\0';
}

size_t rec_finish(struct rec *r, char *out, size_t cap)
{
	/* "@bm <json> *<crc, 8 hex digits>\n", as snprintf would write it
	 * (cut to cap - 1 bytes and terminated), without its per-byte cost */
	char tail[REC_TAIL];
	rec_seal(r, tail);
	size_t n = 0;
	const char *parts[3] = {REC_PREFIX, r->buf, tail};
	size_t lens[3] = {sizeof(REC_PREFIX) - 1, r->len, REC_TAIL - 1};
	for (int p = 0; p < 3 && cap; p++) {
		size_t k = lens[p] < cap - 1 - n ? lens[p] : cap - 1 - n;
		memcpy(out + n, parts[p], k);
		n += k;
	}
	if (cap)
		out[n] = '\0';
	return n;
}
