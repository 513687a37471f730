/* Core types: cores grouped by what they say they are. Arm cores by MIDR;
 * RISC-V harts by mvendorid/marchid/mimpid (from SBI, on that hart), VLEN
 * (vlenb read on that hart) and the device tree's compatible. Plain data,
 * so the host tests can group the boards' trees without booting them. */
#ifndef BM_CORETYPES_H
#define BM_CORETYPES_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct core_ident {
	uint64_t hwid;       /* hart id, or the MPIDR affinity fields */
	char compatible[40]; /* from the device tree, "" if none */
	bool arm;
	bool named; /* the OS named the core (Linux build): compatible is its model */
	uint64_t midr;                        /* Arm */
	uint64_t mvendorid, marchid, mimpid;  /* RISC-V */
	uint64_t vlenb;                       /* RISC-V, 0 = no RVV 1.0 */
};

/* type[i] = the group of core i, numbered in order of first appearance;
 * returns the number of groups. */
int coretypes_group(const struct core_ident *c, int n, int *type);
/* A short name for c's type: "Cortex-A72 (MIDR 0x410fd083)",
 * "spacemit,x100 marchid 0x8000000058000002 VLEN 256". */
void coretype_label(const struct core_ident *c, char *buf, size_t cap);
/* Arm's core name for a MIDR ("Cortex-A53"); for a core not in the table,
 * "implementer 0x41 part 0xd0f" (a static buffer: copy it)
 * (part numbers from Linux arch/arm64/include/asm/cputype.h). */
const char *arm_midr_name(uint64_t midr);
#endif
