/* QEMU virt (riscv64): the board as QEMU 7.2 builds it, used only when
 * the device tree is missing or unreadable. Values measured with Debian's
 * qemu-system-riscv64 7.2 (../shared/platforms.md, "QEMU 7.2 virt"). */
#include "platform.h"

BM_PLATFORM(qemu_rv64) = {
	.name = "qemu-rv64",
	.root_compatible = {"riscv-virtio"},
	.uart = {
		.kind = BM_UART_NS16550,
		.base = 0x10000000,
		.reg_shift = 0,
		.reg_width = 1,
		.clock_hz = 3686400,
		.compatible = "ns16550a",
		.path = "(platform default)",
	},
	.timebase_hz = 10000000,
	.ram = {0x80000000, 256u << 20}, /* the smallest -m our docs use */
	.uart_clock_hz = 3686400,
	/* QEMU models no caches. The sweep still needs an upper end: 2 MiB,
	 * a common last-level size, so the quick sweep reaches 8 MiB. */
	.sweep_cache_bytes = 2u << 20,
};
