/* Rockchip RK3576: facts and sources in ../shared/platforms.md (linux
 * rockchip/rk3576.dtsi, u-boot rk3576_common.h, doc/board/rockchip). The
 * debug UART runs at 1500000 baud from firmware; we keep it. */
#include "platform.h"

BM_PLATFORM(rk3576) = {
	.name = "rk3576",
	.root_compatible = {"rockchip,rk3576"},
	.uart = {
		.kind = BM_UART_NS16550,
		.base = 0x2AD40000,
		.reg_shift = 2,
		.reg_width = 4,
		.clock_hz = 24000000,
		.baud = 1500000,
		.compatible = "snps,dw-apb-uart",
		.path = "(platform default)",
	},
	.timebase_hz = 0,                /* CNTFRQ_EL0 says */
	.ram = {0x40000000, 2ull << 30}, /* firmware adds the real /memory */
	.uart_clock_hz = 24000000,
	.psci_method = "smc",            /* PSCI 1.0 over SMC to TF-A (BL31) */
	.sweep_cache_bytes = 1u << 20,   /* A72 L2 1 MiB (unconfirmed; CCSIDR says) */
};
