/* The few calls that go up from arch/ to the harness. */
#ifndef BM_HARNESS_HOOKS_H
#define BM_HARNESS_HOOKS_H
#include "arch.h"
/* A trap outside any guarded call: report it and let the arch stop. */
void harness_unexpected_trap(const struct bm_trap *t);
#endif
