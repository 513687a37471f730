/* What each architecture (arch/riscv, arch/arm64, the Linux build)
 * provides to the harness. Everything above this line is ISA-free. */
#ifndef BM_ARCH_H
#define BM_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "guard.h"
#include "record.h"

/* Adds the trap's fields to an error record, named the ISA's way. */
void arch_trap_fields(struct rec *r, const struct bm_trap *t);

/* Counter slots, read together by arch_counters_read(). Slots 0 and 1 are
 * always cycles and retired instructions; event slots follow. */
#define BM_SLOT_CYCLES 0
#define BM_SLOT_INSTRET 1
#define BM_MAX_SLOTS 10

struct bm_slot {
	const char *name; /* "cycles", "instret", "l1d_miss", "br_miss", ... */
	bool avail;
	char why[160]; /* !avail: the reason; avail: how it is counted (or "") */
	/* avail, but every read is a trap that firmware answers (OpenSBI
	 * emulates cycle/instret for a hart without Zicntr): why says what a
	 * read costs, and results say their counts came through it */
	bool emulated;
	/* NULL: every result carries this event; else only the results of
	 * kernels whose name begins so (the TLB events: only the TLB
	 * kernels, the ones they explain; elsewhere they cost console bytes
	 * and, on QEMU, whose TLB flushes by the host's clock, vary from run
	 * to run) */
	const char *kernels;
};

struct bm_counters {
	int nslots;
	struct bm_slot slot[BM_MAX_SLOTS];
	bool time_avail;
	char time_why[96];
	/* Cycles derived from the clock, not counted (Linux build without
	 * perf): every figure in cycles is then an estimate, and says so. */
	bool cycles_estimated;
	/* Reading the cycle counter takes a varying time (a system call, or
	 * the clock it is estimated from): the clock measurement counts that
	 * time in its error bound. A CSR or PMU register read takes the same
	 * time every read, and cancels. */
	bool cycles_read_varies;
	/* The core's clock in kHz, measured against the timer when the suite
	 * starts on it (harness/main.c); 0 when it could not be. */
	uint64_t khz;
};

/* Secondary cores (arch/<isa>/smp.c). The entry point is
 * bm_secondary_entry (boot/<isa>/secondary.S), which takes `slot` to
 * core_secondary_main (harness/cores.c). */
struct core_ident;
/* Asks firmware to start core `hwid` (hart id / MPIDR): 0 when accepted,
 * else -1 with the firmware's answer in *why. */
int arch_cpu_start(uint64_t hwid, void *slot, const char **why);
/* Sleeps until arch_cpu_wake or another event (wfi / wfe); may return
 * early, callers re-check their condition. */
void arch_cpu_wait(void);
void arch_cpu_wake(uint64_t hwid);
/* The calling core's identity, read on that core. */
void arch_core_ident(struct core_ident *id);
/* On RISC-V, S-mode cannot read its own hart id: the core about to run
 * the harness says which it is. (Arm reads MPIDR_EL1 and ignores this.) */
void arch_set_self(uint64_t hwid);

/* Does this core have an optional feature a kernel needs? Names: "fma";
 * x86 "aes" "pclmul" "sha" "vaes" "vpclmulqdq" "avx" "avx2"; Arm "neon" "aes"
 * "pmull" "sha2" "sha512" "sm3" "sm4"; RISC-V "v" and the Zvk... and Zvbc
 * extension names in lower case. */
bool arch_has_feature(const char *name);
/* Why arch_has_feature(name) said no, for a skip record: which register
 * field, CPUID bit or device-tree entry was read. */
void arch_feature_missing(const char *name, char *why, size_t cap);
/* For the TLB kernel: NULL when arch_small_pages_view can show memory
 * through 4 KiB pages, so that a chase one line per page stresses the
 * TLB; else why not. */
const char *arch_small_pages(void);
/* Memory of `bytes` seen through 4 KiB pages, for a kernel that builds
 * its contents afterwards: a window onto buf (4 KiB aligned) on arm64
 * and RISC-V; in the Linux build a mapping of its own that refuses huge
 * pages (buf is not used). Valid until arch_small_pages_end(); NULL with
 * the reason in *why when it cannot. */
void *arch_small_pages_view(void *buf, uint64_t bytes, const char **why);
/* After each kernel parameter: the view is no longer used (RISC-V turns
 * translation back off, Linux unmaps its mapping, arm64 does nothing). */
void arch_small_pages_end(void);
/* For cache.tlb.flush: which TLB flush this core runs at the level the
 * image is at; 0 where it cannot run one, with the reason in *why (the
 * Linux build: a process may not). RISC-V: 1 (sfence.vma); arm64: 1 at
 * EL1 (TLBI VMALLE1), 2 at EL2 (TLBI ALLE2). */
int arch_tlb_flush_kind(const char **why);

/* Flushes the `n` lines holding base, base + stride, ... out of every
 * cache level (clean and invalidate to the point of coherence) and waits
 * until that is done, so that a later load of any of them misses. */
typedef void (*bm_lines_flush_fn)(const uint8_t *base, uint64_t n, uint64_t stride);
/* How the calling core flushes lines, or NULL with the reason in *why
 * (the ISA has no such instruction, or it traps here). */
bm_lines_flush_fn arch_lines_flush(const char **why);

/* A core's own PMU event code, where the platform knows it (RISC-V: an
 * SBI PMU raw event, type 2, tried before the generic SBI event). */
