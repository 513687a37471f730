/* Raspberry Pi 3 Model B: BCM2837 peripherals at 0x3f000000 for the Arm
 * cores (0x7e000000 on the VideoCore bus: Linux bcm2837.dtsi, the tree's
 * ranges), the console the mini UART (stdout-path serial1, enable_uart=1
 * in config.txt), RAM 1 GiB from 0 (the firmware keeps the top for the
 * GPU). Used only when there is no readable tree. */
#include "platform.h"

BM_PLATFORM(rpi3) = {
	.name = "rpi3",
	.root_compatible = {"brcm,bcm2837"},
	.uart = {
		.kind = BM_UART_BCM2835_AUX,
		.base = 0x3f215040,
		.reg_width = 4,
		.baud = 115200,
		.compatible = "brcm,bcm2835-aux-uart",
		.path = "(platform default)",
	},
	.timebase_hz = 0,                /* CNTFRQ_EL0 says (19.2 MHz) */
	.ram = {0x00000000, 1u << 30},
	.sweep_cache_bytes = 512u << 10, /* Cortex-A53 cluster L2, 512 KiB on the BCM2837 */
};
