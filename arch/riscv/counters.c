/* cycle, instret and time, plus hardware events through the SBI PMU
 * extension (SBI spec v2.0 chapter 11). OpenSBI sets mcounteren so the
 * fixed counters can be read in S-mode (lib/sbi/sbi_hart.c); the
 * hpmcounters stay inhibited until counter_config_matching starts them.
 * Any read that traps marks its counter unavailable. */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "csr.h"
#include "features.h"
#include "isa.h"
#include "sbi.h"
#include "time_wait.h"
#include "point_path.h"

/* SBI PMU function ids (chapter 11): num_counters (11.5), get_info
 * (11.6), config_matching (11.7), start (11.8), stop (11.9). The path
 * end to end: a counter is matched to an event, started from zero, read
 * through its hpmcounter CSR (the spec's way for hardware counters; FID
 * 5 reads firmware counters only) and stopped at the end of the run
 * (arch_stop) or before the next probe. */
#define PMU_NUM_COUNTERS 0
#define PMU_COUNTER_GET_INFO 1
#define PMU_COUNTER_CFG_MATCH 2
#define PMU_COUNTER_START 3
#define PMU_COUNTER_STOP 4
/* config_matching flags: CLEAR_VALUE (bit 1), SET_MINH (bit 7: do not
 * count in M-mode, needs Sscofpmf); start: SET_INIT_VALUE (bit 0); stop:
 * RESET (bit 0, the counter is free for another event). */
#define PMU_CFG_CLEAR (1 << 1)
#define PMU_CFG_MINH (1 << 7)
#define PMU_START_INIT (1 << 0)
#define PMU_STOP_RESET (1 << 0)

/* Event indices: general hardware events are type 0; cache events are
 * type 1 with cache_id << 3 | op_id << 1 | result_id (L1D = 0, READ = 0,
 * ACCESS = 0, MISS = 1). Spec section 11.1/11.2. */
static const struct {
	const char *name;
	unsigned long idx;
	const char *kernels; /* struct bm_slot's: whose results carry it */
} wanted[] = {
	{"l1d_miss", 0x10001, NULL},
	{"l1d_access", 0x10000, NULL},
	{"br_miss", 0x00006, NULL},
	{"branches", 0x00005, NULL},
	/* DTLB (cache_id 3) read and write misses, ITLB (4) read misses:
	 * the events QEMU's virt machine counts (its tree's riscv,pmu map) */
	{"dtlb_read_miss", 0x10019, "cache.tlb."},
	{"dtlb_write_miss", 0x1001b, "cache.tlb."},
	{"itlb_miss", 0x10021, "cache.tlb."},
};

static bool have_cycle, have_instret, have_time;
static int nevents;
static unsigned ev_csr[BM_MAX_SLOTS]; /* hpmcounter CSR number per event slot */
static long ev_idx[BM_MAX_SLOTS];     /* its SBI counter index, for stop */

static void read_cycle(void *p) { *(uint64_t *)p = csr_read(cycle); }
static bool nocycle; /* arch_selftest_nocycle */
static void read_absent(void *p) { *(uint64_t *)p = csr_read(hpmcounter31); }

bool arch_selftest_nocycle(void)
{
	nocycle = true;
	return true;
}
static void read_instret(void *p) { *(uint64_t *)p = csr_read(instret); }
static void read_time(void *p) { *(uint64_t *)p = csr_read(time); }

/* csrr needs the CSR number in the instruction: one case per counter. */
#define HPM(n) case 0xC00 + n: return csr_read(hpmcounter##n);
static uint64_t read_hpm(unsigned csr)
{
	switch (csr) {
	HPM(3) HPM(4) HPM(5) HPM(6) HPM(7) HPM(8) HPM(9) HPM(10) HPM(11) HPM(12) HPM(13)
	HPM(14) HPM(15) HPM(16) HPM(17) HPM(18) HPM(19) HPM(20) HPM(21) HPM(22) HPM(23)
	HPM(24) HPM(25) HPM(26) HPM(27) HPM(28) HPM(29) HPM(30) HPM(31)
	default: return 0;
	}
}
#undef HPM

struct hpm_probe {
	unsigned csr;
	uint64_t v;
};
static void read_hpm_guarded(void *p)
{
	struct hpm_probe *h = p;
	h->v = read_hpm(h->csr);
}

static void probe_fixed(struct bm_slot *s, const char *name, void (*fn)(void *), bool *ok)
{
	struct bm_trap t;
	uint64_t v;
	s->name = name;
	*ok = !bm_guard(fn, &v, &t);
	s->avail = *ok;
	if (*ok)
		return;
	/* Which it is: a hart without Zicntr (Spike's rv64gc), or firmware
	 * that left the counter off (mcounteren). The tree's ISA string
	 * tells the two apart where it lists zicntr; older trees never do. */
	const struct bm_cpu_desc *c = riscv_self_cpu();
	if (c && isa_has_ext(c->isa, "zicntr"))
		snprintf(s->why, sizeof(s->why),
			 "the tree lists zicntr but reading %s traps (scause %llu): firmware left it off (mcounteren)",
			 name, (unsigned long long)t.cause);
	else
		snprintf(s->why, sizeof(s->why),
			 "reading %s traps (scause %llu) and the tree does not list zicntr: the hart may not have it, "
			 "or firmware left it off",
			 name, (unsigned long long)t.cause);
}

