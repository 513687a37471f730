/* The device-tree reader against (1) Debian's libfdt on every real board
 * tree in tests/fixtures/dtb, node by node and property by property, (2) the
 * facts tests/fixtures/dtb/FACTS.tsv lists for those trees, (3) our own edge
 * fixture, and (4) malformed blobs, which must fail cleanly. */
#include <dirent.h>
#include <libfdt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "dt.h"

static void differential(const char *name, const void *blob, size_t len)
{
	struct dt f;
	CHECK(dt_open(&f, blob, len) == 0, "%s: our reader refuses a tree libfdt accepts", name);
	CHECK(fdt_check_header(blob) == 0, "%s: libfdt refuses it", name);
	int ld = 0, od = 0, nodes = 0, props = 0;
	int lo = 0, oo = dt_root(&f);
	while (lo >= 0) {
		nodes++;
		CHECK(oo == lo, "%s: node offset ours %d libfdt %d", name, oo, lo);
		CHECK(od == ld, "%s: depth ours %d libfdt %d at %d", name, od, ld, lo);
		const char *ln = fdt_get_name(blob, lo, NULL);
		CHECK_EQ_S(dt_name(&f, oo), ln);
		/* Every property libfdt sees, ours sees at the same bytes. */
		int po;
		fdt_for_each_property_offset(po, blob, lo)
		{
			const char *pname;
			int plen, olen;
			const void *pv = fdt_getprop_by_offset(blob, po, &pname, &plen);
			const void *ov = dt_prop(&f, oo, pname, &olen);
			props++;
			if (ov != pv || olen != plen) {
				/* Duplicate property names return the first: libfdt too. */
				CHECK(ov == fdt_getprop(blob, lo, pname, NULL), "%s: property %s differs", name, pname);
			}
		}
		/* Path lookup lands on the same node. */
		char path[512];
		if (fdt_get_path(blob, lo, path, sizeof(path)) == 0) {
			int chain[DT_MAX_DEPTH], n = 0;
			int r = dt_path(&f, path, chain, &n);
			CHECK(r == fdt_path_offset(blob, path), "%s: fdt_path(%s) = %d, libfdt %d", name, path, r,
			      fdt_path_offset(blob, path));
		}
		lo = fdt_next_node(blob, lo, &ld);
		oo = dt_next_node(&f, oo, &od);
		/* libfdt ends by climbing out of the root (depth -1); ours says
		 * DT_ENOTFOUND at that point. */
		if (lo < 0 || ld < 0) {
			CHECK(oo == DT_ENOTFOUND, "%s: our walk goes on past the end (%d)", name, oo);
			break;
		}
	}
	CHECK(nodes > 5 && props > 20, "%s: walked only %d nodes, %d properties", name, nodes, props);
}

/* Which of our UART drivers takes the node at `path` (its first compatible
 * string one of them handles), read with libfdt (the reader's own answer
 * is under test); BM_UART_NONE if none. */
static enum bm_uart_kind driven_console(const void *blob, const char *path)
{
	int node = fdt_path_offset(blob, path);
	int len = 0;
	const char *c = node >= 0 ? fdt_getprop(blob, node, "compatible", &len) : NULL;
	for (int at = 0; c && at < len; at += (int)strlen(c + at) + 1)
		if (board_uart_kind(c + at) != BM_UART_NONE)
			return board_uart_kind(c + at);
	return BM_UART_NONE;
}

/* FACTS gives a bus address as "0x7e215040 (bus; 0x3f215040 CPU)": the
 * reader translates it through the buses' ranges to the CPU's. */
static unsigned long long facts_base(const char *col)
{
	const char *semi = strstr(col, "; ");
	return strtoull(semi && strstr(col, " CPU)") ? semi + 2 : col, NULL, 16);
}

/* FACTS.tsv: board, stdout-path, uart node, base, shift, width,
 * compatible[0], cpus, timebase, memory, psci, riscv pmu. */