struct bm_raw_event {
	const char *name; /* our slot name: "l1d_miss", "br_miss", ... */
	uint64_t code;
};
#define BM_MAX_RAW_EVENTS 6

/* Finds out which counters and events work on this core and starts the
 * event counters. Never reports a counter it could not read. `raw` lists
 * up to BM_MAX_RAW_EVENTS known raw codes (name NULL ends it). */
void arch_counters_probe(struct bm_counters *c, const struct bm_board *b, const struct bm_raw_event *raw);
/* Called before each measurement point: re-derives whatever drifts. The
 * Linux build re-calibrates its estimated cycle rate there (a VM core's
 * clock changes under it); a real counter needs nothing. */
void arch_counters_settle(void);
/* Reads every available slot into v[slot]; unavailable slots are left
 * untouched. Same code path each call, so its cost cancels out. */
void arch_counters_read(uint64_t *v);
/* Slots 0 and 1 alone (cycles and retired instructions, where
 * available), the rest left untouched: what a point reads around its
 * passes when its result reports no event (harness.c, reads_events; the
 * instruction table's forms never do). Same code path each call. */
void arch_counters_read_core(uint64_t *v);
/* The cycle counter alone (0 where it is unavailable): the clock
 * measurement's waits read only this, so a turn of their loop does not
 * grow with the number of event counters a board gives. */
uint64_t arch_cycles_read(void);
/* RISC-V: stops and frees the SBI PMU counters the probe started (the
 * probe does it first too); nothing elsewhere. */
void arch_counters_release(void);
/* Test only (baremark.selftest=nocycle): from the next
 * arch_counters_probe on, the cycle counter's probe reads a counter the
 * machine lacks instead, through the same trap guard, so a run goes on
 * as on a core without a readable cycle counter (RISC-V: hpmcounter31,
 * past the 16 QEMU's virt machine has, where a hart without Zicntr
 * traps on `cycle`). False where the port has no such counter to read. */
bool arch_selftest_nocycle(void);
/* Test only (baremark.selftest=nofp): from now on FP and SIMD access is
 * turned off on every core (arm64: CPACR_EL1.FPEN, CPTR_EL2.TFP), and the
 * FP, SIMD and crypto features read as absent with that reason, so a run
 * goes as on a core without them, and any FP or SIMD instruction outside
 * the kernels that check first traps and fails it. False where the port
 * has no such switch (RISC-V tests a hart without F/D on QEMU itself). */
bool arch_selftest_nofp(void);
/* The largest data or unified cache the calling core reports in its own
 * registers (arm64: CLIDR_EL1 and CCSIDR_EL1), in bytes, and the
 * registers' name; 0 and NULL where the architecture has no such
 * registers (RISC-V: the tree's cache nodes are all there is) or the
 * board description already gives the sizes (the Linux build: sysfs). */
uint64_t arch_core_largest_cache(void);
const char *arch_core_caches_source(void);
/* May C code compute in floating point on this core? The RISC-V image's
 * C is soft-float, and the Linux build runs where its ABI's FPU is, so
 * always there; arm64 has no soft-float ABI, so only on a core with FP
 * (the summary's arithmetic is built with it). False with why. */
bool arch_c_float(char *why, size_t cap);
/* The architectural timer in ticks of board->timebase_hz. */
uint64_t arch_time(void);
/* Reads the timer until it reads at least `until` (a wrapping compare)
 * or `max_reads` reads have gone by; returns the last reading and says
 * in *reads how many it took. The port's own loop, its timer read inline:
 * its turn bounds the clock measurement's error (harness/clock.c). */
uint64_t arch_time_wait(uint64_t until, uint64_t max_reads, uint64_t *reads);
/* Finds out whether arch_time() works on this core (a trap-guarded read)
 * and says how it reads or why it cannot; arch_counters_probe calls it
 * too. Until it has run, arch_time() returns 0. */
bool arch_time_probe(char *why, size_t cap);

/* Identity of the running core for the core record. */
void arch_core_fields(struct rec *r);
uint64_t arch_core_id(void); /* hart id / MPIDR */

/* Where the program itself lies (the arena starts above it). */
void arch_image_range(uint64_t *start, uint64_t *end);
/* With no device tree: can the arch describe the board itself? (The
 * Linux build can: memory it maps, options from argv.) False on bare
 * metal, where a missing tree is a warning and the platform's defaults. */
bool arch_describe_board(struct bm_board *b);

/* Called once the board is described (device tree or defaults): the
 * arch completes what it knows better (arm64: timebase from CNTFRQ_EL0,
 * final page tables from the memory map). */
void arch_board_ready(struct bm_board *b);

/* A firmware console (SBI DBCN, then legacy SBI putchar), if there is one.
 * Returns its name or NULL. */
const char *arch_fw_console_probe(void);
void arch_fw_console_write(const char *s, size_t n);

/* Ends the run: firmware shutdown, else wait for interrupt forever; a
 * shutdown call that returns is said on the console (below). */
_Noreturn void arch_stop(void);
/* "power-off refused by <firmware>: the run is over, switch the board
 * off" (arch/baremetal/poweroff.c), before the low-power wait. */
void arch_poweroff_refused(const char *firmware);
/* Name of the stop method that will be used, for the end record. */
const char *arch_stop_method(void);

#endif