/* Configures a counter for one event: the raw code first when the
 * platform gives one (SBI raw event: type 2, code in event_data), then the
 * generic SBI event. Returns the SBI answer of the last attempt. */
static struct sbiret config_event(unsigned long mask, const char *name, unsigned long generic,
				  const struct bm_raw_event *raw, bool *used_raw)
{
	const unsigned long flags = PMU_CFG_CLEAR | PMU_CFG_MINH;
	*used_raw = false;
	for (int i = 0; raw && i < BM_MAX_RAW_EVENTS && raw[i].name; i++) {
		if (strcmp(raw[i].name, name) != 0)
			continue;
		struct sbiret r = sbi_call(SBI_EXT_PMU, PMU_COUNTER_CFG_MATCH, 0, (long)mask, flags, 0x20000,
					   (long)raw[i].code);
		if (r.error == 0) {
			*used_raw = true;
			return r;
		}
	}
	return sbi_call(SBI_EXT_PMU, PMU_COUNTER_CFG_MATCH, 0, (long)mask, flags, (long)generic, 0);
}

static uint64_t raw_code(const struct bm_raw_event *raw, const char *name)
{
	for (int i = 0; raw && i < BM_MAX_RAW_EVENTS && raw[i].name; i++)
		if (strcmp(raw[i].name, name) == 0)
			return raw[i].code;
	return 0;
}

static void probe_events(struct bm_counters *c, const struct bm_raw_event *raw)
{
	long ncounters = 0;
	bool pmu = sbi_has(SBI_EXT_PMU);
	if (pmu) {
		struct sbiret r = sbi_call(SBI_EXT_PMU, PMU_NUM_COUNTERS, 0, 0, 0, 0, 0);
		ncounters = r.error ? 0 : r.value;
	}
	for (size_t i = 0; i < sizeof(wanted) / sizeof(wanted[0]) && c->nslots < BM_MAX_SLOTS; i++) {
		struct bm_slot *s = &c->slot[c->nslots++];
		s->name = wanted[i].name;
		s->kernels = wanted[i].kernels;
		s->avail = false;
		if (!pmu) {
			snprintf(s->why, sizeof(s->why), "firmware has no SBI PMU extension");
			continue;
		}
		if (ncounters <= 3) {
			snprintf(s->why, sizeof(s->why), "SBI PMU reports %ld counters", ncounters);
			continue;
		}
		/* Counters 0-2 are cycle/time/instret: search the rest. */
		unsigned long mask = (ncounters >= 64 ? ~0ul : (1ul << ncounters) - 1) & ~7ul;
		bool used_raw;
		struct sbiret r = config_event(mask, wanted[i].name, wanted[i].idx, raw, &used_raw);
		if (r.error) {
			snprintf(s->why, sizeof(s->why), "SBI PMU cannot count event 0x%lx: %s", wanted[i].idx,
				 sbi_strerror(r.error));
			continue;
		}
		struct sbiret info = sbi_call(SBI_EXT_PMU, PMU_COUNTER_GET_INFO, r.value, 0, 0, 0, 0);
		/* counter_info: bits 11:0 CSR number, bit XLEN-1 = firmware counter. */
		if (info.error || (unsigned long)info.value >> 63) {
			snprintf(s->why, sizeof(s->why), "SBI PMU gave counter %ld that is not a hardware CSR", r.value);
			continue;
		}
		struct hpm_probe h = {(unsigned)(info.value & 0xfff), 0};
		struct bm_trap t;
		if (h.csr < 0xC03 || h.csr > 0xC1F || bm_guard(read_hpm_guarded, &h, &t)) {
			snprintf(s->why, sizeof(s->why), "counter CSR 0x%x is not readable in S-mode", h.csr);
			sbi_call(SBI_EXT_PMU, PMU_COUNTER_STOP, r.value, 1, PMU_STOP_RESET, 0, 0);
			continue;
		}
		struct sbiret st = sbi_call(SBI_EXT_PMU, PMU_COUNTER_START, r.value, 1, PMU_START_INIT, 0, 0);
		if (st.error) {
			snprintf(s->why, sizeof(s->why), "SBI PMU would not start counter %ld for event 0x%lx: %s", r.value,
				 wanted[i].idx, sbi_strerror(st.error));
			sbi_call(SBI_EXT_PMU, PMU_COUNTER_STOP, r.value, 1, PMU_STOP_RESET, 0, 0);
			continue;
		}
		ev_idx[nevents] = r.value;
		ev_csr[nevents++] = h.csr;
		s->avail = true;
		if (used_raw)
			snprintf(s->why, sizeof(s->why), "raw event 0x%llx", (unsigned long long)raw_code(raw, s->name));
		else
			snprintf(s->why, sizeof(s->why), "SBI event 0x%lx", wanted[i].idx);
	}
	/* Keep available event slots first so arch_counters_read fills the
	 * right ones: slot order = probe order, unavailable ones after. */
	struct bm_slot sorted[BM_MAX_SLOTS];
	int k = 2;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 2; i < c->nslots; i++)
			if (c->slot[i].avail == (pass == 0))
				sorted[k++] = c->slot[i];
	memcpy(&c->slot[2], &sorted[2], sizeof(sorted[0]) * (size_t)(c->nslots - 2));
}