static void facts(const char *trees)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/FACTS.tsv", trees);
	FILE *tsv = fopen(path, "r");
	CHECK(tsv != NULL, "cannot open %s", path);
	if (!tsv)
		return;
	char line[1024];
	int rows = 0;
	while (fgets(line, sizeof(line), tsv)) {
		line[strcspn(line, "\n")] = '\0';
		char *col[12];
		int n = 0;
		for (char *p = line, *tab; n < 12; p = tab + 1) {
			col[n++] = p;
			tab = strchr(p, '\t');
			if (!tab)
				break;
			*tab = '\0';
		}
		if (n < 10 || strcmp(col[0], "board") == 0)
			continue;
		rows++;
		snprintf(path, sizeof(path), "%s/%s.dtb", trees, col[0]);
		size_t len;
		void *blob = read_file(path, &len);
		CHECK(blob != NULL, "cannot read %s", path);
		if (!blob)
			continue;
		struct bm_board b;
		memset(&b, 0, sizeof(b));
		CHECK(board_from_fdt(&b, blob, len, NULL) == 0, "%s: board_from_fdt failed", col[0]);
		CHECK_EQ_S(b.psci_method, strcmp(col[10], "-") == 0 ? "" : col[10]);
		enum bm_uart_kind want = driven_console(blob, col[2]);
		if (want == BM_UART_NONE) {
			/* A console we do not drive: none taken (or another of the
			 * tree's, said), and the note names it. */
			CHECK((b.uart.kind == BM_UART_NONE && strstr(b.uart_note, col[6]) != NULL) ||
				      strstr(b.uart_fallback, col[6]) != NULL,
			      "%s: console %s taken, or not named (%s)", col[0], col[6], b.uart_note);
		} else {
			CHECK(b.uart.kind == want && !b.uart_fallback[0], "%s: console kind %d, want %d (%s)", col[0],
			      b.uart.kind, want, b.uart_note);
			CHECK_EQ_S(b.uart.path, col[2]);
			CHECK_EQ_U(b.uart.base, facts_base(col[3]));
			/* reg-shift and reg-io-width are the 16550 family's; the other
			 * drivers' registers are 32-bit at fixed offsets */
			CHECK_EQ_U(b.uart.reg_shift, want == BM_UART_NS16550 ? strtoul(col[4], NULL, 10) : 0);
			CHECK_EQ_U(b.uart.reg_width, want == BM_UART_NS16550 ? strtoul(col[5], NULL, 10) : 4);
			CHECK(board_uart_kind(b.uart.compatible) == want, "%s: matched %s", col[0], b.uart.compatible);
			/* stdout-path options: "serial0:1500000n8" gives the baud rate. */
			const char *colon = strchr(col[1], ':');
			CHECK_EQ_U(b.uart.baud, colon ? strtoul(colon + 1, NULL, 10) : 0);
		}
		/* cpus: "4x arm,cortex-a53 + 4x arm,cortex-a72", "(disabled)" marks one */
		int want_cpus = 0, want_disabled = 0;
		for (char *p = col[7]; *p;) {
			char *x = strstr(p, "x ");
			if (!x)
				break;
			int count = atoi(p);
			want_cpus += count;
			char *end = strstr(x, " + ");
			char *dis = strstr(x, "(disabled)");
			if (dis && (!end || dis < end))
				want_disabled += count;
			if (!end)
				break;
			p = end + 3;
		}
		CHECK(b.ncpus == want_cpus, "%s: %d cpus, FACTS says %d", col[0], b.ncpus, want_cpus);
		int disabled = 0;
		for (int i = 0; i < b.ncpus; i++)
			disabled += !b.cpus[i].enabled;
		CHECK(disabled == want_disabled, "%s: %d disabled cpus, FACTS says %d", col[0], disabled, want_disabled);
		CHECK_EQ_U(b.timebase_hz, strcmp(col[8], "-") == 0 ? 0 : strtoull(col[8], NULL, 10));
		/* "-" or "- (firmware adds)": the tree has no memory node. */
		if (col[9][0] == '-') {
			CHECK(b.nmem == 0, "%s: memory found where FACTS says none", col[0]);
		} else {
			char *plus = strchr(col[9], '+');
			CHECK(b.nmem >= 1, "%s: no memory", col[0]);
			CHECK_EQ_U(b.mem[0].base, strtoull(col[9], NULL, 16));
			CHECK_EQ_U(b.mem[0].size, plus ? strtoull(plus + 1, NULL, 16) : 0);
		}
		/* RISC-V trees list an ISA for every hart, whole. */
		if (strcmp(col[0], "k3-pico-itx") == 0)
			for (int i = 0; i < b.ncpus; i++)
				CHECK(strncmp(b.cpus[i].isa, "rv64imafdcbvh_", 14) == 0 && strstr(b.cpus[i].isa, "_zvkned") &&
					      strstr(b.cpus[i].isa, "_zvknhb") && strstr(b.cpus[i].isa, "_zvksh"),
				      "k3 cpu %d isa '%s'", i, b.cpus[i].isa);
		if (strstr(col[7], "arm,") == NULL)
			for (int i = 0; i < b.ncpus; i++)
				CHECK(strncmp(b.cpus[i].isa, "rv64", 4) == 0, "%s: cpu %d isa '%s'", col[0], i,
				      b.cpus[i].isa);
		/* The same tree one byte off alignment: no node index (its
		 * lookups read words), every token read on its own; the same
		 * board either way. */
		char *odd = malloc(len + 1);
		memcpy(odd + 1, blob, len);
		struct bm_board u;
		memset(&u, 0, sizeof(u));
		CHECK(board_from_fdt(&u, odd + 1, len, NULL) == 0, "%s: unaligned copy refused", col[0]);
		CHECK_EQ_S(u.uart.path, b.uart.path);
		CHECK_EQ_U(u.uart.base, b.uart.base);
		CHECK_EQ_U(u.timebase_hz, b.timebase_hz);
		CHECK_EQ_U(u.ncpus, b.ncpus);
		for (int i = 0; i < b.ncpus && i < u.ncpus; i++) {
			CHECK_EQ_U(u.cpus[i].hartid, b.cpus[i].hartid);
			CHECK_EQ_S(u.cpus[i].isa, b.cpus[i].isa);
			CHECK_EQ_S(u.cpus[i].compatible, b.cpus[i].compatible);
		}
		CHECK(u.nmem == b.nmem && memcmp(u.mem, b.mem, sizeof(b.mem[0]) * (size_t)b.nmem) == 0, "%s: memory differs",
		      col[0]);
		CHECK(u.nrsv == b.nrsv && u.largest_cache == b.largest_cache, "%s: reserved ranges or caches differ", col[0]);
		static struct dt fa, fu;
		CHECK(dt_open(&fa, blob, len) == 0 && fa.nix > 0, "%s: aligned, but no node index", col[0]);
		CHECK(dt_open(&fu, odd + 1, len) == 0 && fu.nix == -1, "%s: unaligned, yet indexed", col[0]);
		free(odd);
		free(blob);
	}
	fclose(tsv);
	CHECK(rows >= 15, "FACTS.tsv had only %d rows", rows);
}

