/* The instruction table's pointers, relocated only when a run asks for
 * the table (tools/mkreloc.c writes their list after the entry code's). */
#ifndef BM_RELOC_LATE_H
#define BM_RELOC_LATE_H
#include <stdint.h>

/* Adds delta (where the image runs less where it was linked) to every
 * pointer in the bm_insn_* sections, once; nothing when delta is 0 or
 * the image has no table (the Linux build). On the boot core before any
 * other core runs a kernel. */
void reloc_late(uint64_t delta);

#endif
