#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "console.h"

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

void bm_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0)
		console_write(buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
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
	static char line[BM_REC_MAX + 32];
	bool dropped = r->overflow || r->depth != 0;
	size_t n = rec_finish(r, line, sizeof(line));
	console_write(line, n);
	/* the error record stands in its place; the end record counts it too */
	if (dropped)
		bm_warn("a record did not fit in %d bytes or was left open, and was dropped", BM_REC_MAX);
}
