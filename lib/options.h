/* Run options from the kernel command line (/chosen/bootargs, QEMU
 * -append, U-Boot bootargs; on Linux builds, argv). Only words that start
 * with "baremark." are ours; others belong to someone else and are left
 * alone. An unknown or malformed baremark.* word is kept in `bad` so the
 * run record and the console can say so. */
#ifndef BM_OPTIONS_H
#define BM_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

/* quick and full differ in repeats, iterations and sweep sizes; sim is
 * quick's kernels for a core's RTL in a simulator: one repeat, records
 * only, no other core started, no summary or multi-core extras
 * (docs/simulators.md). */
enum bm_profile { BM_PROFILE_QUICK, BM_PROFILE_FULL, BM_PROFILE_SIM };
/* What the console shows: the records the host tool reads, the table a
 * person reads, or both (the default; sim: records). */
enum bm_console { BM_CONSOLE_DEFAULT, BM_CONSOLE_BOTH, BM_CONSOLE_RECORDS, BM_CONSOLE_TABLE };

#define BM_OPT_ONLY_LEN 256 /* make truth's list of what the summary reads is 135 */
#define BM_OPT_BAD_LEN 240
/* The sim profile's kernels where no only= is given: those the summary
 * record reads (docs/simulators.md) */
#define BM_SIM_ONLY                                                                                             \
	"cache.load.lat,cache.seq.lat,cache.tlb.lat,cache.line.lat,cache.bw.read,branch.*,uarch.mlp,uarch.stlf.lat," \
	"uarch.width.*,uarch.window.*,pipeline.add*,pipeline.load.thr,pipeline.mul.thr"
#define BM_MAX_REPEATS 64 /* the harness keeps this many repeats per point */

struct bm_options {
	enum bm_profile profile;
	char only[BM_OPT_ONLY_LEN]; /* comma-separated glob patterns, "" = all */
	/* `only` cut at its commas once, not at every kernel's test */
	uint8_t only_at[BM_OPT_ONLY_LEN / 2], only_len[BM_OPT_ONLY_LEN / 2];
	int nonly;
	bool only_default; /* `only` is the sim profile's default (BM_SIM_ONLY), not given */
	unsigned repeat;            /* 0 = the profile's default */
	bool selftest_trap;         /* run the test-only trapping kernel */
	bool selftest_break;        /* workloads check a broken value, crypto a broken backend: every one must fail */
	bool selftest_nocycle;      /* the cycle counter reads as absent (arch_selftest_nocycle) */
	bool selftest_nofp;         /* FP and SIMD turned off (arch_selftest_nofp) */
	bool selftest_replay;       /* kernels that renew their work do not: each must fail its check */
	bool selftest_retry;        /* every point's first try is taken as measuring nothing: each is measured again */
	bool selftest_nocaches;     /* cache sizes described nowhere (tree, sysfs, core registers): as a core's RTL */
	bool selftest_coldtimed;    /* each point's first timed pass costs ~300 instructions more (the defect itself) */
	bool selftest_cold;         /* each point's first pass through the timed path costs ~300 instructions more */
	bool selftest_unstable;     /* a structure sweep's second pass reads 0.1x its first point, 3x from its fifth */
	unsigned baud;              /* 0 = keep the rate firmware set */
	unsigned l1i_kib;           /* 0 = not given: the L1 I-cache bounds no sweep */
	unsigned llc_kib;           /* 0 = the board's description (tree, CCSIDR, sysfs), else the platform's default */
	enum bm_console console;    /* BM_CONSOLE_DEFAULT: the profile's */
	char cores[64];             /* "types" (default, ""), "all", or ids "0,0x100" */
	/* unknown words, and known ones whose value is out of range with the
	 * range in parentheses, space separated */
	char bad[BM_OPT_BAD_LEN];
	int nbad;
	int nlisted; /* how many of the nbad are in `bad` (one past its room is only counted) */
};

void options_defaults(struct bm_options *o);
/* Parses a whole command line (words separated by spaces). */
void options_parse(struct bm_options *o, const char *cmdline);
/* Does kernel `name` pass the `only` filter? ('*' matches any run) */
bool options_selects(const struct bm_options *o, const char *name);
bool glob_match(const char *pat, const char *pat_end, const char *s);
const char *profile_name(enum bm_profile p);
/* The console setting in force (the option, else the profile's). */
enum bm_console options_console(const struct bm_options *o);
const char *console_name(enum bm_console c);

#endif
