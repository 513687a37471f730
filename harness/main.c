/* One run, start to end: board description, console, options, counters,
 * clock, the run and core records, every kernel, the end record. */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "arena.h"
#include "clock.h"
#include "build_id.h"
#include "console.h"
#include "dt.h"
#include "chase_size.h"
#include "cores.h"
#include "harness.h"
#include "multicore.h"
#include "harness_hooks.h"
#include "harness_main.h"
#include "insn_record.h"
#include "log.h"
#include "noinit.h"
#include "options.h"
#include "platform.h"
#include "reloc_late.h"
#include "text.h"


static struct bm_board board BM_NOINIT; /* platform_defaults clears it first */
static struct bm_options opts;
static struct bm_counters ctr;
static const char *filled = ""; /* what the platform added to the tree's description */

/* At most this much of a DTB is read (sanity bound on totalsize). */
#define DTB_MAX (4u << 20)

struct dt_job {
	const void *dtb;
	uint64_t avail;
	int rc;
};

static void parse_dt(void *p)
{
	struct dt_job *j = p;
	j->rc = board_from_fdt(&board, j->dtb, j->avail, bm_warn_line);
}

static void read_board(const void *dtb)
{
	const struct bm_platform *p = platform_get();
	platform_defaults(p, &board);
	if (!dtb) {
		if (arch_describe_board(&board))
			board.source = "host";
		else
			bm_warn("no device tree passed by firmware; using %s defaults", platform_get()->name);
		return;
	}
	struct dt_job j = {dtb, DTB_MAX, 0};
	struct bm_trap t;
	if (bm_guard(parse_dt, &j, &t)) {
		platform_defaults(p, &board);
		bm_warn("device tree at %p is unreadable (trap cause %llu); using %s defaults", dtb,
			(unsigned long long)t.cause, platform_get()->name);
	} else if (j.rc < 0) {
		platform_defaults(p, &board);
		bm_warn("device tree at %p: %s; using %s defaults", dtb, dt_strerror(j.rc), platform_get()->name);
	} else {
		filled = platform_fill_gaps(p, &board);
	}
}

static void run_record(uint64_t reloc_delta)
{
	struct rec r;
	rec_begin(&r, "run");
	rec_str(&r, "platform", platform_get()->name);
	rec_str(&r, "build", BM_BUILD_ID);
	rec_str(&r, "board_source", board.source);
	if (filled[0])
		rec_str(&r, "platform_filled", filled);
	if (!board.mem_from_dt)
		rec_str(&r, "memory_source", "platform default");
	if (board.dtb_addr)
		rec_hex(&r, "dtb", board.dtb_addr);
	uint64_t img_start, img_end;
	arch_image_range(&img_start, &img_end);
	rec_hex(&r, "load_addr", img_start);
	rec_hex(&r, "reloc_delta", reloc_delta);
	console_fields(&r);
	rec_u64(&r, "timebase_hz", board.timebase_hz);
	rec_u64(&r, "cpus", (uint64_t)board.ncpus);
	rec_obj(&r, "options");
	rec_str(&r, "profile", profile_name(opts.profile));
	rec_str(&r, "only", opts.only[0] ? opts.only : "*");
	if (opts.only_default)
		rec_str(&r, "only_from", "the sim profile's default: the kernels the summary reads");
	rec_u64(&r, "repeat", harness_repeats(&opts));
	rec_str(&r, "console", console_name(options_console(&opts)));
	if (opts.selftest_trap)
		rec_str(&r, "selftest", "trap");
	if (opts.selftest_break)
		rec_str(&r, "selftest_break", "workloads check a broken value; crypto backends a broken output");
	if (opts.selftest_replay)
		rec_str(&r, "selftest_replay", "kernels that renew their work replay it: each must fail its check");
	if (opts.selftest_nocycle)
		rec_str(&r, "selftest_nocycle", "the cycle counter probe reads an absent counter");
	if (opts.selftest_nofp)
		rec_str(&r, "selftest_nofp", "FP and SIMD access turned off on every core");
	if (opts.selftest_unstable)
		rec_str(&r, "selftest_unstable", "each structure sweep's second pass reads 0.1x its first point, 3x from its fifth");
	if (opts.selftest_nocaches)
		rec_str(&r, "selftest_nocaches", "no cache size read from the board or the cores: the sizes are found or guessed");
	if (opts.baud)
		rec_u64(&r, "baud", opts.baud);
	if (opts.llc_kib)
		rec_u64(&r, "llc_kib", opts.llc_kib);
	if (opts.l1i_kib)
		rec_u64(&r, "l1i_kib", opts.l1i_kib);
	rec_str(&r, "cores", opts.cores[0] ? opts.cores : "types");
	if (opts.nbad)
		rec_str(&r, "unknown", opts.bad);
	rec_close(&r);
	cores_fields(&r);
	bm_emit(&r);
}

