/* Trap handling for the riscv64 image. scause codes from
 * the RISC-V Privileged Specification 20211203, table 4.2. Guarded calls
 * resume through lib/guard.c; any other trap is reported and stops the run. */
#include "arch.h"
#include "guard.h"
#include "harness_hooks.h"

struct trap_frame {
	uint64_t x[32];
	uint64_t sepc, scause, stval, sstatus;
};

static volatile int fatal_depth;

void trap_handle(struct trap_frame *f);

void trap_handle(struct trap_frame *f)
{
	struct bm_trap t = {f->scause, f->sepc, f->stval};
	guard_resume(&t); /* returns only when no guarded call is running */
	if (fatal_depth++ == 0)
		harness_unexpected_trap(&t);
	arch_stop();
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
