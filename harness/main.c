/* One run, start to end: board description, console, options, counters,
 * clock, the run and core records, every kernel, the end record. */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "arena.h"
#include "build_id.h"
#include "console.h"
#include "dt.h"
#include "cores.h"
#include "harness.h"
#include "multicore.h"
#include "harness_hooks.h"
#include "harness_main.h"
#include "log.h"
#include "noinit.h"
#include "options.h"
#include "platform.h"


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

/* The clock measurement: how it went, for the core record. */
struct clock_reading {
	uint64_t khz;	     /* 0: not measured (why says so) */
	uint64_t error_ppm;  /* bound on the reading's error, parts per million */
	uint64_t ticks;	     /* timer ticks the measurement took, all tries */
	const char *why;
};

/* Spins on the timer alone until it reads at least `until`; returns that
 * reading in *t, the cycle counter read right after it in *c and how
 * many reads it took in *spins. False (with *why) when the timer stops. */
static bool timer_reaches(uint64_t until, uint64_t *t, uint64_t *c, uint64_t *spins, const char **why)
{
	uint64_t v[BM_MAX_SLOTS] = {0}, now;
	for (*spins = 1; (int64_t)((now = arch_time()) - until) < 0; ++*spins)
		if (*spins > (1ull << 32)) {
			*why = "timer does not advance";
			return false;
		}
	arch_counters_read(v);
	*t = now;
	*c = v[BM_SLOT_CYCLES];
	return true;
}

/* Target precision of the clock reading, and the longest it may take. */
#define CLOCK_TARGET_PPM 2000u
#define CLOCK_FIRST_TICKS 32u
#define CLOCK_TRIES 4

/* Core clock = cycles counted between two timer edges `n` ticks apart:
 * each end is the first read that saw the timer move, so the cycles
 * between a tick and its sighting (at most one turn of the loop, and at
 * most a tick) are the only error, and a constant cost of reading the
 * timer (a trap to firmware where the time CSR is emulated, as on the
 * C906) is in both ends and cancels; the n-tick wait without edges had
 * read a 1 MHz C906 2% slow (issue 26). The first span is short; if its
 * error bound is above CLOCK_TARGET_PPM the next is as long as that
 * bound asks (at most 1/50 s), so a fast timer costs a few thousand
 * cycles (a core's RTL in a simulator pays for each, issue 30) and a
 * slow one or a trapping read gets the span it needs. */
