/* Exceptions on arm64. ESR_ELx exception classes from the Arm ARM
 * (DDI 0487) D17.2.37. Guarded calls resume through lib/guard.c; any other
 * exception is reported and stops the run. */
#include "arch.h"
#include "guard.h"
#include "harness_hooks.h"

struct trap_frame {
	uint64_t x[31];
	uint64_t esr, elr, far;
};

static volatile int fatal_depth;

void trap_handle(uint64_t kind, struct trap_frame *f);

/* kind = vector entry: 4 groups (current EL SP0, current EL SPx, lower
 * EL AArch64, lower EL AArch32) of sync, IRQ, FIQ, SError. */
void trap_handle(uint64_t kind, struct trap_frame *f)
{
	struct bm_trap t = {f->esr | (kind & 3) << 32, f->elr, f->far};
	if ((kind & 3) == 0)
		guard_resume(&t); /* synchronous: returns only if nothing is guarded */
	if (fatal_depth++ == 0)
		harness_unexpected_trap(&t);
	arch_stop();
}

static const char *ec_name(unsigned ec)
{
	switch (ec) {
	case 0x00: return "unknown reason (undefined instruction)";
	case 0x01: return "WFI/WFE trapped";
	case 0x07: return "FP/SIMD access trapped";
	case 0x0e: return "illegal execution state";
	case 0x15: return "SVC";
	case 0x16: return "HVC";
	case 0x17: return "SMC";
	case 0x18: return "system register access trapped";
	case 0x20: case 0x21: return "instruction abort";
	case 0x22: return "PC alignment fault";
	case 0x24: case 0x25: return "data abort";
	case 0x26: return "SP alignment fault";
	case 0x2c: return "floating-point exception";
	case 0x2f: return "SError";
	case 0x3c: return "BRK instruction";
	default: return "other";
	}
}

void arch_trap_fields(struct rec *r, const struct bm_trap *t)
{
	static const char *const kinds[] = {"synchronous", "IRQ", "FIQ", "SError"};
	uint32_t esr = (uint32_t)t->cause;
	unsigned ec = esr >> 26;
	rec_str(r, "exception", kinds[(t->cause >> 32) & 3]);
	rec_hex(r, "esr", esr);
	rec_hex(r, "ec", ec);
	rec_str(r, "ec_name", ec_name(ec));
	rec_hex(r, "elr", t->pc);
	rec_hex(r, "far", t->addr);
}
