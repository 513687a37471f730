/* NXP i.MX 8M Plus EVK: the console UART2 at 0x30890000 (Linux
 * imx8mp.dtsi, imx8mp-evk.dts stdout-path), DRAM from 0x40000000, PSCI
 * over SMC to TF-A. Used only when there is no readable tree. */
#include "platform.h"

BM_PLATFORM(imx8mp) = {
	.name = "imx8mp",
	.root_compatible = {"fsl,imx8mp"},
	.uart = {
		.kind = BM_UART_IMX,
		.base = 0x30890000,
		.reg_width = 4,
		.baud = 115200,
		.compatible = "fsl,imx6q-uart",
		.path = "(platform default)",
	},
	.timebase_hz = 0,                /* CNTFRQ_EL0 says (8 MHz) */
	.ram = {0x40000000, 3ull << 30},
	.psci_method = "smc",
	.sweep_cache_bytes = 512u << 10, /* Cortex-A53 cluster L2, 512 KiB */
};