static void real_trees(const char *trees)
{
	const char *dir = trees;
	DIR *d = opendir(dir);
	CHECK(d != NULL, "cannot open %s", dir);
	if (!d)
		return;
	struct dirent *e;
	int count = 0;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".dtb") != 0)
			continue;
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		size_t len;
		void *blob = read_file(path, &len);
		CHECK(blob != NULL, "cannot read %s", path);
		if (blob)
			differential(e->d_name, blob, len);
		free(blob);
		count++;
	}
	closedir(d);
	CHECK(count >= 15, "only %d trees in %s (tests/fixtures/dtb/README.md lists 15)", count, dir);
}

/* A copy of the tree that libfdt can edit (room for a few properties
 * more), *cap bytes; free() it. */
static void *editable(const void *blob, size_t len, size_t *cap)
{
	*cap = len + 256;
	void *t = malloc(*cap);
	CHECK(t && fdt_open_into(blob, t, (int)*cap) == 0, "libfdt: open the tree for editing");
	return t;
}

static unsigned warnings;
static void count_warning(const char *msg)
{
	(void)msg;
	warnings++;
}

static void edge_fixture(const void *blob, size_t len)
{
	struct bm_board b;
	memset(&b, 0, sizeof(b));
	CHECK(board_from_fdt(&b, blob, len, count_warning) == 0, "edge fixture refused");
	/* Console behind two translating buses: 0x2000 -> 0x40000 -> 0x10040000. */
	CHECK_EQ_U(b.uart.kind, BM_UART_NS16550);
	CHECK_EQ_U(b.uart.base, 0x10040000);
	CHECK_EQ_U(b.uart.reg_shift, 2);
	CHECK_EQ_U(b.uart.reg_width, 4);
	CHECK_EQ_U(b.uart.clock_hz, 24000000);
	CHECK_EQ_U(b.uart.baud, 1500000);
	CHECK_EQ_S(b.uart.compatible, "snps,dw-apb-uart");
	CHECK_EQ_S(b.uart.path, "/bus@1000000/sub@0/serial@2000");
	CHECK_EQ_U(b.timebase_hz, 24000000);
	CHECK_EQ_U(b.ncpus, 2);
	CHECK_EQ_U(b.cpus[0].hartid, 0);
	CHECK(b.cpus[0].enabled, "cpu0 should be enabled");
	CHECK_EQ_S(b.cpus[0].isa, "rv64imafdc_zicsr_zba");
	CHECK_EQ_S(b.cpus[0].compatible, "vendor,core-a");
	CHECK_EQ_U(b.cpus[1].hartid, 1);
	CHECK(!b.cpus[1].enabled, "cpu1 is disabled in the tree");
	CHECK_EQ_S(b.cpus[1].isa, "rv64imac");
	CHECK_EQ_U(b.largest_cache, 0x400000); /* L3 via two next-level-cache hops */
	CHECK_EQ_U(b.nmem, 2);
	CHECK_EQ_U(b.mem[0].base, 0x80000000);
	CHECK_EQ_U(b.mem[0].size, 0x10000000);
	CHECK_EQ_U(b.mem[1].base, 0x100000000);
	CHECK_EQ_U(b.mem[1].size, 0x20000000);
	CHECK_EQ_U(b.nrsv, 2);
	CHECK_EQ_U(b.rsv[0].base, 0x80000000);
	CHECK_EQ_U(b.rsv[0].size, 0x80000);
	CHECK_EQ_U(b.rsv[1].base, 0x8fe00000);
	CHECK_EQ_U(b.rsv[1].size, 0x100000);
	CHECK_EQ_S(b.bootargs, "console=ttyS0 baremark.profile=full baremark.only=cache.*");
	CHECK_EQ_U(warnings, 0);

	/* Both properties, disagreeing: the extensions list wins, as in
	 * Linux (arch/riscv/kernel/cpufeature.c reads riscv,isa-extensions
	 * and falls back to the deprecated riscv,isa only without it). */
	{
		size_t cap;
		void *two = editable(blob, len, &cap);
		int cpu0 = fdt_path_offset(two, "/cpus/cpu@0");
		CHECK(cpu0 >= 0 && fdt_setprop_string(two, cpu0, "riscv,isa", "rv64imac_xold") == 0, "add riscv,isa");
		struct bm_board t;
		memset(&t, 0, sizeof(t));
		CHECK(board_from_fdt(&t, two, cap, count_warning) == 0, "edited tree refused");
		CHECK_EQ_S(t.cpus[0].isa, "rv64imafdc_zicsr_zba");
		/* without the list, riscv,isa still counts */
		CHECK(fdt_delprop(two, cpu0, "riscv,isa-extensions") == 0, "drop the list");
		memset(&t, 0, sizeof(t));
		CHECK(board_from_fdt(&t, two, cap, count_warning) == 0, "edited tree refused");
		CHECK_EQ_S(t.cpus[0].isa, "rv64imac_xold");
		free(two);
	}

	/* Path forms: full path, alias, alias with options, unit-less name. */
	struct dt f;
	dt_open(&f, blob, len);
	int full = dt_path(&f, "/bus@1000000/sub@0/serial@2000", NULL, NULL);
	CHECK(full > 0, "full path not found");
	CHECK_EQ_U(dt_path(&f, "serial0", NULL, NULL), full);
	CHECK_EQ_U(dt_path(&f, "serial0:115200", NULL, NULL), full);
	CHECK_EQ_U(dt_path(&f, "/bus/sub/serial", NULL, NULL), full);
	CHECK(dt_path(&f, "serial9", NULL, NULL) == DT_ENOTFOUND, "unknown alias");
	CHECK(dt_path(&f, "/nope", NULL, NULL) == DT_ENOTFOUND, "unknown path");
	CHECK(dt_path(&f, "", NULL, NULL) == DT_EBADPATH, "empty path");
}