static const struct bm_cpu_desc *boot_cpu(void)
{
	for (int i = 0; i < board.ncpus; i++)
		if (board.cpus[i].hartid == arch_core_id())
			return &board.cpus[i];
	return NULL;
}

/* "ok" or "ok, <source>" for a counter that works, else why it does not. */
static void counter_field(struct rec *r, const char *name, bool avail, const char *why)
{
	char v[120];
	if (avail)
		snprintf(v, sizeof(v), why[0] ? "ok, %s" : "ok", why);
	else
		snprintf(v, sizeof(v), "%s", why);
	rec_str(r, name, v);
}

static void core_record(const struct clock_reading *cr, const struct harness_calibration *cal)
{
	uint64_t khz = cr->khz;
	struct rec r;
	rec_begin(&r, "core");
	rec_core(&r);
	rec_str(&r, "type_label", cores.type_label[rec_core_type()]);
	arch_core_fields(&r);
	/* The tree's word on this cpu; Arm trees carry no ISA string (the
	 * ID registers above say it). */
	const struct bm_cpu_desc *cpu = boot_cpu();
	if (cpu) {
		rec_str(&r, "compatible", cpu->compatible);
		if (cpu->isa[0])
			rec_str(&r, "isa", cpu->isa);
	}
	if (khz && ctr.cycles_estimated)
		rec_milli(&r, "mhz_estimated", (int64_t)khz); /* not a measured clock */
	else if (khz)
		rec_milli(&r, "mhz", (int64_t)khz);
	else
		rec_str(&r, "mhz_unavailable", cr->why);
	/* what the calibrations cost (a simulator's budget) and how close
	 * they read */
	if (khz) {
		rec_u64(&r, "mhz_error_ppm", cr->error_ppm);
		rec_u64(&r, "clock_ticks", cr->ticks);
		rec_u64(&r, "clock_span_ticks", cr->span_ticks);
		/* where the edges' scatter widened the rule's bound */
		if (cr->error_ppm > cr->rule_ppm)
			rec_u64(&r, "clock_scatter_cycles", cr->scatter_cycles);
	}
	if (cal->l1_floor_ran) {
		if (cal->l1_floor_milli)
			rec_milli(&r, "l1_floor_cycles", cal->l1_floor_milli);
		else
			rec_str(&r, "l1_floor_unavailable", cal->l1_floor_why);
		rec_u64(&r, "l1_floor_ticks", cal->l1_floor_ticks);
	}
	rec_obj(&r, "counters");
	for (int s = 0; s < ctr.nslots; s++)
		counter_field(&r, ctr.slot[s].name, ctr.slot[s].avail, ctr.slot[s].why);
	counter_field(&r, "time", ctr.time_avail, ctr.time_why);
	rec_close(&r);
	bm_emit(&r);
}

/* The core's description for whoever watches the console, before its
 * results (the core record, with every reason, follows them). */
