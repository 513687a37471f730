/* Optional features under Linux: CPUID through GCC's
 * __builtin_cpu_supports on x86-64, the kernel's hwcaps (getauxval
 * AT_HWCAP, bits from Linux arch/arm64/include/uapi/asm/hwcap.h) on
 * AArch64. The riscv64 build asks nothing beyond rv64gc. */
#include <stdio.h>
#include <string.h>
#if defined(__aarch64__)
#include <sys/auxv.h>
#endif

#include "arch.h"

#if defined(__x86_64__)
bool arch_has_feature(const char *name)
{
	if (!strcmp(name, "fpu")) /* a hard-float Linux ABI: this process runs on one */
		return true;
	/* __builtin_cpu_supports needs literal names. */
	if (!strcmp(name, "fma")) return __builtin_cpu_supports("fma");
	if (!strcmp(name, "aes")) return __builtin_cpu_supports("aes");
	if (!strcmp(name, "pclmul")) return __builtin_cpu_supports("pclmul");
	if (!strcmp(name, "sha")) return __builtin_cpu_supports("sha");
	if (!strcmp(name, "avx")) return __builtin_cpu_supports("avx");
	if (!strcmp(name, "avx2")) return __builtin_cpu_supports("avx2");
	if (!strcmp(name, "vaes")) return __builtin_cpu_supports("vaes");
	if (!strcmp(name, "vpclmulqdq")) return __builtin_cpu_supports("vpclmulqdq");
	if (!strcmp(name, "avx512f")) return __builtin_cpu_supports("avx512f");
	if (!strcmp(name, "avx512bw")) return __builtin_cpu_supports("avx512bw");
	/* the instruction table's extensions (kernels/insn/forms_x86.tsv) */
	if (!strcmp(name, "popcnt")) return __builtin_cpu_supports("popcnt");
	if (!strcmp(name, "lzcnt")) return __builtin_cpu_supports("lzcnt");
	if (!strcmp(name, "bmi")) return __builtin_cpu_supports("bmi");
	if (!strcmp(name, "bmi2")) return __builtin_cpu_supports("bmi2");
	if (!strcmp(name, "adx")) return __builtin_cpu_supports("adx");
	if (!strcmp(name, "sse41")) return __builtin_cpu_supports("sse4.1");
	if (!strcmp(name, "sse42")) return __builtin_cpu_supports("sse4.2");
	/* the SIMD and crypto forms (issue 43); a 512-bit VAES or VPCLMULQDQ
	 * form is EVEX-encoded: AVX-512F as well (Intel SDM vol. 2, VAESENC) */
	if (!strcmp(name, "ssse3")) return __builtin_cpu_supports("ssse3");
	if (!strcmp(name, "avx512dq")) return __builtin_cpu_supports("avx512dq");
	if (!strcmp(name, "avx512vl")) return __builtin_cpu_supports("avx512vl");
	if (!strcmp(name, "sse3")) return __builtin_cpu_supports("sse3");
	if (!strcmp(name, "avx512cd")) return __builtin_cpu_supports("avx512cd");
	if (!strcmp(name, "avx512vbmi")) return __builtin_cpu_supports("avx512vbmi");
	if (!strcmp(name, "avx512vnni")) return __builtin_cpu_supports("avx512vnni");
	if (!strcmp(name, "avx512ifma")) return __builtin_cpu_supports("avx512ifma");
	if (!strcmp(name, "avx512vpopcntdq")) return __builtin_cpu_supports("avx512vpopcntdq");
	if (!strcmp(name, "gfni")) return __builtin_cpu_supports("gfni");
	if (!strcmp(name, "vaes512")) return __builtin_cpu_supports("vaes") && __builtin_cpu_supports("avx512f");
	if (!strcmp(name, "vpclmul512"))
		return __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("avx512f");
	return false;
}

void arch_feature_missing(const char *name, char *why, size_t cap)
{
	snprintf(why, cap, "no %s on this CPU (CPUID)", name);
}
#elif defined(__aarch64__)
static const struct {
	const char *name;
	unsigned long bit;
} hwcaps[] = {
	{"neon", 1ul << 1}, {"aes", 1ul << 3}, {"pmull", 1ul << 4}, {"sha2", 1ul << 6},
	{"sm3", 1ul << 18}, {"sm4", 1ul << 19}, {"sha512", 1ul << 21}, {"sha1", 1ul << 5}, {"sha3", 1ul << 17},
	/* the instruction table's: CRC32, ATOMICS (LSE), and FP16 scalar
	 * (FPHP) and vector (ASIMDHP) forms, both */
	{"crc", 1ul << 7}, {"lse", 1ul << 8}, {"fp16", (1ul << 9) | (1ul << 10)},
};

bool arch_has_feature(const char *name)
{
	if (!strcmp(name, "fpu")) /* a hard-float Linux ABI: this process runs on one */
		return true;
	if (!strcmp(name, "fma"))
		return true;
	unsigned long hw = getauxval(AT_HWCAP);
	for (size_t i = 0; i < sizeof(hwcaps) / sizeof(hwcaps[0]); i++)
		if (!strcmp(hwcaps[i].name, name))
			return (hw & hwcaps[i].bit) == hwcaps[i].bit;
	return false;
}

void arch_feature_missing(const char *name, char *why, size_t cap)
{
	snprintf(why, cap, "no %s on this CPU (AT_HWCAP 0x%lx)", name, getauxval(AT_HWCAP));
}
#else
bool arch_has_feature(const char *name)
{
	if (!strcmp(name, "fpu")) /* a hard-float Linux ABI: this process runs on one */
		return true;
	return !strcmp(name, "fma"); /* fmadd.d: rv64gc */
}

void arch_feature_missing(const char *name, char *why, size_t cap)
{
	snprintf(why, cap, "%s: not probed by the riscv64 Linux build", name);
}
#endif
