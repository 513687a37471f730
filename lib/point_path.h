#ifndef BM_POINT_PATH_H
#define BM_POINT_PATH_H
/* The code every point runs through, from the harness's loop to the
 * record on the console, kept together at the image's start (the
 * linker scripts place .text.bm_point first). Scattered over the image,
 * its lines met in the same sets of a small instruction cache and
 * displaced one another: on the C906's RTL (32 KiB, two ways) each form
 * of the instruction table missed it 57 times, some 200 cycles each,
 * and together (some 15 KB) 7 (docs/simulators.md). A function belongs
 * here when a point calls it every time; what a point rarely calls
 * (a record's general writer, an error's report) stays out. */
#define BM_POINT_PATH __attribute__((section(".text.bm_point")))
#endif
