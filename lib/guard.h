/* Guarded calls: a synchronous trap inside fn comes back to the caller
 * instead of ending the run. The architecture's trap handler calls
 * guard_resume(); everything else calls bm_guard(). */
#ifndef BM_GUARD_H
#define BM_GUARD_H
#include <stdbool.h>
#include <stdint.h>

/* A trap, in the architecture's own registers (riscv: scause, sepc,
 * stval; arm64: ESR, ELR, FAR). */
struct bm_trap {
	uint64_t cause, pc, addr;
};

/* Runs fn(arg): 0 when it returned, 1 when it trapped (*t filled in). */
int bm_guard(void (*fn)(void *), void *arg, struct bm_trap *t);
/* From the trap handler: resumes the innermost guarded call (does not
 * return) or, when none is armed, returns false. A guard is disarmed
 * before it resumes, so a trap on the way out cannot loop. */
bool guard_resume(const struct bm_trap *t);
#endif
