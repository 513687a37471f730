#ifndef BM_HARNESS_MAIN_H
#define BM_HARNESS_MAIN_H
#include <stdint.h>
/* The ISA-free part of a run, called once by the arch entry with the DTB
 * firmware passed (may be NULL or garbage) and how far the image was
 * moved from its link address. Returns when the run is over. */
void harness_main(const void *dtb, uint64_t reloc_delta);
#endif
