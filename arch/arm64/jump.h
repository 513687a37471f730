/* The guard's non-local return (lib/guard.c) on arm64: picolibc's setjmp
 * and longjmp save and restore d8-d15, which traps on a core without FP
 * (ID_AA64PFR0_EL1.FP = 0xf), so the image has its own (jump.S), which
 * keeps the integer callee-saved registers x19-x30 and sp only. d8-d15
 * need no keeping: all the C that can call bm_guard is built without FP
 * registers (mk/aarch64.mk, +nofp), so none of them is live across it. */
#ifndef BM_JUMP_H
#define BM_JUMP_H
#include <stdint.h>

typedef uint64_t bm_jmp_buf[13]; /* x19-x30, sp */
__attribute__((returns_twice)) int bm_setjmp(bm_jmp_buf jb);
_Noreturn void bm_longjmp(bm_jmp_buf jb, int val);
#endif
