/* fopencookie: _GNU_SOURCE, which the host build defines */
#include "textsafe.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The length of the UTF-8 sequence a lead byte starts, 0 if it starts none. */
static size_t utf8_len(unsigned char b)
{
	return b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
}

/* Are the bytes after the lead those of a well-formed sequence (RFC 3629:
 * no overlong forms, no surrogates, nothing past U+10FFFF)? */
static bool utf8_ok(const unsigned char *p, size_t len)
{
	for (size_t i = 1; i < len; i++)
		if ((p[i] & 0xC0) != 0x80)
			return false;
	if (len == 3 && ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F)))
		return false;
	if (len == 4 && ((p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] > 0x8F)))
		return false;
	return true;
}

static uint32_t utf8_cp(const unsigned char *p, size_t len)
{
	uint32_t cp = p[0] & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
	for (size_t i = 1; i < len; i++)
		cp = cp << 6 | (p[i] & 0x3F);
	return cp;
}

bool ts_next(const unsigned char *p, size_t n, const char *keep, size_t *len, char esc[8])
{
	unsigned char b = p[0];
	*len = 1;
	if (b < 0x20 || b == 0x7F) {
		if (b && strchr(keep, b))
			return false;
		snprintf(esc, 8, "\\x%02x", b);
		return true;
	}
	if (b < 0x80)
		return false;
	size_t need = utf8_len(b);
	if (!need || need > n || !utf8_ok(p, need)) {
		snprintf(esc, 8, "\\x%02x", b);
		return true;
	}
	*len = need;
	uint32_t cp = utf8_cp(p, need);
	if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
		snprintf(esc, 8, "\\u%04x", (unsigned)cp);
		return true;
	}
	return false;
}

/* The n bytes at s, escaped, into new memory (a byte becomes at most
 * four characters). */
static char *dup_escaped(const char *s, size_t n, bool *changed)
{
	char *out = malloc(4 * n + 1), esc[8];
	if (!out)
		abort();
	size_t o = 0;
	*changed = false;
	for (size_t i = 0; i < n;) {
		size_t len;
		if (ts_next((const unsigned char *)s + i, n - i, "", &len, esc)) {
			size_t e = strlen(esc);
			memcpy(out + o, esc, e);
			o += e;
			*changed = true;
		} else {
			memcpy(out + o, s + i, len);
			o += len;
		}
		i += len;
	}
	out[o] = '\0';
	return out;
}

/* Does s[0..n) hold anything ts_next would escape? Printable ASCII, the
 * common case, is passed over without a copy. */
static bool needs_escape(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)s[i];
		if (b < 0x20 || b >= 0x7F)
			return true;
	}
	return false;
}

void ts_json(json_t *v)
{
	if (json_is_string(v)) {
		if (!needs_escape(json_string_value(v), json_string_length(v)))
			return;
		bool changed;
		char *e = dup_escaped(json_string_value(v), json_string_length(v), &changed);
		if (changed)
			json_string_set(v, e);
		free(e);
	} else if (json_is_array(v)) {
		size_t i;
		json_t *x;
		json_array_foreach(v, i, x) ts_json(x);
	} else if (json_is_object(v)) {
		/* keys first: a renamed key moves its value to a new slot */
		const char *key;
		json_t *x;
		void *tmp;
		json_object_foreach_safe(v, tmp, key, x)
		{
			if (!needs_escape(key, strlen(key)))
				continue;
			bool changed;
			char *e = dup_escaped(key, strlen(key), &changed);
			if (changed) {
				json_incref(x);
				json_object_del(v, key);
				json_object_set_new(v, e, x);
			}
			free(e);
		}
		json_object_foreach(v, key, x) ts_json(x);
	}
}

/* The filter behind stdout and stderr: escapes as it writes to the real
 * stream, keeping a UTF-8 sequence cut by a buffer's end for the next
 * write. */
struct filter {
	FILE *real;
	char keep[8];
	unsigned char pend[4];
	size_t npend;
};

static void emit(struct filter *f, const unsigned char *p, size_t n, bool final)
{
	char esc[8];
	size_t i = 0, run = 0;
	while (i < n) {
		unsigned char b = p[i];
		if ((b >= 0x20 && b < 0x7F) || b == '\n') { /* the common case, in runs */
			i++;
			run++;
			continue;
		}
		fwrite(p + i - run, 1, run, f->real);
		run = 0;
		size_t need = utf8_len(b);
		if (!final && need > n - i && utf8_ok(p + i, n - i)) { /* cut short: wait for the rest */
			memcpy(f->pend, p + i, n - i);
			f->npend = n - i;
			return;
		}
		size_t len;
		if (ts_next(p + i, n - i, f->keep, &len, esc))
			fputs(esc, f->real);
		else
			fwrite(p + i, 1, len, f->real);
		i += len;
	}
	fwrite(p + i - run, 1, run, f->real);
}

static ssize_t filter_write(void *cookie, const char *buf, size_t size)
{
	struct filter *f = cookie;
	if (f->npend) { /* complete the sequence the last write cut */
		unsigned char joined[8];
		size_t take = utf8_len(f->pend[0]) - f->npend;
		take = take < size ? take : size;
		memcpy(joined, f->pend, f->npend);
		memcpy(joined + f->npend, buf, take);
		size_t have = f->npend + take;
		f->npend = 0;
		emit(f, joined, have, false);
		buf += take;
		size -= take;
		if (f->npend) /* still cut: this write was that short */
			return (ssize_t)take;
	}
	emit(f, (const unsigned char *)buf, size, false);
	fflush(f->real);
	return (ssize_t)size;
}

static int filter_close(void *cookie)
{
	struct filter *f = cookie;
	if (f->npend)
		emit(f, f->pend, f->npend, true);
	f->npend = 0;
	return fflush(f->real);
}

static FILE *filtered(FILE *real, const char *keep, int mode)
{
	static struct filter filters[2];
	static int used;
	if (used >= 2)
		return real;
	struct filter *f = &filters[used++];
	f->real = real;
	snprintf(f->keep, sizeof(f->keep), "%s", keep);
	cookie_io_functions_t io = {NULL, filter_write, NULL, filter_close};
	FILE *s = fopencookie(f, "w", io);
	if (!s)
		return real;
	/* line by line to a terminal; to a file or a pipe in 64 KiB blocks
	 * (a write a line cost parse of a 500-core log 0.3 s of system time) */
	if (mode == _IOLBF && !isatty(fileno(real)))
		setvbuf(s, NULL, _IOFBF, 1 << 16);
	else
		setvbuf(s, NULL, mode, 0);
	return s;
}

void ts_install(const char *keep)
{
	stdout = filtered(stdout, keep, _IOLBF);
	stderr = filtered(stderr, keep, _IONBF);
}
