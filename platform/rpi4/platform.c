/* Raspberry Pi 4 Model B: BCM2711 peripherals at 0xfe000000 for the Arm
 * cores (0x7e000000 on the VideoCore bus: Linux bcm2711.dtsi, the tree's
 * ranges), the console the mini UART (stdout-path serial1), secondary
 * cores by spin-table as on the Pi 3, no /memory in the tree (the
 * firmware adds it). Used only when there is no readable tree. */
#include "platform.h"

BM_PLATFORM(rpi4) = {
	.name = "rpi4",
	.root_compatible = {"brcm,bcm2711"},
	.uart = {
		.kind = BM_UART_BCM2835_AUX,
		.base = 0xfe215040,
		.reg_width = 4,
		.baud = 115200,
		.compatible = "brcm,bcm2835-aux-uart",
		.path = "(platform default)",
	},
	.timebase_hz = 0,               /* CNTFRQ_EL0 says (54 MHz) */
	.ram = {0x00000000, 1u << 30},  /* the first GiB: every Pi 4 has it */
	.sweep_cache_bytes = 1u << 20,  /* Cortex-A72 cluster L2, 1 MiB on the BCM2711 */
};