static void core_lines(const struct clock_reading *cr)
{
	if (!log_table_shown())
		return;
	const struct bm_cpu_desc *cpu = boot_cpu();
	/* built without printf: on a core's RTL every instruction before
	 * the first result counts (issue 30) */
	char buf[400];
	struct text t;
	text_init(&t, buf, sizeof(buf));
	/* what the hardware says first (MIDR; on RISC-V the SBI ids, VLEN),
	 * the tree's word beside it */
	text_add(&t, "core ");
	text_u64(&t, arch_core_id());
	text_add(&t, ": ");
	text_add(&t, cores.type_label[rec_core_type()]);
	text_add(&t, "; tree: ");
	text_add(&t, cpu ? cpu->compatible : "(not in the device tree)");
	/* the ISA string's base letters and how many extensions follow (a
	 * K3's string is 600 bytes: the core record has it whole) */
	if (cpu && cpu->isa[0]) {
		const char *us = strchr(cpu->isa, '_');
		uint64_t nx = 0;
		for (const char *q = us; q; q = strchr(q + 1, '_'))
			nx++;
		text_add(&t, " ");
		text_addn(&t, cpu->isa, us ? (size_t)(us - cpu->isa) : 40);
		if (nx) {
			text_add(&t, " + ");
			text_u64(&t, nx);
			text_add(&t, " extensions");
		}
	}
	text_add(&t, "; ");
	if (cr->khz) {
		text_milli(&t, (int64_t)cr->khz);
		text_add(&t, ctr.cycles_estimated ? " MHz ESTIMATED (cycles from the clock)\n" : " MHz measured\n");
	} else {
		text_add(&t, "clock not measured: ");
		text_add(&t, cr->why);
		text_add(&t, "\n");
	}
	bm_print(t.buf, t.len);
	/* cycles and instret each with its reason; the missing events on one
	 * line (the core record has each one's reason) */
	text_init(&t, buf, sizeof(buf));
	for (int s = 0; s < ctr.nslots; s++) {
		if (!ctr.slot[s].avail && s < 2)
			bm_printf("  %-10s unavailable: %s\n", ctr.slot[s].name, ctr.slot[s].why);
		else if (!ctr.slot[s].avail) {
			text_add(&t, t.len ? ", " : "  events unavailable: ");
			text_add(&t, ctr.slot[s].name);
		} else if (ctr.slot[s].emulated)
			bm_printf("  %-10s %s\n", ctr.slot[s].name, ctr.slot[s].why);
	}
	if (t.len) {
		text_add(&t, " (the core record says why)\n");
		bm_print(t.buf, t.len);
	}
	/* the core record has the details; the FPU's absence skips kernels
	 * across every group, so it is said here too */
	if (!arch_has_feature("fpu")) {
		char why[160];
		arch_feature_missing("fpu", why, sizeof(why));
		bm_printf("  %-10s unavailable: %s (its kernels are skipped)\n", "fpu", why);
	}
}

void harness_unexpected_trap(const struct bm_trap *t)
{
	struct rec r;
	rec_begin(&r, "error");
	rec_u64(&r, "core", arch_core_id());
	rec_str(&r, "what", "trap outside any kernel; stopping");
	arch_trap_fields(&r, t);
	bm_emit(&r);
}

struct suite_job {
	const struct bm_env *env;
	int core; /* index in cores.slot */
	unsigned errors;
};

/* The whole single-core suite on the calling core: its own counters,
 * clock, core record and every kernel. */
static void suite_job(void *p)
{
	struct suite_job *j = p;
	const struct core_slot *s = &cores.slot[j->core];
	arch_set_self(s->hwid);
	rec_set_core_type(s->type);
	arch_counters_probe(&ctr, &board, platform_get()->raw_events);
	struct clock_reading cr;
	clock_measure(&ctr, board.timebase_hz, &cr);
	ctr.khz = cr.khz;
	struct harness_calibration cal;
	harness_calibrate(j->env, &ctr, &cal);
	/* The numbers first, then the record of what the core is: on a
	 * core's RTL in a simulator its 1.7 KB cost as much as the kernel
	 * (issue 30), and the host tool reads records in any order. The
	 * console's lines on the core come first, for whoever watches. */
	core_lines(&cr);
	j->errors = harness_run_all(j->env, &ctr);
	core_record(&cr, &cal);
}