static uint32_t be32(uint32_t v)
{
	return __builtin_bswap32(v);
}

static void put32(uint8_t *p, uint32_t v)
{
	v = be32(v);
	memcpy(p, &v, 4);
}

/* Every kind of damage must give an error or a usable answer, never an
 * out-of-bounds read (this binary runs under AddressSanitizer). */
static void malformed(const uint8_t *good, size_t len)
{
	struct dt f;
	struct bm_board b;
	uint8_t *m = malloc(len);

	CHECK(dt_open(&f, NULL, 0) == DT_ETRUNC, "NULL blob");
	memset(m, 0, len);
	memset(&b, 0x5a, sizeof(b));
	CHECK(board_from_fdt(&b, m, len, NULL) == DT_EMAGIC, "zeros are not a tree");
	CHECK(b.ncpus == 0x5a5a5a5a, "a refused tree must leave the board as it was");

	/* Every truncation: the header's totalsize no longer fits. */
	int refused = 0;
	for (size_t cut = 0; cut < len; cut++) {
		/* Copy into an exact-size buffer so ASan sees any over-read. */
		uint8_t *t = malloc(cut ? cut : 1);
		memcpy(t, good, cut);
		refused += dt_open(&f, t, cut) < 0;
		free(t);
	}
	CHECK_EQ_U(refused, len);

	/* Truncated and relabelled as that size: blocks fall outside. */
	int bad_hdr = 0;
	for (size_t cut = 40; cut < len; cut += 7) {
		uint8_t *t = malloc(cut);
		memcpy(t, good, cut);
		put32(t + 4, (uint32_t)cut);
		memset(&b, 0, sizeof(b));
		int r = board_from_fdt(&b, t, cut, NULL);
		bad_hdr += r == DT_EHEADER;
		free(t);
	}
	CHECK(bad_hdr > 0, "no truncated tree was refused for its header");

	memcpy(m, good, len);
	put32(m, 0xd00dfeee);
	CHECK(dt_open(&f, m, len) == DT_EMAGIC, "bad magic");
	memcpy(m, good, len);
	put32(m + 20, 16);
	CHECK(dt_open(&f, m, len) == DT_EVERSION, "version 16");
	memcpy(m, good, len);
	put32(m + 8, (uint32_t)len + 64);
	CHECK(dt_open(&f, m, len) == DT_EHEADER, "struct block outside");
	memcpy(m, good, len);
	put32(m + 36, 0xfffffff0);
	CHECK(dt_open(&f, m, len) == DT_EHEADER, "struct size wraps");

	/* A property whose length runs past the block. */
	memcpy(m, good, len);
	uint32_t off_struct = be32(*(uint32_t *)(m + 8));
	/* root BEGIN_NODE, name "" padded to 4, then the first PROP token */
	uint8_t *prop = m + off_struct + 8;
	CHECK(be32(*(uint32_t *)prop) == 3, "fixture layout: first token after root is a property");
	put32(prop + 4, 0x7ffffff0);
	CHECK(dt_open(&f, m, len) == DT_ETRUNC, "oversized property refused up front");
	memset(&b, 0, sizeof(b));
	CHECK(board_from_fdt(&b, m, len, NULL) == DT_ETRUNC, "board from a tree with an oversized property");

	/* Unknown token; an END that closes more than was opened. */
	memcpy(m, good, len);
	put32(m + off_struct + 8, 0x77);
	CHECK(dt_open(&f, m, len) == DT_EBADTOKEN, "bad token");
	memcpy(m, good, len);
	put32(m + off_struct + 8, 2);
	CHECK(dt_open(&f, m, len) == DT_EBADTOKEN || dt_open(&f, m, len) == DT_EDEPTH, "unbalanced");

	/* Random damage, deterministic: no crash, whatever the answer. */
	uint64_t s = 0x1234567;
	int damaged_refused = 0;
	for (int i = 0; i < 3000; i++) {
		memcpy(m, good, len);
		for (int k = 0; k < 1 + i % 4; k++) {
			s = s * 6364136223846793005ull + 1442695040888963407ull;
			m[(s >> 33) % len] ^= (uint8_t)(1u << ((s >> 20) & 7));
		}
		memset(&b, 0, sizeof(b));
		damaged_refused += board_from_fdt(&b, m, len, NULL) < 0;
	}
	/* Flips in names or values are legal trees; in tokens they are not. */
	CHECK(damaged_refused > 100 && damaged_refused < 3000, "%d of 3000 damaged trees refused", damaged_refused);
	free(m);

	/* Nesting deeper than DT_MAX_DEPTH. */
	enum { DEEP = 40 };
	size_t sz = 40 + 16 + DEEP * 12 + 8 + 8;
	uint8_t *d = calloc(1, sz);
	uint32_t so = 56, ss = DEEP * 12 + 8;
	put32(d, DT_MAGIC);
	put32(d + 4, (uint32_t)sz);
	put32(d + 8, so);
	put32(d + 12, so + ss);
	put32(d + 16, 40);
	put32(d + 20, 17);
	put32(d + 24, 16);
	put32(d + 32, 0);
	put32(d + 36, ss);
	uint8_t *p = d + so;
	for (int i = 0; i < DEEP; i++, p += 8)
		put32(p, 1); /* BEGIN_NODE with empty name */
	for (int i = 0; i < DEEP; i++, p += 4)
		put32(p, 2);
	put32(p, 9);
	CHECK(dt_open(&f, d, sz) == DT_EDEPTH, "deep nesting gives DT_EDEPTH");
	free(d);
}

