#include "coretypes.h"

#include <stdio.h>
#include <string.h>

const char *arm_midr_name(uint64_t midr)
{
	static const struct {
		unsigned part;
		const char *name;
	} arm[] = {
		{0xd03, "Cortex-A53"}, {0xd04, "Cortex-A35"}, {0xd05, "Cortex-A55"}, {0xd07, "Cortex-A57"},
		{0xd08, "Cortex-A72"}, {0xd09, "Cortex-A73"}, {0xd0a, "Cortex-A75"}, {0xd0b, "Cortex-A76"},
		{0xd0c, "Neoverse-N1"}, {0xd0d, "Cortex-A77"}, {0xd41, "Cortex-A78"}, {0xd44, "Cortex-X1"},
		{0xd46, "Cortex-A510"}, {0xd47, "Cortex-A710"}, {0xd48, "Cortex-X2"}, {0xd4d, "Cortex-A715"},
		{0xd4e, "Cortex-X3"},
	};
	unsigned implementer = (midr >> 24) & 0xff, part = (midr >> 4) & 0xfff;
	if (implementer == 0x41)
		for (size_t i = 0; i < sizeof(arm) / sizeof(arm[0]); i++)
			if (arm[i].part == part)
				return arm[i].name;
	/* a core this table does not name: what the hardware says (the
	 * caller copies it before the next call) */
	static char what[48];
	snprintf(what, sizeof(what), "implementer 0x%02x part 0x%03x", implementer, part);
	return what;
}

static bool same_type(const struct core_ident *a, const struct core_ident *b)
{
	if (a->arm != b->arm)
		return false;
	if (a->arm) /* MIDR names the core and its revision */
		return a->midr == b->midr;
	return a->mvendorid == b->mvendorid && a->marchid == b->marchid && a->mimpid == b->mimpid &&
	       a->vlenb == b->vlenb && strcmp(a->compatible, b->compatible) == 0;
}

int coretypes_group(const struct core_ident *c, int n, int *type)
{
	int ngroups = 0;
	for (int i = 0; i < n; i++) {
		type[i] = -1;
		for (int j = 0; j < i && type[i] < 0; j++)
			if (same_type(&c[i], &c[j]))
				type[i] = type[j];
		if (type[i] < 0)
			type[i] = ngroups++;
	}
	return ngroups;
}

void coretype_label(const struct core_ident *c, char *buf, size_t cap)
{
	if (c->named) {
		snprintf(buf, cap, "%s", c->compatible);
		return;
	}
	if (c->arm) {
		snprintf(buf, cap, "%s (MIDR 0x%llx)", arm_midr_name(c->midr), (unsigned long long)c->midr);
		return;
	}
	int n = snprintf(buf, cap, "%s marchid 0x%llx", c->compatible[0] ? c->compatible : "riscv",
			 (unsigned long long)c->marchid);
	if (n > 0 && (size_t)n < cap) {
		if (c->vlenb)
			snprintf(buf + n, cap - (size_t)n, " VLEN %llu", (unsigned long long)c->vlenb * 8);
		else
			snprintf(buf + n, cap - (size_t)n, " no RVV 1.0");
	}
}
