#include "isa.h"

#include <stddef.h>

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

bool isa_has_ext(const char *isa, const char *ext)
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
