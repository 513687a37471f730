/* SpacemiT K3 (X100 harts 0-7, A100 harts 8-15): facts and sources in
 * ../shared/platforms.md (linux spacemit/k3.dtsi, the vendor U-Boot's
 * k3.h and k3_defconfig, spacemit-com docs). The UART's input clock and
 * the X100's raw event codes are unconfirmed: left out, not guessed. */
#include "platform.h"

BM_PLATFORM(k3) = {
	.name = "k3",
	.root_compatible = {"spacemit,k3"},
	.uart = {
		.kind = BM_UART_NS16550,
		.base = 0xD4017000,
		.reg_shift = 2,
		.reg_width = 4,
		.compatible = "intel,xscale-uart",
		.path = "(platform default)",
	},
	.timebase_hz = 24000000,
	.ram = {0x100000000, 2ull << 30}, /* firmware adds the real /memory */
	.sweep_cache_bytes = 4u << 20,    /* X100: 4 MiB L2 per cluster */
};
