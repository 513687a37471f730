/* baremark inspect <file.dtb>: what the image would find on that board,
 * from the same device-tree reader (lib/dt.c, lib/board_fdt.c) and the
 * same platform files (platform/<target>/platform.c) the image uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "dt.h"
#include "inspect.h"
#include "isa.h"
#include "platform.h"

extern const struct bm_platform __start_bm_platforms[], __stop_bm_platforms[];

/* PMUv3 common events the arm64 image asks for (arch/arm64/counters.c);
 * which ones a core has is read from PMCEID0/1_EL0 at run time. */
static const char *const arm_events = "instret 0x08, l1d_miss 0x03, l1d_access 0x04, br_miss 0x10, "
				      "l2d_miss 0x17, stall_frontend 0x23, stall_backend 0x24";
/* Generic SBI PMU events the riscv64 image asks for (arch/riscv/counters.c). */
static const char *const sbi_events = "l1d_miss 0x10001, l1d_access 0x10000, br_miss 0x6, branches 0x5";

static void *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0, got;
	char *buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	*len = n;
	return buf;
}

static const struct bm_platform *platform_for(const struct dt *f, const char **matched)
{
	int len;
	const char *compat = dt_prop(f, dt_root(f), "compatible", &len);
	for (const struct bm_platform *p = __start_bm_platforms; compat && p < __stop_bm_platforms; p++)
		for (int i = 0; i < 4 && p->root_compatible[i]; i++)
			if (dt_stringlist_has(compat, len, p->root_compatible[i])) {
				*matched = p->root_compatible[i];
				return p;
			}
	return NULL;
}

/* Does any node carry `prop` (e.g. the RISC-V PMU event maps)? */
static int tree_has_prop(const struct dt *f, const char *prop)
{
	int depth = 0;
	for (int n = dt_root(f); n >= 0; n = dt_next_node(f, n, &depth))
		if (dt_prop(f, n, prop, NULL))
			return 1;
	return 0;
}

/* The cores the image would start: enabled ones only (status "okay" or
 * none; a disabled hart, such as the monitor core of the JH7110 or the
 * FU740, is never started), grouped by compatible; the disabled ones
 * after, apart. */
static void print_types(const struct bm_board *b)
{
	printf("core types:");
	for (int pass = 0; pass < 2; pass++) {
		bool enabled = pass == 0, any = false;
		for (int i = 0; i < b->ncpus; i++) {
			int seen = 0, count = 0;
			if (b->cpus[i].enabled != enabled)
				continue;
			for (int j = 0; j < i; j++)
				seen |= b->cpus[j].enabled == enabled &&
					strcmp(b->cpus[j].compatible, b->cpus[i].compatible) == 0;
			if (seen)
				continue;
			for (int j = 0; j < b->ncpus; j++)
				count += b->cpus[j].enabled == enabled &&
					 strcmp(b->cpus[j].compatible, b->cpus[i].compatible) == 0;
			if (!enabled && !any)
				printf(" (disabled:");
			any = true;
			printf(" %dx %s", count, b->cpus[i].compatible);
		}
		if (!enabled && any)
			printf(")");
	}
	printf("\n");
}

/* A RISC-V tree: a cpu node with a riscv,isa* property or "riscv" in its
 * compatible. Anything else with cpus is taken for Arm (cpu compatibles
 * are vendors' own there too: qcom,kryo385, nvidia,denver, apm,potenza). */
static bool tree_is_riscv(const struct dt *f)
{
	int cpus = dt_path(f, "/cpus", NULL, NULL);
	for (int c = cpus >= 0 ? dt_first_child(f, cpus) : -1; c >= 0; c = dt_next_sibling(f, c)) {
		int len;
		const char *compat = dt_prop(f, c, "compatible", &len);
		if (dt_prop(f, c, "riscv,isa", NULL) || dt_prop(f, c, "riscv,isa-base", NULL) ||
		    (compat && dt_stringlist_has(compat, len, "riscv")))
			return true;
	}
	return false;
}

/* The enable-method of the second cpu node (the first one started),
 * "none" if it has none. */
static const char *second_enable_method(const struct dt *f)
{
	int cpus = dt_path(f, "/cpus", NULL, NULL), n = 0;
	for (int c = cpus >= 0 ? dt_first_child(f, cpus) : -1; c >= 0; c = dt_next_sibling(f, c)) {
		const char *type = dt_prop_str(f, c, "device_type");
		if (type && strcmp(type, "cpu") == 0 && n++ == 1) {
			const char *m = dt_prop_str(f, c, "enable-method");
			return m ? m : "none";
		}
	}
	return "none";
}

