/* The image's memcpy and memset: a word at a time (lib/wordcopy.c), in
 * place of picolibc's byte loops. Defined here, they are what the link
 * takes; memmove and the rest stay picolibc's. */
#include <string.h>

#include "wordcopy.h"

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	return bm_memcpy(dst, src, n);
}

void *memset(void *dst, int c, size_t n)
{
	return bm_memset(dst, c, n);
}
