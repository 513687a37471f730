#include "isa.h"

#include <stddef.h>
#include <string.h>

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* word[0..n) equals ext, or ext followed by a version: digits, optionally
 * "p" and more digits. */
static bool word_is(const char *word, size_t n, const char *ext)
{
	size_t i = 0;
	for (; ext[i]; i++)
		if (i >= n || lower(word[i]) != lower(ext[i]))
			return false;
	if (i == n)
		return true;
	if (!is_digit(word[i]))
		return false;
	while (i < n && is_digit(word[i]))
		i++;
	if (i < n && lower(word[i]) == 'p')
		for (i++; i < n && is_digit(word[i]);)
			i++;
	return i == n;
}

bool isa_names_ext(const char *isa, const char *ext)
{
	if (!isa || !ext || !ext[0])
		return false;
	if (lower(isa[0]) != 'r' || lower(isa[1]) != 'v' || !is_digit(isa[2]) || !is_digit(isa[3]))
		return false;
	const char *p = isa + 4;
	if (!ext[1]) {
		/* base letters end at the first '_' or at a multi-letter
		 * extension's prefix (z, s, x) */
		for (; *p && *p != '_'; p++) {
			char c = lower(*p);
			if (c == 'z' || c == 's' || c == 'x')
				break;
			if (c == lower(ext[0]))
				return true;
		}
		return false;
	}
	/* multi-letter: every word after an underscore, and a first one
	 * glued to the base letters ("rv64gczicsr") */
	while (*p && *p != '_' && lower(*p) != 'z' && lower(*p) != 's' && lower(*p) != 'x')
		p++;
	while (*p) {
		if (*p == '_') {
			p++;
			continue;
		}
		const char *w = p;
		while (*p && *p != '_')
			p++;
		if (word_is(w, (size_t)(p - w), ext))
			return true;
	}
	return false;
}

/* Extensions a name brings with it: the vector crypto bundles and
 * supersets as Linux reads them (arch/riscv/kernel/cpufeature.c:
 * Zvkn = Zvkned + Zvknhb + Zvkb + Zvkt, Zvknc/Zvkng add Zvbc/Zvkg, Zvks =
 * Zvksed + Zvksh + Zvkb + Zvkt and its C/G forms, Zvbb a superset of
 * Zvkb), and Zvknhb, whose SHA-2 instructions take SEW 32 as Zvknha's do
 * (RISC-V vector cryptography specification 1.0). */
static const struct {
	const char *name;
	const char *brings[4];
} implied[] = {
	{"zvbb", {"zvkb"}},
	{"zvknhb", {"zvknha"}},
	{"zvkn", {"zvkned", "zvknhb", "zvkb", "zvkt"}},
	{"zvknc", {"zvkn", "zvbc"}},
	{"zvkng", {"zvkn", "zvkg"}},
	{"zvks", {"zvksed", "zvksh", "zvkb", "zvkt"}},
	{"zvksc", {"zvks", "zvbc"}},
	{"zvksg", {"zvks", "zvkg"}},
};

bool isa_has_ext(const char *isa, const char *ext)
{
	if (isa_names_ext(isa, ext))
		return true;
	if (!ext || !ext[0] || !ext[1])
		return false;
	/* each entry brings only names that stand later in no cycle, so
	 * this recursion ends (at most three deep: zvknc, zvkn, zvknhb) */
	for (size_t i = 0; i < sizeof(implied) / sizeof(implied[0]); i++)
		for (int k = 0; k < 4 && implied[i].brings[k]; k++)
			if (word_is(implied[i].brings[k], strlen(implied[i].brings[k]), ext) &&
			    isa_has_ext(isa, implied[i].name))
				return true;
	return false;
}
