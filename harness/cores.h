/* Every core the device tree lists: started, checked in, grouped into
 * types, and given work one job at a time. */
#ifndef BM_CORES_H
#define BM_CORES_H
#include <stdint.h>

#include "board.h"
#include "coretypes.h"
#include "options.h"
#include "record.h"

enum core_state { CORE_OFF, CORE_STARTING, CORE_IDLE, CORE_FAILED };

struct core_slot {
	uint64_t stack_top;      /* read by bm_secondary_entry: keep first */
	uint64_t trap_stack_top; /* riscv: its sscratch; keep second */
	/* the lowest byte of both stacks; arm64's arch_cpu_start reads it
	 * (third word) to drop any line of them from the caller's cache */
	uint64_t stack_base;
	uint64_t hwid;
	int state;               /* enum core_state, atomic */
	bool primary;            /* the core that booted */
	struct core_ident ident;
	int type;
	const char *why; /* why it failed */
	/* The mailbox: the owner polls `posted`, the poster polls `done`,
	 * each on its own cache line so neither write disturbs the other. */
	void (*job)(void *);
	void *arg;
	uint32_t posted __attribute__((aligned(64)));
	uint32_t done __attribute__((aligned(64)));
};

/* Not cleared at entry (lib/noinit.h): cores_start clears the counts and
 * each slot it fills, so a table for BM_MAX_CPUS costs a simulated core
 * nothing at entry (issue 30). */
struct core_table {
	int n; /* slots in use: the device tree's enabled cpus */
	struct core_slot slot[BM_MAX_CPUS];
	int ntypes;
	char type_label[BM_MAX_CPUS][80];
	int primary; /* index of the boot core */
};

extern struct core_table cores;

/* Starts every enabled cpu of the board but this one and waits up to
 * 1 s each for it to check in; each core's stacks come from the arena
 * (call after arena_init). Failures are kept for cores_report. */
void cores_start(const struct bm_board *b, bool start_others);
/* The run record's "cores" and "core_types". */
void cores_fields(struct rec *r);
/* One error record per core that did not come up; returns how many. */
unsigned cores_report_failures(void);
/* Runs fn(arg) on core i (here if it is the primary) and waits. */
void cores_run(int i, void (*fn)(void *), void *arg);
/* Runs fn(args[k]) on cores idx[0..n-1] at once (the primary's share
 * here, last) and waits for all. */
void cores_run_many(const int *idx, int n, void (*fn)(void *), void *const *args);
/* The cores the suite runs on for baremark.cores: one per type (the
 * primary for its own type), all, or a list of hart ids / MPIDRs. */
int cores_select(const struct bm_options *o, int *idx, int cap);
/* The started cores (primary first); returns how many. */
int cores_up(int *idx, int cap);
#endif
