#ifndef BM_ARM64_SYSREG_H
#define BM_ARM64_SYSREG_H
#include <stdint.h>

#define read_sysreg(r)                                            \
	({                                                        \
		uint64_t v_;                                      \
		__asm__ volatile("mrs %0, " #r : "=r"(v_));       \
		v_;                                               \
	})
#define write_sysreg(r, v) __asm__ volatile("msr " #r ", %0" ::"r"((uint64_t)(v)))
#define isb() __asm__ volatile("isb" ::: "memory")
#define dsb(opt) __asm__ volatile("dsb " #opt ::: "memory")

/* The exception level we run at (1 or 2), set once at entry, and the one
 * we were entered at (3 when boot/aarch64/el3.S dropped from it). */
extern unsigned arm64_el, arm64_entry_el;

/* The same register at our own exception level. */
#define read_el(r) (arm64_el == 2 ? read_sysreg(r##_el2) : read_sysreg(r##_el1))
#define write_el(r, v)                          \
	do {                                    \
		if (arm64_el == 2)              \
			write_sysreg(r##_el2, v); \
		else                            \
			write_sysreg(r##_el1, v); \
	} while (0)

#define SCTLR_M (1u << 0)
#define SCTLR_A (1u << 1)
#define SCTLR_C (1u << 2)
#define SCTLR_I (1u << 12)
#define SCTLR_WXN (1u << 19)

#endif
