/* Reads the board description from a device tree. Bindings used (Linux
 * Documentation/devicetree/bindings): chosen.yaml (stdout-path, bootargs),
 * serial/8250.yaml (reg-shift, reg-io-width, clock-frequency),
 * riscv/cpus.yaml and riscv/extensions.yaml (riscv,isa,
 * riscv,isa-base, riscv,isa-extensions), timebase-frequency in /cpus,
 * reserved-memory.yaml, and the Devicetree Specification 3.7/3.8 for
 * cache properties (d-cache-size, cache-size, next-level-cache). */
#include "board.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dt.h"
#include "noinit.h"

/* Compatible strings our console drivers handle, most specific driver
 * data first: serial/8250.yaml for the 16550 family, serial/pl011.yaml,
 * serial/brcm,bcm2835-aux-uart.yaml, serial/fsl-imx-uart.yaml (the i.MX
 * UART from the i.MX21 on: every later part lists one of these two
 * beside its own) and serial/sifive-serial.yaml (uart/statusreg.c).
 * Under other names: NVIDIA's Tegra UART is a 16550 (serial/8250.yaml
 * lists nvidia,tegra20-uart; its trees give reg-shift 2); TI's K3 UART
 * (ti,am654-uart, which ti,j721e-uart and ti,am64-uart list after their
 * own) is the OMAP 16550 whose registers are 4 bytes apart without a
 * reg-shift in the tree (Linux 8250_omap.c: regshift 2, byte access);
 * arm,sbsa-uart is the PL011 subset of the Arm SBSA (Server Base System
 * Architecture, generic UART: no UARTLCR_H), listed before arm,pl011. The
 * others are uart/statusreg.c's and uart/packed.c's rows, each with its
 * binding: amlogic,meson-uart.yaml, cdns,uart.yaml, serial/mvebu-uart.txt,
 * renesas,scif.yaml and renesas,hscif.yaml, fsl-lpuart.yaml (the 32-bit
 * i.MX parts, which list imx7ulp or imx8qxp), qcom,msm-uartdm.yaml,
 * qcom,serial-geni-qcom.yaml. */
static const struct {
	const char *compatible;
	enum bm_uart_kind kind;
	uint8_t shift; /* the 16550's reg-shift when the tree gives none */
} uarts[] = {
	{"ns16550a", BM_UART_NS16550, 0},
	{"ns16550", BM_UART_NS16550, 0},
	{"snps,dw-apb-uart", BM_UART_NS16550, 0},
	{"intel,xscale-uart", BM_UART_NS16550, 0},
	{"nvidia,tegra20-uart", BM_UART_NS16550, 2},
	{"ti,am654-uart", BM_UART_NS16550, 2},
	{"arm,sbsa-uart", BM_UART_PL011, 0},
	{"arm,pl011", BM_UART_PL011, 0},
	{"brcm,bcm2835-aux-uart", BM_UART_BCM2835_AUX, 0},
	{"fsl,imx6q-uart", BM_UART_IMX, 0},
	{"fsl,imx21-uart", BM_UART_IMX, 0},
	{"sifive,uart0", BM_UART_SIFIVE, 0},
	{"amlogic,meson-ao-uart", BM_UART_MESON, 0},
	{"amlogic,meson-gx-uart", BM_UART_MESON, 0},
	{"amlogic,meson-uart", BM_UART_MESON, 0},
	{"xlnx,zynqmp-uart", BM_UART_CADENCE, 0},
	{"xlnx,xuartps", BM_UART_CADENCE, 0},
	{"cdns,uart-r1p12", BM_UART_CADENCE, 0},
	{"cdns,uart-r1p8", BM_UART_CADENCE, 0},
	{"marvell,armada-3700-uart", BM_UART_ARMADA3700, 0},
	{"renesas,scif", BM_UART_SCIF, 0},
	{"renesas,hscif", BM_UART_SCIF, 0},
	{"renesas,rcar-gen3-scif", BM_UART_SCIF, 0},
	{"fsl,imx7ulp-lpuart", BM_UART_LPUART32, 0},
	{"fsl,imx8qxp-lpuart", BM_UART_LPUART32, 0},
	{"qcom,msm-uartdm-v1.4", BM_UART_MSM_UARTDM, 0},
	{"qcom,msm-uartdm", BM_UART_MSM_UARTDM, 0},
	{"qcom,geni-debug-uart", BM_UART_QCOM_GENI, 0},
	{"qcom,geni-uart", BM_UART_QCOM_GENI, 0},
};
#define NUARTS (sizeof(uarts) / sizeof(uarts[0]))

