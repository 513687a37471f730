/* Bulk copy and fill a machine word at a time, for the bare-metal image
 * (arch/baremetal/mem.c makes them its memcpy and memset): picolibc as
 * Debian builds it copies a byte per iteration, about 6 instructions a
 * byte, which a kernel or the harness copying in bulk would pay. Words
 * are used only where both pointers share their alignment; the rest goes
 * byte by byte, so no access is ever misaligned (arm64 runs C before its
 * MMU is on, where every access must be aligned: -mstrict-align). */
#ifndef BM_WORDCOPY_H
#define BM_WORDCOPY_H
#include <stddef.h>

void *bm_memcpy(void *restrict dst, const void *restrict src, size_t n);
void *bm_memset(void *dst, int c, size_t n);
#endif