static void arm_fixture(const void *blob, size_t len)
{
	struct bm_board b;
	memset(&b, 0, sizeof(b));
	CHECK(board_from_fdt(&b, blob, len, NULL) == 0, "arm fixture refused");
	CHECK_EQ_U(b.uart.kind, BM_UART_PL011);
	CHECK_EQ_U(b.uart.base, 0x9000000);
	CHECK_EQ_U(b.uart.reg_width, 4);
	CHECK_EQ_S(b.uart.compatible, "arm,pl011");
	CHECK_EQ_S(b.psci_method, "hvc");
	CHECK_EQ_U(b.timebase_hz, 0);
	CHECK_EQ_U(b.ncpus, 2);
	CHECK_EQ_U(b.cpus[1].hartid, 0x100);
	CHECK_EQ_S(b.cpus[1].compatible, "arm,cortex-a72");
	CHECK_EQ_S(b.cpus[1].isa, "");
	CHECK(board_uart_kind("arm,primecell") == BM_UART_NONE, "primecell alone is not a UART");
}

/* A console we do not drive: the Pi 3's tree with its mini UART's
 * compatible changed (in memory, with libfdt). The run takes the tree's
 * other enabled UART we drive, /aliases serial0 (the PL011, 0x7e201000 on
 * the bus), and says why; with that one disabled too, none, and why. */
