/* snprintf and vsnprintf for the arm64 image, in place of picolibc's:
 * Debian builds picolibc with the FPU on, and its snprintf and vsnprintf
 * copy their va_list and set up their string stream through Advanced
 * SIMD registers on every call (snprintf also saves q0-q7 for variadic
 * doubles), which traps on a core without FP/ASIMD. The formatting stays
 * picolibc's: vfprintf, linked as its integer-only variant __i_vfprintf
 * (mk/aarch64.mk), which has no FP instruction. The image prints no
 * floating-point value (that variant would print "?" for one). */
#include <stdarg.h>
#include <stdio.h>

struct strout {
	FILE file; /* first: put() gets the FILE and finds the rest */
	char *buf;
	size_t cap, len;
};

/* Counts every character and keeps those that fit (C11 7.21.6.12). */
static int put(char c, FILE *f)
{
	struct strout *s = (struct strout *)f;
	if (s->len + 1 < s->cap)
		s->buf[s->len] = c;
	s->len++;
	return (unsigned char)c;
}

int vsnprintf(char *restrict buf, size_t cap, const char *restrict fmt, va_list ap)
{
	struct strout s = {.file = FDEV_SETUP_STREAM(put, NULL, NULL, _FDEV_SETUP_WRITE), .buf = buf, .cap = cap};
	int n = vfprintf(&s.file, fmt, ap);
	if (cap)
		buf[s.len < cap ? s.len : cap - 1] = '\0';
	return n;
}

int snprintf(char *restrict buf, size_t cap, const char *restrict fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, cap, fmt, ap);
	va_end(ap);
	return n;
}
