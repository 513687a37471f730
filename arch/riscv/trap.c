/* Trap handling for the riscv64 image: guarded calls resume through
 * longjmp; anything else is reported and stops the run. scause codes from
 * the RISC-V Privileged Specification 20211203, table 4.2. */
#include <setjmp.h>
#include <stddef.h>

#include "arch.h"
#include "harness_hooks.h"

struct trap_frame {
	uint64_t x[32];
	uint64_t sepc, scause, stval, sstatus;
};

static jmp_buf *volatile guard_jb;
static struct bm_trap *volatile guard_out;
static volatile int fatal_depth;

void trap_handle(struct trap_frame *f);

void trap_handle(struct trap_frame *f)
{
	struct bm_trap t = {f->scause, f->sepc, f->stval};
	jmp_buf *jb = guard_jb;
	if (jb) {
		/* Disarm first: a trap on the way out is then fatal, not a loop. */
		guard_jb = NULL;
		*guard_out = t;
		longjmp(*jb, 1);
	}
	if (fatal_depth++ == 0)
		harness_unexpected_trap(&t);
	arch_stop();
}

int arch_guard(void (*fn)(void *), void *arg, struct bm_trap *t)
{
	jmp_buf jb;
	jmp_buf *volatile outer = guard_jb;
	struct bm_trap *volatile outer_t = guard_out;
	if (setjmp(jb)) {
		guard_jb = outer;
		guard_out = outer_t;
		return 1;
	}
	guard_out = t;
	guard_jb = &jb;
	fn(arg);
	guard_jb = outer;
	guard_out = outer_t;
	return 0;
}

static const char *cause_name(uint64_t cause)
{
	static const char *const names[16] = {
		"instruction address misaligned", "instruction access fault", "illegal instruction",
		"breakpoint", "load address misaligned", "load access fault",
		"store/AMO address misaligned", "store/AMO access fault", "environment call from U-mode",
		"environment call from S-mode", NULL, NULL, "instruction page fault", "load page fault",
		NULL, "store/AMO page fault",
	};
	if (cause >> 63)
		return "interrupt";
	return cause < 16 && names[cause] ? names[cause] : "reserved";
}

void arch_trap_fields(struct rec *r, const struct bm_trap *t)
{
	rec_u64(r, "cause", t->cause);
	rec_str(r, "cause_name", cause_name(t->cause));
	rec_hex(r, "epc", t->pc);
	rec_hex(r, "tval", t->addr);
}
