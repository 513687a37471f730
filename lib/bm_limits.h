/* Limits shared by the image and the host tool (baremark inspect reads a
 * tree with the same reader, lib/board_fdt.c, so both see the same cpus). */
#ifndef BM_LIMITS_H
#define BM_LIMITS_H

/* The cpus a device tree may list: QEMU virt's maximum on both ISAs (512
 * harts on riscv64, 512 cores on aarch64 with GICv3; qemu-system-* 10.0
 * refuses -smp 513). A tree listing more is read up to this many, with a
 * warning naming the limit. The image's own cost grows with it only in
 * memory it does not clear (lib/noinit.h: the board's cpu table, each
 * core's slot) and in stacks taken from free RAM for the cores it starts
 * (harness/cores.c), so a 4-core board pays for 4. */
#define BM_MAX_CPUS 512

#endif