enum bm_uart_kind board_uart_kind(const char *compat)
{
	for (size_t i = 0; i < NUARTS; i++)
		if (strcmp(compat, uarts[i].compatible) == 0)
			return uarts[i].kind;
	return BM_UART_NONE;
}

static void say(void (*warn)(const char *), const char *fmt, ...)
{
	char line[160];
	va_list ap;
	if (!warn)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	warn(line);
}

/* snprintf's "%s" into out[len] at *used without its cost (the ISA list
 * has dozens of names): copies what fits, counts all of it. Names are a
 * few bytes: a loop, not memcpy's call and set-up (issue 30). */
static void append(char *out, size_t len, size_t *used, const char *s, size_t n)
{
	if (*used < len) {
		size_t room = len - 1 - *used, k = n < room ? n : room;
		char *o = out + *used;
		for (size_t i = 0; i < k; i++)
			o[i] = s[i];
		o[k] = '\0';
	}
	*used += n;
}

static void copy_str(char *dst, size_t n, const char *src)
{
	size_t used = 0;
	dst[0] = '\0';
	if (src)
		append(dst, n, &used, src, strlen(src));
}

/* Writes the path of chain[0..n-1] into buf. */
static void chain_path(const struct dt *f, const int *chain, int n, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 1; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "/%s", dt_name(f, chain[i]));
	if (n <= 1)
		snprintf(buf, len, "/");
}

/* The UART at `path` (an absolute path or an alias, options after a
 * ':'), if it is one we drive and can use: 0 with *u filled, else -1 with
 * why in note. */
static int try_uart(const struct dt *f, const char *path, struct bm_uart_desc *u, char *note, size_t cap)
{
	int chain[DT_MAX_DEPTH], n = 0;
	int node = dt_path(f, path, chain, &n);
	if (node < 0) {
		snprintf(note, cap, "'%.48s' does not resolve", path);
		return -1;
	}
	int clen;
	const char *compat = dt_prop(f, node, "compatible", &clen);
	const char *match = NULL;
	unsigned shift = 0;
	for (size_t i = 0; compat && i < NUARTS; i++)
		if (dt_stringlist_has(compat, clen, uarts[i].compatible)) {
			match = uarts[i].compatible;
			shift = uarts[i].shift;
			break;
		}
	if (!match) {
		snprintf(note, cap, "console '%.40s' is not a UART we drive", compat && clen > 0 && compat[clen - 1] == '\0' ? compat : "?");
		return -1;
	}
	const char *status = dt_prop_str(f, node, "status");
	if (status && strcmp(status, "okay") != 0 && strcmp(status, "ok") != 0) {
		snprintf(note, cap, "console node status is '%.32s'", status);
		return -1;
	}
	uint64_t base, size;
	int r = dt_reg(f, chain, n, 0, &base, &size);
	if (r < 0) {
		snprintf(note, cap, "console reg unreadable: %s", dt_strerror(r));
		return -1;
	}
	memset(u, 0, sizeof(*u));
	u->kind = board_uart_kind(match);
	u->base = base;
	/* Only the 16550 family takes reg-shift and reg-io-width: the others'
	 * registers are at fixed offsets with fixed widths (PL011 TRM 3.2, uart/statusreg.c,
	 * uart/packed.c). */
	bool fixed = u->kind != BM_UART_NS16550;
	u->reg_shift = fixed ? 0 : dt_prop_u32(f, node, "reg-shift", shift);
	u->reg_width = fixed ? 4 : dt_prop_u32(f, node, "reg-io-width", 1);
	u->clock_hz = dt_prop_u32(f, node, "clock-frequency", 0);
	if (u->reg_shift > 3 || (u->reg_width != 1 && u->reg_width != 4)) {
		snprintf(note, cap, "console reg-shift %u / reg-io-width %u unsupported", (unsigned)u->reg_shift,
			 (unsigned)u->reg_width);
		return -1;
	}
	const char *opt = strchr(path, ':');
	if (opt) {
		unsigned long baud = 0;
		for (const char *p = opt + 1; *p >= '0' && *p <= '9' && baud < 100000000; p++)
			baud = baud * 10 + (unsigned long)(*p - '0');
		u->baud = (uint32_t)baud;
	}
	copy_str(u->compatible, sizeof(u->compatible), match);
	chain_path(f, chain, n, u->path, sizeof(u->path));
	return 0;
}

