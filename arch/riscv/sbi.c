#include "sbi.h"

struct sbiret sbi_call(long eid, long fid, long a0, long a1, long a2, long a3, long a4)
{
	register long r0 __asm__("a0") = a0;
	register long r1 __asm__("a1") = a1;
	register long r2 __asm__("a2") = a2;
	register long r3 __asm__("a3") = a3;
	register long r4 __asm__("a4") = a4;
	register long r6 __asm__("a6") = fid;
	register long r7 __asm__("a7") = eid;
	__asm__ volatile("ecall"
			 : "+r"(r0), "+r"(r1)
			 : "r"(r2), "r"(r3), "r"(r4), "r"(r6), "r"(r7)
			 : "memory");
	struct sbiret ret = {r0, r1};
	return ret;
}

bool sbi_has(long eid)
{
	/* Base extension FID 3: probe_extension; non-zero value = present. */
	struct sbiret r = sbi_call(SBI_EXT_BASE, 3, eid, 0, 0, 0, 0);
	return r.error == 0 && r.value != 0;
}

const char *sbi_strerror(long err)
{
	switch (err) {
	case 0: return "success";
	case -1: return "SBI_ERR_FAILED";
	case -2: return "SBI_ERR_NOT_SUPPORTED";
	case -3: return "SBI_ERR_INVALID_PARAM";
	case -4: return "SBI_ERR_DENIED";
	case -5: return "SBI_ERR_INVALID_ADDRESS";
	case -6: return "SBI_ERR_ALREADY_AVAILABLE";
	case -7: return "SBI_ERR_ALREADY_STARTED";
	case -8: return "SBI_ERR_ALREADY_STOPPED";
	case -9: return "SBI_ERR_NO_SHMEM";
	default: return "unknown SBI error";
	}
}
