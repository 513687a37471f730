/* Supervisor Binary Interface calls (RISC-V SBI specification v2.0:
 * chapter 3 binary encoding, chapter 4 base, 5 legacy, 10 system reset,
 * 11 PMU, 12 debug console). */
#ifndef BM_SBI_H
#define BM_SBI_H
#include <stdbool.h>
#include <stdint.h>

#define SBI_EXT_LEGACY_PUTCHAR 0x01
#define SBI_EXT_LEGACY_SHUTDOWN 0x08
#define SBI_EXT_BASE 0x10
#define SBI_EXT_SRST 0x53525354
#define SBI_EXT_PMU 0x504D55
#define SBI_EXT_DBCN 0x4442434E

struct sbiret {
	long error;
	long value;
};

struct sbiret sbi_call(long eid, long fid, long a0, long a1, long a2, long a3, long a4);
bool sbi_has(long eid);
const char *sbi_strerror(long err);

#endif
