/* QEMU virt (aarch64): the board as QEMU 7.2 builds it, used only when the
 * device tree is missing or unreadable. Values measured with Debian's
 * qemu-system-aarch64 7.2 (../shared/platforms.md, "QEMU 7.2 virt"). */
#include "platform.h"

BM_PLATFORM(qemu_a64) = {
	.name = "qemu-a64",
	.root_compatible = {"linux,dummy-virt"},
	.uart = {
		.kind = BM_UART_PL011,
		.base = 0x09000000,
		.reg_width = 4,
		.clock_hz = 24000000,
		.compatible = "arm,pl011",
		.path = "(platform default)",
	},
	.timebase_hz = 0, /* CNTFRQ_EL0 says */
	.ram = {0x40000000, 512u << 20}, /* the -m our docs use */
	/* QEMU models no caches; see qemu-rv64. */
	.sweep_cache_bytes = 2u << 20,
	/* -kernel with an ELF (not an Image) is a bare-metal boot: QEMU puts
	 * the tree, bootargs and all, at the start of RAM and passes no
	 * pointer (QEMU docs/system/arm/virt.rst, "Hardware configuration
	 * information for bare-metal programming"). Entered so at EL3 with
	 * secure=on, as a board without TF-A. */
	.dtb_unpassed = 0x40000000,
};