/* The console: stdout-path's UART. Where that is one we do not drive (or
 * none is named), another enabled UART of the tree that we drive, the
 * first of /aliases serial0..serial9 (a board's debug header is usually
 * one of them): a run on another port is better than a silent one, and
 * b->uart_fallback says why it is not stdout-path's. */
static void read_console(struct bm_board *b, const struct dt *f)
{
	/* A readable tree describes the console; the platform default UART is
	 * only for when there is no tree, so start from "none". */
	memset(&b->uart, 0, sizeof(b->uart));
	b->uart_fallback[0] = '\0';
	int chosen = dt_path(f, "/chosen", NULL, NULL);
	const char *sp = chosen >= 0 ? dt_prop_str(f, chosen, "stdout-path") : NULL;
	if (!sp)
		sp = chosen >= 0 ? dt_prop_str(f, chosen, "linux,stdout-path") : NULL;
	if (!sp)
		copy_str(b->uart_note, sizeof(b->uart_note), "no /chosen/stdout-path");
	else if (try_uart(f, sp, &b->uart, b->uart_note, sizeof(b->uart_note)) == 0) {
		b->uart_note[0] = '\0';
		return;
	}
	char alias[8] = "serial0", why[96];
	for (char d = '0'; d <= '9'; d++) {
		alias[6] = d;
		struct bm_uart_desc u;
		if (try_uart(f, alias, &u, why, sizeof(why)) != 0)
			continue;
		/* where the baud rate came from stdout-path, it holds for the port
		 * the board's firmware set up; another port's is its own */
		u.baud = 0;
		snprintf(b->uart_fallback, sizeof(b->uart_fallback), "%s; %s (%.40s) instead", b->uart_note, alias,
			 u.compatible);
		b->uart = u;
		b->uart_note[0] = '\0';
		return;
	}
}

/* "rv64i" + ["i", "m", "a", "zicsr", "zba"] -> "rv64ima_zicsr_zba":
 * single-letter extensions join the base letters (those not already in
 * it), multi-letter ones follow with underscores, in the tree's order.
 * Returns false if the result did not fit. */
static bool isa_from_extensions(char *out, size_t len, const char *base, const char *ext, int elen)
{
	size_t used = 0;
	out[0] = '\0';
	append(out, len, &used, base, strlen(base));
	const char *end = ext + elen;
	for (int pass = 0; pass < 2; pass++) {
		for (const char *p = ext; p < end && used < len;) {
			const char *nul = p;
			while (nul < end && *nul) /* the name's end, inside the property */
				nul++;
			if (nul == end)
				break;
			size_t n = (size_t)(nul - p);
			bool single = n == 1;
			if (pass == 0 && single && !strchr(base + 4, p[0]))
				append(out, len, &used, p, n);
			else if (pass == 1 && n > 1) {
				append(out, len, &used, "_", 1);
				append(out, len, &used, p, n);
			}
			p = nul + 1;
		}
	}
	return used < len;
}

