/* The FPU's answer for the FP-emulation workload's check. Built with the
 * FPU's instructions on RISC-V too (mk/riscv64.mk: *_hw.c files in this
 * directory), where the image's other C code is integer-only. Each step
 * is stored as a float, so no step is kept wider or fused (C11 with GCC:
 * FLT_EVAL_METHOD 0 on these targets, contraction off in ISO mode). */
#include <string.h>

#include "wl_fpemu.h"

void wl_fpemu_hw(const uint32_t *a, const uint32_t *b, uint32_t *out, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		float x, y;
		memcpy(&x, &a[i], 4);
		memcpy(&y, &b[i], 4);
		volatile float s = x + y;
		volatile float p = s * x;
		volatile float q = p / y;
		float r = q - y;
		memcpy(&out[i], &r, 4);
	}
}