/* The cpu nodes of /cpus (device_type "cpu") and how many are enabled:
 * all of them, where the image's reader stops at BM_MAX_CPUS. */
static void count_cpu_nodes(const struct dt *f, int *all, int *enabled)
{
	*all = *enabled = 0;
	int cpus = dt_path(f, "/cpus", NULL, NULL);
	for (int c = cpus >= 0 ? dt_first_child(f, cpus) : -1; c >= 0; c = dt_next_sibling(f, c)) {
		const char *type = dt_prop_str(f, c, "device_type");
		if (!type || strcmp(type, "cpu") != 0)
			continue;
		const char *status = dt_prop_str(f, c, "status");
		++*all;
		*enabled += !status || strcmp(status, "okay") == 0 || strcmp(status, "ok") == 0;
	}
}

/* The vector crypto extensions the image would look for on this hart,
 * as it reads the ISA string (bundles and supersets counted: lib/isa.c). */
static void vector_crypto(const char *isa)
{
	static const char *const exts[] = {"zvkned", "zvknha", "zvknhb", "zvkg", "zvksed", "zvksh", "zvkb", "zvbc"};
	int n = 0;
	printf("    vector crypto:");
	for (size_t k = 0; k < sizeof(exts) / sizeof(exts[0]); k++)
		if (isa_has_ext(isa, exts[k]))
			printf(" %s", exts[k]), n++;
	printf("%s\n", n ? "" : " none in the ISA string");
}

