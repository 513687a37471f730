#include "isa.h"

#include <stddef.h>
#include <stdint.h>
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

/* "rv" and two digits: the strings this reader takes. */
static bool isa_valid(const char *isa)
{
	return isa && lower(isa[0]) == 'r' && lower(isa[1]) == 'v' && is_digit(isa[2]) && is_digit(isa[3]);
}

/* A single letter among the base letters after "rv64", which end at the
 * first '_' or at a multi-letter extension's prefix (z, s, x). */
static bool base_letter(const char *isa, char ext)
{
	for (const char *p = isa + 4; *p && *p != '_'; p++) {
		char c = lower(*p);
		if (c == 'z' || c == 's' || c == 'x')
			break;
		if (c == lower(ext))
			return true;
	}
	return false;
}

/* The first multi-letter word: after an underscore, or glued to the base
 * letters ("rv64gczicsr"). */
static const char *words_start(const char *isa)
{
	const char *p = isa + 4;
	while (*p && *p != '_' && lower(*p) != 'z' && lower(*p) != 's' && lower(*p) != 'x')
		p++;
	return p;
}

/* The next underscore-separated word from *p (its length in *n), *p
 * left after it; NULL at the string's end. */
static const char *next_word(const char **p, size_t *n)
{
	const char *w = *p;
	while (*w == '_')
		w++;
	if (!*w)
		return NULL;
	const char *e = w;
	while (*e && *e != '_')
		e++;
	*p = e;
	*n = (size_t)(e - w);
	return w;
}

bool isa_names_ext(const char *isa, const char *ext)
{
	if (!isa_valid(isa) || !ext || !ext[0])
		return false;
	if (!ext[1])
		return base_letter(isa, ext[0]);
	size_t n;
	for (const char *p = words_start(isa), *w; (w = next_word(&p, &n));)
		if (word_is(w, n, ext))
			return true;
	return false;
}

void isa_index_build(struct isa_index *ix, const char *isa)
{
	ix->isa = isa;
	ix->n = 0;
	ix->complete = false;
	if (!isa_valid(isa))
		return;
	size_t n;
	for (const char *p = words_start(isa), *w; (w = next_word(&p, &n));) {
		if (ix->n == ISA_INDEX_WORDS || (size_t)(w - isa) > UINT16_MAX || n > UINT16_MAX)
			return; /* not complete: isa_index_names reads the string itself */
		ix->off[ix->n] = (uint16_t)(w - isa);
		ix->len[ix->n] = (uint16_t)n;
		ix->first[ix->n] = lower(w[0]);
		ix->second[ix->n++] = n > 1 ? lower(w[1]) : '\0';
	}
	ix->complete = true;
}

bool isa_index_names(const struct isa_index *ix, const char *ext)
{
	if (!ix->complete || !ext || !ext[0] || !ext[1])
		return isa_names_ext(ix->isa, ext);
	char c = lower(ext[0]), c2 = lower(ext[1]);
	for (unsigned i = 0; i < ix->n; i++)
		if (ix->first[i] == c && ix->second[i] == c2 && word_is(ix->isa + ix->off[i], ix->len[i], ext))
			return true;
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

/* ext, named or brought by a name, where names(ctx, x) says whether the
 * string names x itself */
static bool has_ext(bool (*names)(const void *ctx, const char *ext), const void *ctx, const char *ext)
{
	if (names(ctx, ext))
		return true;
	if (!ext || !ext[0] || !ext[1])
		return false;
	/* each entry brings only names that stand later in no cycle, so
	 * this recursion ends (at most three deep: zvknc, zvkn, zvknhb) */
	for (size_t i = 0; i < sizeof(implied) / sizeof(implied[0]); i++)
		for (int k = 0; k < 4 && implied[i].brings[k]; k++) {
			const char *b = implied[i].brings[k];
			if (b[0] == lower(ext[0]) && word_is(b, strlen(b), ext) && has_ext(names, ctx, implied[i].name))
				return true;
		}
	return false;
}

static bool string_names(const void *isa, const char *ext)
{
	return isa_names_ext(isa, ext);
}

static bool index_names(const void *ix, const char *ext)
{
	return isa_index_names(ix, ext);
}

bool isa_has_ext(const char *isa, const char *ext)
{
	return has_ext(string_names, isa, ext);
}

bool isa_index_has(const struct isa_index *ix, const char *ext)
{
	return has_ext(index_names, ix, ext);
}