/* Instructions retired across reading instret twice (one: the second
 * read itself), and across instret, cycle, instret (two), the least of
 * four tries. A read that firmware answers from M-mode (OpenSBI emulates
 * cycle and instret on a hart without Zicntr, QEMU -cpu rv64,zicntr=false)
 * retires the firmware's trap handler too: a hundred instructions and
 * more, where a CSR read retires one. */
static void read_costs(uint64_t *ii, uint64_t *ici)
{
	*ii = *ici = UINT64_MAX;
	for (int k = 0; k < 4; k++) {
		uint64_t a = csr_read(instret), b = csr_read(instret);
		uint64_t c = csr_read(instret), cyc = csr_read(cycle), d = csr_read(instret);
		(void)cyc;
		if (b - a < *ii)
			*ii = b - a;
		if (d - c < *ici)
			*ici = d - c;
	}
}

/* More than this many instructions retired by one read: firmware ran.
 * Its cost cancels between the N and 2N runs, but the handler's code and
 * data disturb caches and predictors at both ends of every timed run:
 * results carry cycles_emulated (docs/records.md). */
#define EMULATED_READ 16

static void mark_emulated(struct bm_slot *s, uint64_t cost)
{
	s->emulated = true;
	snprintf(s->why, sizeof(s->why),
		 "emulated by firmware: a read retires %llu instructions (a trap to M-mode)",
		 (unsigned long long)cost);
}

static void detect_emulation(struct bm_counters *c)
{
	if (!have_instret)
		return; /* nothing to count a read's cost with */
	uint64_t ii, ici;
	read_costs(&ii, &ici);
	if (ii > EMULATED_READ)
		mark_emulated(&c->slot[BM_SLOT_INSTRET], ii);
	if (have_cycle && ici > ii + EMULATED_READ)
		mark_emulated(&c->slot[BM_SLOT_CYCLES], ici - ii + 1);
}

void arch_counters_probe(struct bm_counters *c, const struct bm_board *b, const struct bm_raw_event *raw)
{
	(void)b;
	memset(c, 0, sizeof(*c));
	c->nslots = 2;
	probe_fixed(&c->slot[BM_SLOT_CYCLES], "cycles", nocycle ? read_absent : read_cycle, &have_cycle);
	probe_fixed(&c->slot[BM_SLOT_INSTRET], "instret", read_instret, &have_instret);
	if (!nocycle)
		detect_emulation(c);
	c->time_avail = arch_time_probe(c->time_why, sizeof(c->time_why));
	arch_counters_release();
	probe_events(c, raw);
}

/* Stops and frees the event counters the last probe started (on this
 * hart: a counter index another hart was given answers an error, which
 * is all it can do). */
void arch_counters_release(void)
{
	for (int i = 0; i < nevents; i++)
		sbi_call(SBI_EXT_PMU, PMU_COUNTER_STOP, ev_idx[i], 1, PMU_STOP_RESET, 0, 0);
	nevents = 0;
}

void arch_counters_read(uint64_t *v)
{
	if (have_cycle)
		v[BM_SLOT_CYCLES] = csr_read(cycle);
	if (have_instret)
		v[BM_SLOT_INSTRET] = csr_read(instret);
	for (int i = 0; i < nevents; i++)
		v[2 + i] = read_hpm(ev_csr[i]);
}

BM_POINT_PATH void arch_counters_read_core(uint64_t *v)
{
	if (have_cycle)
		v[BM_SLOT_CYCLES] = csr_read(cycle);
	if (have_instret)
		v[BM_SLOT_INSTRET] = csr_read(instret);
}

uint64_t arch_cycles_read(void)
{
	return have_cycle ? csr_read(cycle) : 0;
}

bool arch_time_probe(char *why, size_t cap)
{
	struct bm_trap t;
	uint64_t v;
	have_time = !bm_guard(read_time, &v, &t);
	if (have_time)
		snprintf(why, cap, "rdtime");
	else
		snprintf(why, cap, "rdtime traps (scause %llu)", (unsigned long long)t.cause);
	return have_time;
}

BM_POINT_PATH uint64_t arch_time(void)
{
	return have_time ? csr_read(time) : 0;
}

uint64_t arch_time_wait(uint64_t until, uint64_t max_reads, uint64_t *reads)
{
	if (!have_time) {
		*reads = 1;
		return 0;
	}
	return BM_TIME_WAIT(csr_read(time), until, max_reads, reads);
}

/* A hart without F and D is tested as it is (QEMU -cpu rv64,f=false). */
bool arch_selftest_nofp(void)
{
	return false;
}

/* The image's C is soft-float (mk/riscv64.mk): it computes in double on
 * any hart. */
bool arch_c_float(char *why, size_t cap)
{
	(void)why;
	(void)cap;
	return true;
}