static void fallback_console(const char *trees)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/bcm2837-rpi-3-b.dtb", trees);
	size_t len;
	void *blob = read_file(path, &len);
	CHECK(blob != NULL, "cannot read %s", path);
	if (!blob)
		return;
	size_t cap;
	void *t = editable(blob, len, &cap);
	int mu = fdt_path_offset(t, "/soc/serial@7e215040");
	CHECK(mu >= 0 && fdt_setprop_string(t, mu, "compatible", "vendor,unknown-uart") == 0, "libfdt: setprop");
	struct bm_board b;
	memset(&b, 0, sizeof(b));
	CHECK(board_from_fdt(&b, t, cap, NULL) == 0, "rpi3, mini UART unknown: read");
	CHECK(b.uart.kind == BM_UART_PL011 && b.uart.base == 0x3f201000, "rpi3, mini UART unknown: kind %d base 0x%llx",
	      b.uart.kind, (unsigned long long)b.uart.base);
	CHECK_EQ_S(b.uart.path, "/soc/serial@7e201000");
	CHECK_EQ_S(b.uart_fallback, "console 'vendor,unknown-uart' is not a UART we drive; serial0 (arm,pl011) instead");
	CHECK(b.uart.baud == 0, "the fallback port does not take stdout-path's baud rate");
	int pl = fdt_path_offset(t, "/soc/serial@7e201000");
	CHECK(pl >= 0 && fdt_setprop_string(t, pl, "status", "disabled") == 0, "libfdt: setprop status");
	memset(&b, 0, sizeof(b));
	CHECK(board_from_fdt(&b, t, cap, NULL) == 0, "rpi3, no UART we drive: read");
	CHECK(b.uart.kind == BM_UART_NONE && !b.uart_fallback[0], "rpi3, no UART we drive: kind %d", b.uart.kind);
	CHECK_EQ_S(b.uart_note, "console 'vendor,unknown-uart' is not a UART we drive");
	free(t);
	free(blob);
}

