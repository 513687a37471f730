#ifndef BM_NOINIT_H
#define BM_NOINIT_H
/* Storage the image's entry code does not clear: start.S zeroes .bss
 * only, and on a core's RTL in a simulator every byte zeroed there costs
 * cycles before the first result (issue 30). For stacks and work buffers
 * that are always written before they are read; anything a reader assumes
 * zero stays in .bss. The image linker scripts place the section after
 * .bss (inside _end, so booti reserves it); a hosted build's loader
 * gives it zero pages like .bss. */
#define BM_NOINIT __attribute__((section(".noinit.bm")))
#endif
