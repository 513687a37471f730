#ifndef BM_HISTORY_SETTLE_H
#define BM_HISTORY_SETTLE_H
/* Branches the harness runs before each pass's counter reads
 * (harness.c: pass), so that every pass enters its body with the same
 * global branch history whatever ran before it: the untimed pass then
 * trains the very predictor entries the timed pass after it meets. A
 * row or loop of its own per ISA, written once here like time_wait.h, so the
 * harness stays free of assembly. Without them, what came before differed (the
 * untimed pass followed the last repeat's bookkeeping or the warm-up, the
 * timed one the untimed pass), and the first timed pass of each body met
 * entries nothing had trained: on the C906's RTL (a gshare indexed by the
 * history) 3-9 more conditional mispredicts than every later pass, in
 * every body, empty passes too, read by its event counters; with 32
 * they counted the later passes' mispredicts. 32 also covers the C910's
 * 22-bit global history (T-Head's openc910 RTL, its ct_ifu_bht); a
 * longer history (the TAGE of large cores) keeps some of what came
 * before, and the repeats there take the rest. */
#define HISTORY_SETTLE_BRANCHES 32
static inline void arch_branch_history_settle(void)
{
#if defined(__riscv)
	/* RISC-V: a row of branches never taken (rs1 = rs2 = zero), one
	 * instruction a branch where the loop took two (under sim the
	 * loop was some 650 instructions a form of the instruction table):
	 * the history they leave is as fixed as the loop's, and a branch not
	 * taken takes no entry of a BTB that holds taken ones (the C906's 16,
	 * which the loop's one branch shared with the body's) */
	__asm__ volatile(".rept %0\n\tbne zero, zero, 1f\n1:\n.endr" : : "i"(HISTORY_SETTLE_BRANCHES));
#elif defined(__aarch64__)
	__asm__ volatile("mov x9, %0\n1:\tsubs x9, x9, #1\n\tb.ne 1b" : : "i"(HISTORY_SETTLE_BRANCHES) : "x9", "cc");
#elif defined(__x86_64__)
	__asm__ volatile("mov %0, %%ecx\n1:\tdec %%ecx\n\tjnz 1b" : : "i"(HISTORY_SETTLE_BRANCHES) : "ecx", "cc");
#else
#error "arch_branch_history_settle: no loop for this architecture"
#endif
}
#endif
