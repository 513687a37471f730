#ifndef BM_HARNESS_MAIN_H
#define BM_HARNESS_MAIN_H
#include <stdint.h>
/* The ISA-free part of a run, called once by the arch entry with the DTB
 * firmware passed (may be NULL or garbage), how far the image was moved
 * from its link address and the timer at the image's entry (NULL: not
 * read; the run then counts from the banner; a reading of 0 is a reading,
 * as QEMU's arm64 virt gives one entered straight at EL2). Returns when
 * the run is over. */
void harness_main(const void *dtb, uint64_t reloc_delta, const uint64_t *entry_time);
#endif