void harness_main(const void *dtb, uint64_t reloc_delta, const uint64_t *entry_time)
{
	read_board(dtb);
	arch_board_ready(&board);
	console_init(&board);
	bm_status("\nbaremark %s on %s (hart/core %llu)\n", BM_BUILD_ID, platform_get()->name,
		  (unsigned long long)arch_core_id());
	/* The run's length counts from the image's entry (start.S read the
	 * timer there), or from here where it could not: the timer itself
	 * counts from the board's power-on. */
	char time_why[96];
	bool time_ok = arch_time_probe(time_why, sizeof(time_why));
	uint64_t t_start = time_ok && entry_time ? *entry_time : arch_time();

	options_defaults(&opts);
	options_parse(&opts, board.bootargs ? board.bootargs : "");
	/* the instruction table's pointers, where this run asks for it */
	if (insn_asked(&opts))
		reloc_late(reloc_delta);
	enum bm_console con = options_console(&opts);
	log_console_set(con != BM_CONSOLE_RECORDS, con != BM_CONSOLE_TABLE);
	if (opts.nbad > opts.nlisted)
		bm_warn("unknown or malformed options ignored: %s (and %d more, not listed)", opts.bad,
			opts.nbad - opts.nlisted);
	else if (opts.nbad)
		bm_warn("unknown or malformed options ignored: %s", opts.bad);
	if (opts.selftest_nocycle && !arch_selftest_nocycle())
		bm_warn("baremark.selftest=nocycle ignored: this port has no absent counter to read in its place");
	if (opts.selftest_nofp && !arch_selftest_nofp())
		bm_warn("baremark.selftest=nofp ignored: this port cannot turn its FPU off");
	if (opts.baud) {
		const char *why;
		/* Said at the old rate, so whoever is watching knows to switch. */
		bm_status("baremark: switching the console to %u baud\n", opts.baud);
		if (console_set_baud(opts.baud, &why))
			bm_status("baremark: console now at %u baud\n", opts.baud);
		else
			bm_warn("baremark.baud=%u not applied: %s", opts.baud, why);
	}

	const char *why = NULL;
	uint64_t img_start, img_end;
	arch_image_range(&img_start, &img_end);
	bool have_mem = arena_init(&board, img_start, img_end, &why);
	if (!have_mem)
		bm_warn("no working memory: %s; kernels that need memory will be skipped", why);

	/* sim: the boot core alone, as a simulated core's testbench often
	 * models one hart; the others are listed, not started */
	bool sim = opts.profile == BM_PROFILE_SIM;
	cores_start(&board, !sim);
	run_record(reloc_delta);
	unsigned errors = cores_report_failures();

	struct bm_env env = {0};
	env.opt = &opts;
	env.board = &board;
	/* the sweeps' and the miss chases' sizes: baremark.llc, the board's
	 * description or the platform's default here; each core may know
	 * better (harness/chase_size.h) */
	chase_size_initial(&env);
	/* sim: a quarter of quick's work per pass; on a cycle-exact model
	 * one pass of 32 iterations is as exact as many (docs/simulators.md) */
	env.iters = opts.profile == BM_PROFILE_FULL ? 1024 : opts.profile == BM_PROFILE_SIM ? 32 : 128;

	/* The suite, once on each chosen core, one core at a time. */
	int sel[BM_MAX_CPUS];
	int nsel = cores_select(&opts, sel, BM_MAX_CPUS);
	if (nsel == 0) {
		bm_warn("baremark.cores=%s names no core that is up; running on the boot core", opts.cores);
		sel[0] = cores.primary;
		nsel = 1;
	}
	for (int k = 0; k < nsel; k++) {
		struct suite_job j = {&env, sel[k], 0};
		cores_run(sel[k], suite_job, &j);
		errors += j.errors;
	}
	arch_set_self(cores.slot[cores.primary].hwid);
	rec_set_core_type(cores.slot[cores.primary].type);
	if (!sim)
		errors += multicore_run_all(&env);

	struct rec r;
	rec_begin(&r, "end");
	rec_u64(&r, "errors", errors);
	rec_u64(&r, "warnings", bm_warning_count());
	rec_str(&r, "stop", arch_stop_method());
	/* The run's own length on the timer (under QEMU -icount shift=0 a
	 * virtual nanosecond is a retired instruction): what make bench
	 * turns into a run-time estimate. */
	if (!time_ok)
		rec_str(&r, "elapsed_unavailable", time_why);
	else if (board.timebase_hz)
		rec_milli(&r, "elapsed_s", (int64_t)((__int128)(arch_time() - t_start) * 1000 / board.timebase_hz));
	else
		rec_str(&r, "elapsed_unavailable", "no timer rate");
	/* From the image's entry, in timer ticks: what a run on a core's RTL
	 * waits for its first number and its end (docs/simulators.md). */
	if (time_ok && entry_time) {
		rec_obj(&r, "ticks_from_entry");
		if (harness_first_result_time())
			rec_u64(&r, "first_result", harness_first_result_time() - *entry_time);
		rec_u64(&r, "end", arch_time() - *entry_time);
		rec_close(&r);
	}
	bm_emit(&r);
	bm_status("baremark: done, %u error(s), %u warning(s)\n", errors, bm_warning_count());
}