static void measure_clock(struct clock_reading *cr)
{
	*cr = (struct clock_reading){0};
	if (!ctr.slot[BM_SLOT_CYCLES].avail) {
		cr->why = ctr.slot[BM_SLOT_CYCLES].why; /* the counter's own reason */
		return;
	}
	if (!ctr.time_avail || !board.timebase_hz) {
		cr->why = "timer unavailable or timebase unknown";
		return;
	}
	uint64_t most = board.timebase_hz / 50 > CLOCK_FIRST_TICKS ? board.timebase_hz / 50 : CLOCK_FIRST_TICKS;
	uint64_t n = CLOCK_FIRST_TICKS, t_begin = arch_time();
	for (int tries = 0; tries < CLOCK_TRIES; tries++) {
		uint64_t t0, c0, t1, c1, spins;
		if (!timer_reaches(arch_time() + 1, &t0, &c0, &spins, &cr->why) ||
		    !timer_reaches(t0 + n, &t1, &c1, &spins, &cr->why))
			return;
		if (c1 <= c0) {
			cr->why = "the cycle counter did not move while the timer did";
			return;
		}
		/* Each end is seen at most one turn of the loop and at most one
		 * tick after it happened. A turn is taken as twice the average:
		 * the last turn also reads the counters, and a timer a model
		 * updates in steps (QEMU -icount) is seen a few cycles late;
		 * with the average alone the bound did not hold there. */
		uint64_t cycles = c1 - c0, ticks = t1 - t0;
		uint64_t per_tick = cycles / ticks ? cycles / ticks : 1, turn = 2 * (cycles / spins) + 2;
		uint64_t slack = turn < per_tick ? turn : per_tick;
		cr->khz = (uint64_t)((__int128)cycles * board.timebase_hz / ((__int128)ticks * 1000));
		cr->error_ppm = (uint64_t)((__int128)slack * 1000000 / cycles) + 1;
		cr->ticks = arch_time() - t_begin;
		if (cr->error_ppm <= CLOCK_TARGET_PPM || n >= most)
			return;
		/* the span the bound asks for, with a quarter to spare */
		uint64_t want = (uint64_t)((__int128)n * cr->error_ppm * 5 / (4 * CLOCK_TARGET_PPM)) + 1;
		n = want < most ? want : most;
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
	if (opts.baud)
		rec_u64(&r, "baud", opts.baud);
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
	char mhz[24];
	fmt_milli(mhz, sizeof(mhz), (int64_t)khz);
	/* what the hardware says first (MIDR; on RISC-V the SBI ids, VLEN),
	 * the tree's word beside it */
	/* the ISA string's base letters and how many extensions follow (a
	 * K3's string is 600 bytes: the core record has it whole) */
	char isa[48] = "";
	if (cpu && cpu->isa[0]) {
		const char *us = strchr(cpu->isa, '_');
		int nx = 0;
		for (const char *q = us; q; q = strchr(q + 1, '_'))
			nx++;
		snprintf(isa, sizeof(isa), " %.*s%s", us ? (int)(us - cpu->isa) : 40, cpu->isa, nx ? " +" : "");
		if (nx)
			snprintf(isa + strlen(isa), sizeof(isa) - strlen(isa), " %d extensions", nx);
	}
	bm_printf("core %llu: %s; tree: %s%s; ", (unsigned long long)arch_core_id(), cores.type_label[rec_core_type()],
		  cpu ? cpu->compatible : "(not in the device tree)", isa);
	if (khz)
		bm_printf("%s MHz %s\n", mhz, ctr.cycles_estimated ? "ESTIMATED (cycles from the clock)" : "measured");
	else
		bm_printf("clock not measured: %s\n", cr->why);
	/* cycles and instret each with its reason; the missing events on one
	 * line (the core record has each one's reason) */
	char events[120] = "";
	for (int s = 0; s < ctr.nslots; s++) {
		if (!ctr.slot[s].avail && s < 2)
			bm_printf("  %-10s unavailable: %s\n", ctr.slot[s].name, ctr.slot[s].why);
		else if (!ctr.slot[s].avail)
			snprintf(events + strlen(events), sizeof(events) - strlen(events), "%s%s", events[0] ? ", " : "",
				 ctr.slot[s].name);
		else if (ctr.slot[s].emulated)
			bm_printf("  %-10s %s\n", ctr.slot[s].name, ctr.slot[s].why);
	}
	if (events[0])
		bm_printf("  events unavailable: %s (the core record says why)\n", events);
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
	measure_clock(&cr);
	ctr.khz = cr.khz;
	struct harness_calibration cal;
	harness_calibrate(j->env, &ctr, &cal);
	/* sim: the numbers first, then what the core is (on a core's RTL
	 * the core record's 1.5 KB cost as much as the kernel): the host
	 * tool reads records in any order */
	if (j->env->opt->profile == BM_PROFILE_SIM) {
		j->errors = harness_run_all(j->env, &ctr);
		core_record(&cr, &cal);
		return;
	}
	core_record(&cr, &cal);
	j->errors = harness_run_all(j->env, &ctr);
}

void harness_main(const void *dtb, uint64_t reloc_delta, uint64_t entry_time)
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
	uint64_t t_start = time_ok && entry_time ? entry_time : arch_time();

	options_defaults(&opts);
	options_parse(&opts, board.bootargs ? board.bootargs : "");
	enum bm_console con = options_console(&opts);
	log_console_set(con != BM_CONSOLE_RECORDS, con != BM_CONSOLE_TABLE);
	if (opts.nbad)
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
	uint64_t largest = board.largest_cache ? board.largest_cache : platform_get()->sweep_cache_bytes;
	uint64_t sweep = 4 * largest;
	/* Leave room for the kernel's own bookkeeping next to the buffer. */
	uint64_t room = have_mem ? arena_free_bytes() / 2 : 0;
	env.beyond_cache_bytes = sweep < room ? sweep : room;
	if (opts.profile == BM_PROFILE_QUICK && sweep > (8u << 20))
		sweep = 8u << 20;
	/* every point is listed; one that does not fit in free memory is a
	 * skip record saying how much it needed and how much was free */
	env.sweep_max_bytes = sweep;
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
			rec_u64(&r, "first_result", harness_first_result_time() - entry_time);
		rec_u64(&r, "end", arch_time() - entry_time);
		rec_close(&r);
	}
	bm_emit(&r);
	bm_status("baremark: done, %u error(s), %u warning(s)\n", errors, bm_warning_count());
}