static uint64_t cache_size_of(const struct dt *f, int node)
{
	uint64_t best = 0;
	static const char *const props[] = {"cache-size", "d-cache-size", "i-cache-size"};
	/* Follow next-level-cache a bounded number of levels. */
	for (int level = 0; level < 6 && node >= 0; level++) {
		for (int i = 0; i < 3; i++) {
			uint64_t s = dt_prop_u32(f, node, props[i], 0);
			if (s > best)
				best = s;
		}
		uint32_t ph = dt_prop_u32(f, node, "next-level-cache", 0);
		node = ph ? dt_by_phandle(f, ph) : -1;
	}
	return best;
}

static const char *dt_name_safe(const struct dt *f, int node)
{
	const char *n = dt_name(f, node);
	return n ? n : "?";
}

static void read_cpus(struct bm_board *b, const struct dt *f, void (*warn)(const char *))
{
	int chain[DT_MAX_DEPTH], n = 0;
	int cpus = dt_path(f, "/cpus", chain, &n);
	if (cpus < 0) {
		say(warn, "device tree: no /cpus node");
		return;
	}
	uint32_t tb = dt_prop_u32(f, cpus, "timebase-frequency", 0);
	if (tb)
		b->timebase_hz = tb;
	uint32_t ac = dt_prop_u32(f, cpus, "#address-cells", 1);
	int count = 0;
	for (int c = dt_first_child(f, cpus); c >= 0; c = dt_next_sibling(f, c)) {
		const char *dt = dt_prop_str(f, c, "device_type");
		if (!dt || strcmp(dt, "cpu") != 0)
			continue;
		if (count >= BM_MAX_CPUS) {
			say(warn, "device tree: more than %d cpus, the rest are ignored", BM_MAX_CPUS);
			break;
		}
		struct bm_cpu_desc *cpu = &b->cpus[count];
		memset(cpu, 0, sizeof(*cpu));
		int len;
		const uint8_t *reg = dt_prop(f, c, "reg", &len);
		if (!reg || (ac != 1 && ac != 2) || len < (int)(4 * ac)) {
			say(warn, "device tree: cpu node %s has no usable reg", dt_name(f, c));
			continue;
		}
		cpu->hartid = ac == 2 ? dt_be64(reg) : dt_be32(reg);
		const char *status = dt_prop_str(f, c, "status");
		cpu->enabled = !status || strcmp(status, "okay") == 0 || strcmp(status, "ok") == 0;
		copy_str(cpu->compatible, sizeof(cpu->compatible), dt_prop_str(f, c, "compatible"));
		/* arm/cpus.yaml: spin-table cores name a 64-bit cpu-release-addr
		 * (two cells, whatever #address-cells says) */
		const char *method = dt_prop_str(f, c, "enable-method");
		int rlen;
		const uint8_t *rel = dt_prop(f, c, "cpu-release-addr", &rlen);
		if (method && strcmp(method, "spin-table") == 0) {
			if (rel && rlen == 8)
				cpu->release_addr = dt_be64(rel);
			else
				say(warn, "device tree: spin-table cpu %s has no 64-bit cpu-release-addr", dt_name_safe(f, c));
		}
		const char *isa = dt_prop_str(f, c, "riscv,isa");
		const char *base = dt_prop_str(f, c, "riscv,isa-base");
		int elen;
		const char *ext = dt_prop(f, c, "riscv,isa-extensions", &elen);
		/* As Linux (arch/riscv/kernel/cpufeature.c): the extensions list
		 * first, the deprecated riscv,isa string only without it. */
		if (base && ext && elen > 0 && strlen(base) >= 4) {
			if (!isa_from_extensions(cpu->isa, sizeof(cpu->isa), base, ext, elen))
				say(warn, "device tree: cpu %s ISA string longer than %d bytes, cut", dt_name_safe(f, c),
				    BM_ISA_LEN - 1);
		} else if (isa) {
			copy_str(cpu->isa, sizeof(cpu->isa), isa);
		}
		uint64_t cs = cache_size_of(f, c);
		if (cs > b->largest_cache)
			b->largest_cache = cs;
		/* the cpu node's own: the devicetree spec's cache properties on a
		 * cpu are its L1 (a split one gives i-cache-size) */
		uint64_t ic = dt_prop_u32(f, c, "i-cache-size", 0);
		if (ic && (!b->l1i_bytes || ic < b->l1i_bytes))
			b->l1i_bytes = ic;
		count++;
	}
	if (count > 0)
		b->ncpus = count;
}

