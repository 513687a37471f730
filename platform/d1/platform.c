/* Allwinner D1 (Nezha, Lichee RV Dock): facts and sources in
 * ../shared/platforms.md (linux sun20i-d1s.dtsi, u-boot sunxi-common.h,
 * OpenSBI platform/generic/allwinner/sun20i-d1.c). */
#include "platform.h"

BM_PLATFORM(d1) = {
	.name = "d1",
	.root_compatible = {"allwinner,sun20i-d1"},
	.uart = {
		.kind = BM_UART_NS16550,
		.base = 0x02500000,
		.reg_shift = 2,
		.reg_width = 4,
		.clock_hz = 24000000,
		.baud = 115200,
		.compatible = "snps,dw-apb-uart",
		.path = "(platform default)",
	},
	.timebase_hz = 24000000,
	.ram = {0x40000000, 512u << 20}, /* the smallest D1 boards; firmware adds /memory */
	.uart_clock_hz = 24000000,       /* the tree gives only a clocks phandle */
	.sweep_cache_bytes = 32u << 10,  /* L1D 32 KiB, no L2 */
	/* C906 event codes (OpenSBI registers the thead,c900 PMU; linux
	 * tools/perf pmu-events thead/c900-legacy): used as SBI raw events. */
	.raw_events = {
		{"l1d_miss", 0x0d},   /* L1 D-cache read miss */
		{"l1d_access", 0x0c}, /* L1 D-cache read access */
		{"br_miss", 0x06},    /* conditional branch mispredict */
		{"branches", 0x07},   /* conditional branch instruction */
	},
};
