#ifndef BM_ARM64_SMP_H
#define BM_ARM64_SMP_H
#include "board.h"
/* Takes the tree's spin-table cores (their release addresses) for
 * arch_cpu_start; the others start through PSCI. */
void smp_spin_table(const struct bm_board *b);
#endif
