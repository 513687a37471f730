/* What the image knows about the board: plain data handed from the device
 * tree (or the platform's defaults) to the console, the allocator and the
 * harness. Nothing here touches hardware. */
#ifndef BM_BOARD_H
#define BM_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "bm_limits.h" /* BM_MAX_CPUS */

#define BM_MAX_MEM 8
#define BM_MAX_RSV 16
#define BM_ISA_LEN 1024 /* the K3 lists ~90 extensions */

/* The console drivers (uart/): the 16550 family, the PL011, the UARTs of
 * uart/statusreg.c (a data register and a status bit: the Pi's mini UART,
 * the i.MX, SiFive, Amlogic, Cadence, Armada 3700, Renesas SCIF and NXP
 * LPUART UARTs) and of uart/packed.c (Qualcomm's UARTDM and GENI, which
 * send a counted transfer of packed 32-bit words). */
enum bm_uart_kind {
	BM_UART_NONE = 0,
	BM_UART_NS16550,
	BM_UART_PL011,
	BM_UART_BCM2835_AUX,
	BM_UART_IMX,
	BM_UART_SIFIVE,
	BM_UART_MESON,
	BM_UART_CADENCE,
	BM_UART_ARMADA3700,
	BM_UART_SCIF,
	BM_UART_LPUART32,
	BM_UART_MSM_UARTDM,
	BM_UART_QCOM_GENI,
};

struct bm_uart_desc {
	enum bm_uart_kind kind;
	uint64_t base;
	uint32_t reg_shift;  /* register stride is 1 << reg_shift bytes */
	uint32_t reg_width;  /* access width in bytes: 1 or 4 */
	uint32_t clock_hz;   /* 0 when the tree gives only a clocks phandle */
	uint32_t baud;       /* from stdout-path options, 0 if none */
	char compatible[40]; /* the compatible string that matched */
	char path[96];       /* node path, for the run record */
};

struct bm_cpu_desc {
	uint64_t hartid;
	bool enabled;
	/* Arm enable-method "spin-table": the address its cpu-release-addr
	 * gives (the core waits in firmware for an entry point there); 0 for
	 * any other method (PSCI). */
	uint64_t release_addr;
	char compatible[40];
	char isa[BM_ISA_LEN]; /* riscv,isa or base + extensions, "" if none */
};

struct bm_range {
	uint64_t base, size;
};

struct bm_board {
	/* Where the description came from: "dt" or "defaults". */
	const char *source;
	struct bm_uart_desc uart;
	char uart_note[96]; /* why no UART was taken from the tree, if none */
	/* Why the UART taken is not stdout-path's (another enabled one of the
	 * tree's aliases that we drive), "" when it is. */
	char uart_fallback[160];
	uint64_t timebase_hz;
	int ncpus;
	int nmem;
	struct bm_range mem[BM_MAX_MEM];
	bool mem_from_dt; /* false: the platform's default (firmware adds /memory) */
	int nrsv;
	struct bm_range rsv[BM_MAX_RSV]; /* memreserve + /reserved-memory */
	uint64_t largest_cache; /* bytes, from cache nodes; 0 if none given */
	/* the smallest L1 I-cache a cpu node gives (its own i-cache-size),
	 * bytes; 0 if none does. Under sim it bounds the jump sleds, as
	 * baremark.l1i= does for a tree without it. */
	uint64_t l1i_bytes;
	char psci_method[8];    /* "smc", "hvc" or "" (no /psci node) */
	/* /chosen/bootargs as the tree has it, whole (no copy: a vendor
	 * U-Boot's line is often 300+ bytes), or the Linux build's options;
	 * "" if none. Points into the tree, so read it before the arena is. */
	const char *bootargs;
	uint64_t dtb_addr, dtb_size;
	/* Last, and 560 KB: only cpus[0 .. ncpus-1] are written, each cleared
	 * as it is added, and platform_defaults clears what comes before it
	 * alone (on a core's RTL in a simulator clearing all of it cost 9,000
	 * instructions of the first 200,000, issue 30). */
	struct bm_cpu_desc cpus[BM_MAX_CPUS];
};

/* Fills `b` from the DTB at `blob` (at most `avail` bytes readable).
 * Returns 0, or a negative FDT_E* code with `b` untouched except for
 * dtb_addr. Fields the tree does not give are left as they were, so the
 * caller can preset platform defaults. `warn` receives one line per
 * problem that did not stop the parse (it may be NULL). */
int board_from_fdt(struct bm_board *b, const void *blob, uint64_t avail,
		   void (*warn)(const char *msg));

/* Which of our UART drivers handles `compat` (BM_UART_NONE if none). */
enum bm_uart_kind board_uart_kind(const char *compat);

#endif
