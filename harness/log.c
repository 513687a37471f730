#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "console.h"
#include "point_path.h"

static unsigned warnings;
static int core_type;

void rec_set_core_type(int type)
{
	core_type = type;
}

int rec_core_type(void)
{
	return core_type;
}

/* Every record says which core wrote it, and that core's type. */
void rec_core(struct rec *r)
{
	rec_u64(r, "core", arch_core_id());
	rec_u64(r, "core_type", (uint64_t)core_type);
}

/* baremark.console: both until the options say otherwise */
static bool show_table = true, show_records = true;

void log_console_set(bool table, bool records)
{
	show_table = table;
	show_records = records;
}

static void vsay(const char *fmt, va_list ap)
{
	char buf[512];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	if (n > 0)
		console_write(buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

void bm_printf(const char *fmt, ...)
{
	if (!show_table)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsay(fmt, ap);
	va_end(ap);
}

void bm_print(const char *s, size_t n)
{
	if (show_table)
		console_write(s, n);
}

BM_POINT_PATH bool log_table_shown(void)
{
	return show_table;
}

BM_POINT_PATH bool log_records_shown(void)
{
	return show_records;
}

void bm_status(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsay(fmt, ap);
	va_end(ap);
}

/* A warning is said twice: on the console for whoever watches, and as a
 * `warning` record, so that the host tools show it too. */
void bm_warn_line(const char *msg)
{
	warnings++;
	bm_printf("warning: %s\n", msg);
	struct rec r;
	rec_begin(&r, "warning");
	rec_core(&r);
	rec_str(&r, "text", msg);
	bm_emit(&r);
}

void bm_warn(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	bm_warn_line(buf);
}

unsigned bm_warning_count(void)
{
	return warnings;
}

void bm_emit(struct rec *r)
{
	bool dropped = r->overflow || r->depth != 0;
	char tail[REC_TAIL];
	size_t n = rec_seal(r, tail);
	if (show_records) {
		console_write(REC_PREFIX, sizeof(REC_PREFIX) - 1);
		/* the tail after the JSON where the buffer has room (always
		 * but for a record near its limit): one write less a record */
		if (n + REC_TAIL <= sizeof(r->buf)) {
			for (int i = 0; i < REC_TAIL; i++) /* 12 bytes: no call */
				r->buf[n + i] = tail[i];
			console_write(r->buf, n + REC_TAIL - 1);
		} else {
			console_write(r->buf, n);
			console_write(tail, REC_TAIL - 1);
		}
	}
	/* the error record stands in its place; the end record counts it too */
	if (dropped)
		bm_warn("a record did not fit in %d bytes or was left open, and was dropped", BM_REC_MAX);
}