int cmd_inspect(int argc, char **argv)
{
	if (argc != 1) {
		fprintf(stderr, "usage: baremark inspect <file.dtb>\n");
		return 2;
	}
	size_t len;
	void *blob = slurp(argv[0], &len);
	if (!blob) {
		perror(argv[0]);
		return 2;
	}
	struct dt f;
	int r = dt_open(&f, blob, len);
	if (r < 0) {
		fprintf(stderr, "inspect: %s: %s (the image would warn and use its platform defaults)\n", argv[0],
			dt_strerror(r));
		free(blob);
		return 1;
	}
	const char *matched = NULL;
	const struct bm_platform *p = platform_for(&f, &matched);
	struct bm_board b;
	memset(&b, 0, sizeof(b));
	if (p)
		platform_defaults(p, &b);
	else
		b.nmem = 0;
	board_from_fdt(&b, blob, len, NULL);
	const char *filled = p ? platform_fill_gaps(p, &b) : "";

	const char *model = dt_prop_str(&f, dt_root(&f), "model");
	bool arm = b.ncpus > 0 && !tree_is_riscv(&f);
	int all_cpus, enabled_cpus;
	count_cpu_nodes(&f, &all_cpus, &enabled_cpus);
	printf("tree: %s (%s)\n", argv[0], model ? model : "no model");
	if (p)
		printf("platform: %s (root compatible %s)\n", p->name, matched);
	else
		printf("platform: none of ours matches; the image's own platform supplies defaults\n");
	/* the tally's words (tools/debian-trees.sh): driven, fallback, silent */
	const char *con_verdict = b.uart.kind == BM_UART_NONE ? (arm ? "silent" : "fallback")
				  : b.uart_fallback[0]	       ? "fallback"
								 : "driven";
	if (b.uart.kind == BM_UART_NONE) {
		printf("console: no UART we drive (%s); %s\n", b.uart_note,
		       arm ? "no firmware console on Arm: the run would be silent" : "SBI console instead");
	} else {
		if (b.uart_fallback[0] && !arm)
			printf("console: stdout-path's is not one we drive: the SBI console (the firmware's) first, else %s\n",
			       b.uart_fallback);
		else if (b.uart_fallback[0])
			printf("console: stdout-path's is not one we drive: %s\n", b.uart_fallback);
		printf("console: %s %s base 0x%llx reg-shift %u io-width %u", b.uart.path, b.uart.compatible,
		       (unsigned long long)b.uart.base, (unsigned)b.uart.reg_shift, (unsigned)b.uart.reg_width);
		if (b.uart.clock_hz)
			printf(" clock %u Hz%s", (unsigned)b.uart.clock_hz, strstr(filled, "uart clock") ? " (platform)" : "");
		else
			printf(" clock unknown (baremark.baud unavailable)");
		if (b.uart.baud)
			printf(" baud %u", (unsigned)b.uart.baud);
		else
			printf(" baud as firmware set it");
		printf("\n");
	}
	if (b.timebase_hz)
		printf("timebase: %llu Hz\n", (unsigned long long)b.timebase_hz);
	else
		printf("timebase: %s\n", arm ? "CNTFRQ_EL0 at run time" : "unknown");
	for (int i = 0; i < b.nmem; i++)
		printf("memory: 0x%llx + 0x%llx%s\n", (unsigned long long)b.mem[i].base,
		       (unsigned long long)b.mem[i].size, b.mem_from_dt ? "" : " (platform default: firmware adds /memory)");
	if (b.nmem == 0)
		printf("memory: none in the tree (firmware adds /memory)\n");
	printf("cpus: %d\n", all_cpus);
	if (enabled_cpus > BM_MAX_CPUS)
		printf("warning: the image starts at most %d cores (BM_MAX_CPUS): %d of this tree's %d enabled cores "
		       "would not run\n",
		       BM_MAX_CPUS, enabled_cpus - BM_MAX_CPUS, enabled_cpus);
	for (int i = 0; i < b.ncpus; i++) {
		printf("  cpu 0x%llx %s %s%s%s\n", (unsigned long long)b.cpus[i].hartid, b.cpus[i].compatible,
		       b.cpus[i].enabled ? "okay" : "disabled", b.cpus[i].isa[0] ? " " : "", b.cpus[i].isa);
		if (!arm && b.cpus[i].isa[0])
			vector_crypto(b.cpus[i].isa);
	}
	print_types(&b);
	/* How the other cores would start: the tally's words. */
	char cores_how[160];
	const char *cores_verdict = "startable";
	if (arm) {
		int spin = 0, others = 0;
		uint64_t first = 0;
		for (int i = 0; i < b.ncpus; i++)
			if (b.cpus[i].release_addr) {
				first = spin++ ? first : b.cpus[i].release_addr;
			}
		for (int i = 1; i < b.ncpus; i++)
			others += b.cpus[i].enabled;
		printf("psci: %s\n", b.psci_method[0] ? b.psci_method : "none (the run would end in wfe)");
		if (spin)
			printf("spin-table: %d cores, each released by its entry point at its cpu-release-addr (0x%llx, ...)\n",
			       spin, (unsigned long long)first);
		if (b.psci_method[0])
			snprintf(cores_how, sizeof(cores_how), "PSCI over %s", b.psci_method);
		else if (spin && spin >= others)
			snprintf(cores_how, sizeof(cores_how), "spin-table");
		else if (others == 0)
			snprintf(cores_how, sizeof(cores_how), "one core");
		else {
			cores_verdict = "not";
			snprintf(cores_how, sizeof(cores_how),
				 "no /psci node and %d of %d other cores without cpu-release-addr (enable-method %s)",
				 others - spin, others, second_enable_method(&f));
		}
		printf("events: PMUv3, those PMCEID0/1_EL0 list: %s\n", arm_events);
	} else {
		snprintf(cores_how, sizeof(cores_how), "SBI HSM");
		printf("sbi: console fallback DBCN then legacy; PMU through the SBI PMU extension\n");
		bool raw_map = tree_has_prop(&f, "riscv,raw-event-to-mhpmcounters");
		if (p && p->raw_events[0].name) {
			printf("events: raw codes (%s):", raw_map ? "the tree maps raw events" : "the tree has no raw-event map");
			for (int i = 0; i < BM_MAX_RAW_EVENTS && p->raw_events[i].name; i++)
				printf(" %s 0x%llx", p->raw_events[i].name, (unsigned long long)p->raw_events[i].code);
			printf("; else generic SBI: %s\n", sbi_events);
		} else {
			printf("events: generic SBI: %s%s\n", sbi_events,
			       tree_has_prop(&f, "riscv,event-to-mhpmcounters") ? " (the tree maps them)" : "");
		}
	}
	if (enabled_cpus > BM_MAX_CPUS) {
		cores_verdict = "not";
		size_t used = strlen(cores_how);
		snprintf(cores_how + used, sizeof(cores_how) - used, "; %d enabled, the image starts at most %d",
			 enabled_cpus, BM_MAX_CPUS);
	}
	/* One line for scripts (tools/debian-trees.sh): the console's and the
	 * cores' verdicts, each with its reason. */
	printf("verdict: console %s (%s); cores %d %s (%s)\n", con_verdict,
	       b.uart.kind == BM_UART_NONE ? b.uart_note
	       : b.uart_fallback[0]	   ? b.uart_fallback
					   : b.uart.compatible,
	       enabled_cpus, cores_verdict, cores_how);
	free(blob);
	return 0;
}
