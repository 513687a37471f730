#include "guard.h"

#include <stddef.h>

#include "point_path.h"

/* The non-local return: the C library's setjmp and longjmp, unless the
 * port has its own (arch/arm64/jump.h: picolibc's save FP registers). */
#if __has_include("jump.h")
#include "jump.h"
#else
#include <setjmp.h>
typedef jmp_buf bm_jmp_buf;
#define bm_setjmp(jb) setjmp(jb)
#define bm_longjmp(jb, val) longjmp(jb, val)
#endif

static bm_jmp_buf *volatile armed;
static struct bm_trap *volatile armed_out;

bool guard_resume(const struct bm_trap *t)
{
	bm_jmp_buf *jb = armed;
	if (!jb)
		return false;
	armed = NULL;
	*armed_out = *t;
	bm_longjmp(*jb, 1);
}

BM_POINT_PATH int bm_guard(void (*fn)(void *), void *arg, struct bm_trap *t)
{
	bm_jmp_buf jb;
	bm_jmp_buf *volatile outer = armed;
	struct bm_trap *volatile outer_t = armed_out;
	if (bm_setjmp(jb)) {
		armed = outer;
		armed_out = outer_t;
		return 1;
	}
	armed_out = t;
	armed = &jb;
	fn(arg);
	armed = outer;
	armed_out = outer_t;
	return 0;
}
