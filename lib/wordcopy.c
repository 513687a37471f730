#include "wordcopy.h"

#include <stdint.h>

/* A word that may alias anything: the copies move other types' bytes. */
typedef uint64_t __attribute__((may_alias)) word;

/* GCC would turn these loops back into calls to memcpy and memset, which
 * are these functions in the image. */
#define NO_LIBCALLS __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LIBCALLS void *bm_memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	uint8_t *d = dst;
	const uint8_t *s = src;
	if ((((uintptr_t)d ^ (uintptr_t)s) & (sizeof(word) - 1)) == 0) {
		for (; n && ((uintptr_t)d & (sizeof(word) - 1)); n--)
			*d++ = *s++;
		word *dw = (word *)(void *)d;
		const word *sw = (const word *)(const void *)s;
		for (; n >= 4 * sizeof(word); n -= 4 * sizeof(word), dw += 4, sw += 4) {
			dw[0] = sw[0];
			dw[1] = sw[1];
			dw[2] = sw[2];
			dw[3] = sw[3];
		}
		for (; n >= sizeof(word); n -= sizeof(word))
			*dw++ = *sw++;
		d = (uint8_t *)dw;
		s = (const uint8_t *)sw;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

NO_LIBCALLS void *bm_memset(void *dst, int c, size_t n)
{
	uint8_t *d = dst, b = (uint8_t)c;
	for (; n && ((uintptr_t)d & (sizeof(word) - 1)); n--)
		*d++ = b;
	word v = b * (word)0x0101010101010101ull, *dw = (word *)(void *)d;
	for (; n >= 4 * sizeof(word); n -= 4 * sizeof(word), dw += 4)
		dw[0] = dw[1] = dw[2] = dw[3] = v;
	for (; n >= sizeof(word); n -= sizeof(word))
		*dw++ = v;
	d = (uint8_t *)dw;
	while (n--)
		*d++ = b;
	return dst;
}
