/* Optional features of an Armv8 core, from its ID registers (Arm ARM
 * D19.2: ID_AA64ISAR0_EL1 fields AES [7:4] (1 AESE, 2 also PMULL),
 * SHA1 [11:8], SHA2 [15:12] (1 SHA-256, 2 also SHA-512), SHA3 [35:32]
 * (EOR3, RAX1, XAR, BCAX), SM3 [39:36], SM4 [43:40];
 * FP and Advanced SIMD: fpu.c). */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "fpu.h"
#include "mmu.h"
#include "sysreg.h"

struct idfield {
	const char *name;
	unsigned shift, min; /* a field of ID_AA64ISAR0_EL1 */
	bool simd;           /* an Advanced SIMD instruction: needs the unit too */
};

/* lse: Atomic [23:20] >= 2 (FEAT_LSE); crc: CRC32 [19:16] >= 1 (the
 * instruction table's integer forms, no SIMD unit needed). */
static const struct idfield fields[] = {
	{"aes", 4, 1, true},  {"pmull", 4, 2, true}, {"sha2", 12, 1, true}, {"sha512", 12, 2, true},
	{"sm3", 36, 1, true}, {"sm4", 40, 1, true},  {"lse", 20, 2, false}, {"crc", 16, 1, false},
	{"sha1", 8, 1, true}, {"sha3", 32, 1, true},
};

static const struct idfield *field(const char *name)
{
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (strcmp(fields[i].name, name) == 0)
			return &fields[i];
	return NULL;
}

static unsigned field_value(const struct idfield *f)
{
	return (unsigned)(read_sysreg(id_aa64isar0_el1) >> f->shift) & 0xf;
}

/* FEAT_FP16: ID_AA64PFR0_EL1.FP [19:16] = 1 (half precision too; 0 is
 * single and double only, 0xF no FPU). */
static unsigned pfr0_fp(void)
{
	return (unsigned)(read_sysreg(id_aa64pfr0_el1) >> 16) & 0xf;
}

bool arch_has_feature(const char *name)
{
	if (strcmp(name, "fpu") == 0 || strcmp(name, "fma") == 0) /* FMADD is in every Armv8-A FPU */
		return !arm64_fp_missing(true);
	if (strcmp(name, "fp16") == 0)
		return !arm64_fp_missing(true) && pfr0_fp() == 1;
	if (strcmp(name, "neon") == 0)
		return !arm64_fp_missing(false);
	const struct idfield *f = field(name);
	/* The crypto instructions are Advanced SIMD instructions. */
	return f && (!f->simd || !arm64_fp_missing(false)) && field_value(f) >= f->min;
}

void arch_feature_missing(const char *name, char *why, size_t cap)
{
	const struct idfield *f = field(name);
	const char *fp = arm64_fp_missing(true), *simd = arm64_fp_missing(false);
	if ((strcmp(name, "fpu") == 0 || strcmp(name, "fma") == 0 || strcmp(name, "fp16") == 0) && fp)
		snprintf(why, cap, "%s", fp);
	else if (strcmp(name, "fp16") == 0)
		snprintf(why, cap, "no FP16 on this core (ID_AA64PFR0_EL1.FP [19:16] = %u, needs 1)", pfr0_fp());
	else if ((strcmp(name, "neon") == 0 || (f && f->simd)) && simd)
		snprintf(why, cap, "%s", simd);
	else if (f)
		snprintf(why, cap, "no %s on this core (ID_AA64ISAR0_EL1 bits %u:%u = %u, needs %u)", name,
			 f->shift + 3, f->shift, field_value(f), f->min);
	else
		snprintf(why, cap, "%s is not an Arm feature baremark knows", name);
}

const char *arch_small_pages(void)
{
	return mmu_small_pages_missing();
}

void *arch_small_pages_view(void *buf, uint64_t bytes, const char **why)
{
	return mmu_small_pages((uint64_t)(uintptr_t)buf, bytes, why);
}

int arch_tlb_flush_kind(const char **why)
{
	if ((*why = arch_small_pages()))
		return 0;
	return (read_sysreg(CurrentEL) >> 2 & 3) == 2 ? 2 : 1;
}

void arch_small_pages_end(void)
{
	/* The view stays valid; nothing uses it after the kernel. */
}
