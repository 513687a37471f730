/* PMUv3: the cycle counter and the event counters PMCR_EL0.N offers,
 * programmed with the common events PMCEID0/1_EL0 list. Register and
 * event definitions: Arm ARM (DDI 0487) D11 "The Performance Monitors
 * Extension" and Linux include/linux/perf/arm_pmuv3.h. At EL2 the
 * counters count EL2 only with the NSH filter bit (27) set, and
 * MDCR_EL2.HPMN must leave them to PMCR_EL0.E (../shared/platforms.md). */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "sysreg.h"
#include "time_wait.h"

#define PMCR_E (1u << 0)
#define PMCR_P (1u << 1)
#define PMCR_C (1u << 2)
#define PMCR_LC (1u << 6)
#define FILTER_NSH (1u << 27)
#define MDCR_TPMCR (1u << 5)
#define MDCR_TPM (1u << 6)

static const struct {
	const char *name;
	unsigned event;
} wanted[] = {
	{"instret", 0x08},        /* INST_RETIRED: slot 1 on every ISA */
	{"l1d_miss", 0x03},       /* L1D_CACHE_REFILL */
	{"l1d_access", 0x04},     /* L1D_CACHE */
	{"br_miss", 0x10},        /* BR_MIS_PRED */
	{"l2d_miss", 0x17},       /* L2D_CACHE_REFILL */
	{"stall_frontend", 0x23}, /* STALL_FRONTEND */
	{"stall_backend", 0x24},  /* STALL_BACKEND */
};

static bool have_cycles, have_time;
static int nused;
static int slot_of_counter[BM_MAX_SLOTS]; /* event counter k feeds this slot */

#define EVCNT(n) case n: return read_sysreg(pmevcntr##n##_el0);
static uint64_t read_evcnt(unsigned n)
{
	switch (n) {
	EVCNT(0) EVCNT(1) EVCNT(2) EVCNT(3) EVCNT(4) EVCNT(5) EVCNT(6) EVCNT(7) EVCNT(8) EVCNT(9)
	EVCNT(10) EVCNT(11) EVCNT(12) EVCNT(13) EVCNT(14) EVCNT(15) EVCNT(16) EVCNT(17) EVCNT(18)
	EVCNT(19) EVCNT(20) EVCNT(21) EVCNT(22) EVCNT(23) EVCNT(24) EVCNT(25) EVCNT(26) EVCNT(27)
	EVCNT(28) EVCNT(29) EVCNT(30)
	default: return 0;
	}
}
#undef EVCNT

static void read_pmcr(void *p)
{
	*(uint64_t *)p = read_sysreg(pmcr_el0);
}

static void read_cntvct(void *p)
{
	*(uint64_t *)p = read_sysreg(cntvct_el0);
}

