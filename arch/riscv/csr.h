#ifndef BM_RISCV_CSR_H
#define BM_RISCV_CSR_H
#include <stdint.h>

#define csr_read(name)                                            \
	({                                                        \
		uint64_t v_;                                      \
		__asm__ volatile("csrr %0, " #name : "=r"(v_));   \
		v_;                                               \
	})
#define csr_write(name, v) __asm__ volatile("csrw " #name ", %0" ::"r"((uint64_t)(v)))

#endif