static void add_range(struct bm_range *arr, int *n, int max, uint64_t base, uint64_t size)
{
	if (*n < max && size > 0) {
		arr[*n].base = base;
		arr[*n].size = size;
		(*n)++;
	}
}

static void read_memory(struct bm_board *b, const struct dt *f)
{
	int root = dt_root(f);
	int nmem = 0;
	struct bm_range mem[BM_MAX_MEM];
	for (int c = dt_first_child(f, root); c >= 0; c = dt_next_sibling(f, c)) {
		const char *dt = dt_prop_str(f, c, "device_type");
		if (!dt || strcmp(dt, "memory") != 0)
			continue;
		int chain[2] = {root, c};
		uint64_t base, size;
		for (int i = 0; dt_reg(f, chain, 2, i, &base, &size) == 0; i++)
			add_range(mem, &nmem, BM_MAX_MEM, base, size);
	}
	/* Firmware adds /memory at boot on many boards: keep the platform's
	 * default when the tree has none. */
	if (nmem > 0) {
		memcpy(b->mem, mem, sizeof(mem[0]) * (size_t)nmem);
		b->nmem = nmem;
		b->mem_from_dt = true;
	}
	b->nrsv = 0;
	uint64_t base, size;
	for (int i = 0; dt_rsv(f, i, &base, &size) == 0; i++)
		add_range(b->rsv, &b->nrsv, BM_MAX_RSV, base, size);
	int chain[DT_MAX_DEPTH], n = 0;
	int rm = dt_path(f, "/reserved-memory", chain, &n);
	if (rm >= 0 && n + 1 < DT_MAX_DEPTH) {
		for (int c = dt_first_child(f, rm); c >= 0; c = dt_next_sibling(f, c)) {
			chain[n] = c;
			for (int i = 0; dt_reg(f, chain, n + 1, i, &base, &size) == 0; i++)
				add_range(b->rsv, &b->nrsv, BM_MAX_RSV, base, size);
		}
	}
}

int board_from_fdt(struct bm_board *b, const void *blob, uint64_t avail, void (*warn)(const char *))
{
	/* off the stack (24 KB with its node index), and not cleared at
	 * entry: dt_open sets up what it reads */
	static struct dt f BM_NOINIT;
	b->dtb_addr = (uint64_t)(uintptr_t)blob;
	int r = dt_open(&f, blob, avail > 0x7fffffff ? 0x7fffffff : (size_t)avail);
	if (r < 0)
		return r;
	b->source = "dt";
	b->dtb_size = f.totalsize;
	read_console(b, &f);
	read_cpus(b, &f, warn);
	read_memory(b, &f);
	/* arm/psci.yaml: the node is /psci, or /firmware/psci (TI's K3 trees) */
	int psci = dt_path(&f, "/psci", NULL, NULL);
	if (psci < 0)
		psci = dt_path(&f, "/firmware/psci", NULL, NULL);
	const char *method = psci >= 0 ? dt_prop_str(&f, psci, "method") : NULL;
	copy_str(b->psci_method, sizeof(b->psci_method),
		 method && (strcmp(method, "smc") == 0 || strcmp(method, "hvc") == 0) ? method : "");
	int chosen = dt_path(&f, "/chosen", NULL, NULL);
	const char *args = chosen >= 0 ? dt_prop_str(&f, chosen, "bootargs") : NULL;
	if (args)
		b->bootargs = args;
	return 0;
}