void arch_counters_probe(struct bm_counters *c, const struct bm_board *b, const struct bm_raw_event *raw)
{
	(void)b;
	(void)raw; /* PMUv3 event numbers are architectural */
	memset(c, 0, sizeof(*c));
	c->time_avail = arch_time_probe(c->time_why, sizeof(c->time_why));

	c->nslots = 2 + (int)(sizeof(wanted) / sizeof(wanted[0])) - 1;
	if (c->nslots > BM_MAX_SLOTS)
		c->nslots = BM_MAX_SLOTS;
	c->slot[BM_SLOT_CYCLES].name = "cycles";
	for (int s = 1; s < c->nslots; s++)
		c->slot[s].name = wanted[s - 1].name;
	nused = 0;

	uint64_t pmcr;
	struct bm_trap t;
	if (bm_guard(read_pmcr, &pmcr, &t)) {
		for (int s = 0; s < c->nslots; s++)
			snprintf(c->slot[s].why, sizeof(c->slot[s].why),
				 "PMU registers trap (ESR 0x%llx): a hypervisor keeps them", (unsigned long long)t.cause);
		have_cycles = false;
		return;
	}
	unsigned n = (pmcr >> 11) & 0x1f;
	uint64_t ceid = (read_sysreg(pmceid0_el0) & 0xffffffffull) | read_sysreg(pmceid1_el0) << 32;
	uint64_t filter = arm64_el == 2 ? FILTER_NSH : 0;
	if (arm64_el == 2) {
		/* All n counters follow PMCR_EL0.E; no traps for our own EL. */
		uint64_t mdcr = read_sysreg(mdcr_el2);
		mdcr = (mdcr & ~0x1full & ~(uint64_t)(MDCR_TPM | MDCR_TPMCR)) | n;
		write_sysreg(mdcr_el2, mdcr);
	}
	write_sysreg(pmccfiltr_el0, filter);
	have_cycles = true;
	c->slot[BM_SLOT_CYCLES].avail = true;
	uint64_t enable = 1ull << 31;
	for (int s = 1; s < c->nslots; s++) {
		unsigned ev = wanted[s - 1].event;
		struct bm_slot *sl = &c->slot[s];
		if (!(ceid >> ev & 1)) {
			snprintf(sl->why, sizeof(sl->why), "event 0x%02x not implemented (PMCEID%u_EL0 bit %u clear)", ev,
				 ev / 32, ev % 32);
			continue;
		}
		if ((unsigned)nused >= n) {
			snprintf(sl->why, sizeof(sl->why), "no free event counter (PMCR_EL0.N = %u)", n);
			continue;
		}
		unsigned k = (unsigned)nused++;
		write_sysreg(pmselr_el0, k);
		isb();
		write_sysreg(pmxevtyper_el0, ev | filter);
		slot_of_counter[k] = s;
		enable |= 1ull << k;
		sl->avail = true;
		snprintf(sl->why, sizeof(sl->why), "PMUv3 event 0x%02x", ev);
	}
	write_sysreg(pmcntenset_el0, enable);
	write_sysreg(pmcr_el0, (pmcr & ~0x3full) | PMCR_E | PMCR_P | PMCR_C | PMCR_LC);
	isb();
}

void arch_counters_read(uint64_t *v)
{
	if (have_cycles)
		v[BM_SLOT_CYCLES] = read_sysreg(pmccntr_el0);
	for (int k = 0; k < nused; k++)
		v[slot_of_counter[k]] = read_evcnt((unsigned)k);
}

/* Retired instructions, where counted, are event counter 0: the probe
 * gives INST_RETIRED the first counter (wanted[0]). */
void arch_counters_read_core(uint64_t *v)
{
	if (have_cycles)
		v[BM_SLOT_CYCLES] = read_sysreg(pmccntr_el0);
	if (nused && slot_of_counter[0] == BM_SLOT_INSTRET)
		v[BM_SLOT_INSTRET] = read_sysreg(pmevcntr0_el0);
}

uint64_t arch_cycles_read(void)
{
	return have_cycles ? read_sysreg(pmccntr_el0) : 0;
}

bool arch_time_probe(char *why, size_t cap)
{
	struct bm_trap t;
	uint64_t v;
	have_time = !bm_guard(read_cntvct, &v, &t);
	if (have_time)
		snprintf(why, cap, "CNTVCT_EL0");
	else
		snprintf(why, cap, "CNTVCT_EL0 traps (ESR 0x%llx)", (unsigned long long)t.cause);
	return have_time;
}

uint64_t arch_time(void)
{
	return have_time ? read_sysreg(cntvct_el0) : 0;
}

uint64_t arch_time_wait(uint64_t until, uint64_t max_reads, uint64_t *reads)
{
	if (!have_time) {
		*reads = 1;
		return 0;
	}
	return BM_TIME_WAIT(read_sysreg(cntvct_el0), until, max_reads, reads);
}

/* No counter the EL1/EL2 image can read traps: PMCCNTR_EL0 always reads. */
bool arch_selftest_nocycle(void)
{
	return false;
}

/* Nothing to give back: the counters are ours alone (riscv: SBI PMU). */
void arch_counters_release(void)
{
}
