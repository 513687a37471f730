/* Traps in the Linux build are signals: SIGILL, SIGSEGV, SIGBUS, SIGFPE
 * and SIGTRAP resume a guarded call through lib/guard.c (the handler is
 * installed with SA_NODEFER, so leaving it by longjmp leaves the signal
 * unblocked); anywhere else they are reported and the program exits. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include "arch.h"
#include "guard.h"
#include "harness_hooks.h"

static uint64_t pc_of(const void *uctx)
{
	const ucontext_t *uc = uctx;
#if defined(__x86_64__)
	return (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
	return uc->uc_mcontext.pc;
#elif defined(__riscv)
	return uc->uc_mcontext.__gregs[0];
#else
	(void)uc;
	return 0;
#endif
}

static void on_signal(int sig, siginfo_t *si, void *uctx)
{
	struct bm_trap t = {(uint64_t)sig, pc_of(uctx), (uint64_t)(uintptr_t)si->si_addr};
	guard_resume(&t);
	harness_unexpected_trap(&t);
	_Exit(1);
}

void arch_trap_init(void);
void arch_trap_init(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	int sigs[] = {SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP};
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

void arch_trap_fields(struct rec *r, const struct bm_trap *t)
{
	rec_u64(r, "signal", t->cause);
	rec_str(r, "signal_name", strsignal((int)t->cause));
	rec_hex(r, "pc", t->pc);
	rec_hex(r, "addr", t->addr);
}
