#include "guard.h"

#include <setjmp.h>
#include <stddef.h>

static jmp_buf *volatile armed;
static struct bm_trap *volatile armed_out;

bool guard_resume(const struct bm_trap *t)
{
	jmp_buf *jb = armed;
	if (!jb)
		return false;
	armed = NULL;
	*armed_out = *t;
	longjmp(*jb, 1);
}

int bm_guard(void (*fn)(void *), void *arg, struct bm_trap *t)
{
	jmp_buf jb;
	jmp_buf *volatile outer = armed;
	struct bm_trap *volatile outer_t = armed_out;
	if (setjmp(jb)) {
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
