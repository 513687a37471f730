/* What the vector instruction kernels (rvv_riscv64.c, neon_aarch64.c)
 * share: bodies that call the assembly body the state picked for its
 * element width and register grouping. */
#ifndef BM_VKERNEL_H
#define BM_VKERNEL_H
#include <stdbool.h>

#include "kernel.h"

/* The assembly bodies one parameter runs, a member of the kernel's state
 * (after the fields the bodies read at fixed offsets). */
struct vbodies {
	bm_body_fn x1, x2;
};

/* VKERNEL_BODIES(type, member): body_x1 and body_x2 for a state of
 * `type` whose struct vbodies is `member`. */
#define VKERNEL_BODIES(type, member)                                \
	static uint64_t body_x1(void *st, uint64_t iters)             \
	{                                                             \
		return ((type *)st)->member.x1(st, iters);            \
	}                                                             \
	static uint64_t body_x2(void *st, uint64_t iters)             \
	{                                                             \
		return ((type *)st)->member.x2(st, iters);            \
	}
#endif