/* Spin-table cores (the Pi 3 and 4): each one's cpu-release-addr, 0xd8
 * + 8 x its number (the firmware stub's mailboxes); a PSCI board's none. */
static void spin_table(const char *trees)
{
	static const char *const pis[] = {"bcm2837-rpi-3-b.dtb", "bcm2711-rpi-4-b.dtb", "imx8mp-evk.dtb"};
	for (int t = 0; t < 3; t++) {
		struct bm_board b;
		CHECK(load_board(trees, pis[t], &b) == 0 && b.ncpus == 4, "%s: read, 4 cpus", pis[t]);
		for (int i = 0; i < b.ncpus; i++)
			CHECK_EQ_U(b.cpus[i].release_addr, t < 2 ? 0xd8 + 8 * (uint64_t)i : 0);
	}
}

/* The L1 I-cache a sim run bounds its jump sleds by: the smallest
 * i-cache-size of the cpu nodes (the D1's C906 32 KiB; the K3's cores 64
 * KiB; the Pi 3's A53s 32 KiB; RK3576's tree gives none). */
static void l1i_sizes(const char *trees)
{
	static const struct {
		const char *tree;
		uint64_t l1i;
	} want[] = {{"sun20i-d1-nezha.dtb", 32768},
		    {"k3-pico-itx.dtb", 65536},
		    {"bcm2837-rpi-3-b.dtb", 32768},
		    {"rk3576-armsom-sige5.dtb", 0}};
	for (size_t t = 0; t < sizeof(want) / sizeof(want[0]); t++) {
		struct bm_board b;
		CHECK(load_board(trees, want[t].tree, &b) == 0, "%s: read", want[t].tree);
		CHECK(b.l1i_bytes == want[t].l1i, "%s: l1i %llu, want %llu", want[t].tree,
		      (unsigned long long)b.l1i_bytes, (unsigned long long)want[t].l1i);
	}
}

void test_fdt(const char *trees, const char *fixtures)
{
	spin_table(trees);
	l1i_sizes(trees);
	fallback_console(trees);
	real_trees(trees);
	facts(trees);
	char path[512];
	snprintf(path, sizeof(path), "%s/edge.dtb", fixtures);
	size_t len;
	uint8_t *blob = read_file(path, &len);
	CHECK(blob != NULL, "cannot read %s", path);
	if (!blob)
		return;
	differential("edge.dtb", blob, len);
	edge_fixture(blob, len);
	malformed(blob, len);
	free(blob);
	snprintf(path, sizeof(path), "%s/arm.dtb", fixtures);
	blob = read_file(path, &len);
	CHECK(blob != NULL, "cannot read %s", path);
	if (blob)
		arm_fixture(blob, len);
	free(blob);
}
