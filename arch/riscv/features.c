/* Optional features of a RISC-V hart, found on the hart itself.
 *   fma     fmadd.d: in every rv64gc.
 *   v       RVV 1.0: vlenb (CSR 0xC22) reads under the trap guard once
 *           sstatus.VS (bits 10:9) is on.
 *   zvkned, zvknha, zvknhb, zvkg, zvksed, zvksh, zvkb, zvbc
 *           the vector crypto extensions: the tree's ISA string for this
 *           hart must list the extension, and one of its instructions
 *           must then execute under the trap guard. An extension the tree
 *           does not list is never executed: an unknown encoding on an
 *           unknown core is not a safe experiment.
 *   xtheadvector
 *           T-Head's RVV 0.7.1 unit (C906/C910): no RVV 1.0 (their
 *           vsetvli encodings coincide, so a 1.0 unit would pass the
 *           probe), a T-Head core or a tree that lists it, and th.vsetvli
 *           executing once sstatus bits 24:23 are on (T-Head C906 manual;
 *           ../shared/platforms.md). VLEN is then vl for e8, m1 at VLMAX,
 *           times 8, because th.vlenb traps on the C906. */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "board.h"
#include "features.h"
#include "guard.h"
#include "isa.h"
#include "rv_insn.h"
#include "sbi.h"
#include "text.h"

static const struct bm_board *board;

void riscv_features_board(const struct bm_board *b)
{
	board = b;
}

const struct bm_board *riscv_board(void)
{
	return board;
}

const struct bm_cpu_desc *riscv_self_cpu(void)
{
	for (int i = 0; board && i < board->ncpus; i++)
		if (board->cpus[i].hartid == arch_core_id())
			return &board->cpus[i];
	return NULL;
}

static void read_vlenb(void *p)
{
	uint64_t v;
	__asm__ volatile("csrr %0, 0xc22" : "=r"(v));
	*(uint64_t *)p = v;
}

uint64_t riscv_vlenb(void)
{
	__asm__ volatile("csrs sstatus, %0" ::"r"(0x200ul)); /* VS = Initial (bits 10:9) */
	uint64_t vlenb = 0;
	struct bm_trap t;
	if (bm_guard(read_vlenb, &vlenb, &t))
		return 0;
	return vlenb;
}

/* One instruction of each extension, after a vsetivli that makes it legal
 * at VLEN 128 (element groups of 128 bits; 256 for SHA-512 and SM3). */
#define VPROBE(fn, vset, word)                                                                          \
	static void fn(void *p)                                                                         \
	{                                                                                               \
		(void)p;                                                                                \
		__asm__ volatile(".option push\n.option arch, +v\n" vset "\n.word %0\n.option pop" ::"i"(word) \
				 : "memory");                                                           \
	}
VPROBE(probe_zvkned, "vsetivli zero, 4, e32, m1, ta, ma", BM_VAESZ_VS(1, 2))
VPROBE(probe_zvknha, "vsetivli zero, 4, e32, m1, ta, ma", BM_VSHA2MS_VV(1, 2, 3))
VPROBE(probe_zvknhb, "vsetivli zero, 4, e64, m2, ta, ma", BM_VSHA2MS_VV(2, 4, 6))
VPROBE(probe_zvkg, "vsetivli zero, 4, e32, m1, ta, ma", BM_VGMUL_VV(1, 2))
VPROBE(probe_zvksed, "vsetivli zero, 4, e32, m1, ta, ma", BM_VSM4R_VV(1, 2))
VPROBE(probe_zvksh, "vsetivli zero, 8, e32, m2, ta, ma", BM_VSM3ME_VV(2, 4, 6))
VPROBE(probe_zvkb, "vsetivli zero, 4, e32, m1, ta, ma", BM_VREV8_V(1, 2))
VPROBE(probe_zvbc, "vsetivli zero, 2, e64, m1, ta, ma", BM_VCLMUL_VV(1, 2, 3))

static const struct vext {
	const char *name, *insn;
	void (*probe)(void *);
} vexts[] = {
	{"zvkned", "vaesz.vs", probe_zvkned}, {"zvknha", "vsha2ms.vv", probe_zvknha},
	{"zvknhb", "vsha2ms.vv at SEW 64", probe_zvknhb}, {"zvkg", "vgmul.vv", probe_zvkg},
	{"zvksed", "vsm4r.vv", probe_zvksed}, {"zvksh", "vsm3me.vv", probe_zvksh},
	{"zvkb", "vrev8.v", probe_zvkb}, {"zvbc", "vclmul.vv", probe_zvbc},
};

static const struct vext *vext(const char *name)
{
	for (size_t i = 0; i < sizeof(vexts) / sizeof(vexts[0]); i++)
		if (strcmp(vexts[i].name, name) == 0)
			return &vexts[i];
	return NULL;
}

/* NULL when the hart has vector extension e, else why not. */
static const char *vext_missing(const struct vext *e, char *why, size_t cap)
{
	const struct bm_cpu_desc *c = riscv_self_cpu();
	if (!riscv_vlenb()) {
		snprintf(why, cap, "no RVV 1.0 unit (reading vlenb traps), so no %s", e->name);
		return why;
	}
	if (!c || !isa_has_ext(c->isa, e->name)) {
		snprintf(why, cap, "the tree's ISA string for hart %llu does not list %s (not executed)",
			 (unsigned long long)arch_core_id(), e->name);
		return why;
	}
	struct bm_trap t;
	if (bm_guard(e->probe, NULL, &t)) {
		snprintf(why, cap, "the tree lists %s but %s traps (scause %llu)", e->name, e->insn,
			 (unsigned long long)t.cause);
		return why;
	}
	return NULL;
}

/* T-Head's JEDEC vendor id in mvendorid (Linux: THEAD_VENDOR_ID in
 * arch/riscv/include/asm/vendorid_list.h). */
#define THEAD_MVENDORID 0x5b7

bool riscv_thead_core(const struct bm_cpu_desc *c)
{
	if (c && strncmp(c->compatible, "thead,c9", 8) == 0)
		return true;
	/* A tree that says only "riscv" (QEMU's thead-c906 model writes
	 * that): the running hart's mvendorid, which SBI reads for S-mode
	 * (base extension, FID 4), still tells. */
	if (c && c == riscv_self_cpu()) {
		struct sbiret v = sbi_call(SBI_EXT_BASE, 4, 0, 0, 0, 0, 0);
		return v.error == 0 && v.value == THEAD_MVENDORID;
	}
	return false;
}

static void th_vsetvli_max(void *p)
{
	uint64_t vl;
	__asm__ volatile("csrs sstatus, %1\n.word %2\nmv %0, a0"
			 : "=r"(vl)
			 : "r"((uint64_t)BM_TH_SSTATUS_VS), "i"(BM_TH_VSETVLI(10, 0, BM_TH_VTYPE(0, 0)))
			 : "a0");
	*(uint64_t *)p = vl;
}

uint64_t riscv_thead_vlen(char *why, size_t cap)
{
	const struct bm_cpu_desc *c = riscv_self_cpu();
	if (riscv_vlenb()) {
		snprintf(why, cap, "this hart has RVV 1.0 (vlenb reads), not T-Head's 0.7.1 unit");
		return 0;
	}
	if (!riscv_thead_core(c) && !(c && isa_has_ext(c->isa, "xtheadvector"))) {
		snprintf(why, cap,
			 "not a T-Head core (compatible \"%s\", mvendorid not 0x5b7) and the tree does not list xtheadvector "
			 "(not executed)",
			 c ? c->compatible : "?");
		return 0;
	}
	uint64_t vl = 0;
	struct bm_trap t;
	if (bm_guard(th_vsetvli_max, &vl, &t)) {
		snprintf(why, cap, "th.vsetvli traps (scause %llu)", (unsigned long long)t.cause);
		return 0;
	}
	return vl * 8;
}

/* F and D: the entry code sets sstatus.FS to Initial, which stays zero
 * (read-only) on a hart without an FPU. */
static bool riscv_fpu(void)
{
	uint64_t st;
	__asm__ volatile("csrr %0, sstatus" : "=r"(st));
	return (st >> 13 & 3) != 0;
}

/* A scalar extension beyond RV64GC (Zba, Zbb, Zfh, XTheadBa ...), or C
 * (the table's compressed forms): the instruction table's forms run where
 * the hart's ISA string in the tree lists it (nothing else says so
 * without executing it, and an instruction the core may lack is never
 * executed). */
static bool scalar_name(const char *name)
{
	return name[0] == 'z' || name[0] == 'x' || strcmp(name, "c") == 0;
}

static bool scalar_ext(const char *name)
{
	/* the hart's ISA string's words, found once a hart (one core
	 * measures at a time: harness/cores.c) */
	static struct isa_index ix;
	const struct bm_cpu_desc *c = riscv_self_cpu();
	if (!scalar_name(name) || !c)
		return false;
	if (ix.isa != c->isa)
		isa_index_build(&ix, c->isa);
	return isa_index_has(&ix, name);
}

/* The answers for the extensions the ISA string lists (scalar, and the
 * vector crypto ones, probed once listed), kept by hart: the instruction
 * table asks once a form, and reading QEMU's 1.4 KB string cost a form
 * some 3,600 instructions under sim. The hart's tree entry, its vector
 * unit and what an instruction's probe says do not change in a run. */
#define KNOWN_MAX 64
static struct known {
	const struct bm_cpu_desc *c;
	char name[24];
	bool has;
} known[KNOWN_MAX];
static int nknown;

static struct known *known_of(const struct bm_cpu_desc *c, const char *name)
{
	for (int i = 0; i < nknown; i++)
		if (known[i].c == c && strcmp(known[i].name, name) == 0)
			return &known[i];
	return NULL;
}

static bool remember(const struct bm_cpu_desc *c, const char *name, bool has)
{
	if (c && nknown < KNOWN_MAX && strlen(name) < sizeof(known[0].name)) {
		known[nknown].c = c;
		strcpy(known[nknown].name, name);
		known[nknown++].has = has;
	}
	return has;
}

bool arch_has_feature(const char *name)
{
	char why[160];
	if (strcmp(name, "fpu") == 0 || strcmp(name, "fma") == 0)
		return riscv_fpu();
	if (strcmp(name, "v") == 0)
		return riscv_vlenb() != 0;
	if (strcmp(name, "xtheadvector") == 0)
		return riscv_thead_vlen(why, sizeof(why)) != 0;
	const struct bm_cpu_desc *c = riscv_self_cpu();
	const struct known *k = c ? known_of(c, name) : NULL;
	if (k)
		return k->has;
	const struct vext *e = vext(name);
	if (e)
		return remember(c, name, !vext_missing(e, why, sizeof(why)));
	return remember(c, name, scalar_ext(name));
}

void arch_feature_missing(const char *name, char *why, size_t cap)
{
	const struct vext *e = vext(name);
	if (strcmp(name, "fpu") == 0 || strcmp(name, "fma") == 0)
		snprintf(why, cap, "no F/D: sstatus.FS stays zero when set (the hart has no FPU)");
	else if (strcmp(name, "v") == 0)
		snprintf(why, cap, "no RVV 1.0 unit: reading vlenb traps");
	else if (strcmp(name, "xtheadvector") == 0)
		riscv_thead_vlen(why, cap);
	else if (!e && scalar_name(name)) {
		/* said once for each missing extension of the instruction
		 * table: without the formatter (under sim some 1,500
		 * instructions a reason) */
		struct text t;
		text_init(&t, why, cap);
		text_add(&t, name);
		text_add(&t, " is not in this hart's ISA string (riscv,isa / riscv,isa-extensions): not executed");
	}
	else if (!e || !vext_missing(e, why, cap))
		snprintf(why, cap, "%s: not a feature this build knows", name);
}

void riscv_vector_fields(struct rec *r)
{
	char why[160];
	if (riscv_fpu()) {
		rec_str(r, "fpu", "ok (F, D)");
	} else {
		arch_feature_missing("fpu", why, sizeof(why));
		rec_str(r, "fpu", why);
	}
	uint64_t vlenb = riscv_vlenb();
	rec_obj(r, "vector");
	if (!vlenb) {
		rec_str(r, "rvv", "unavailable: reading vlenb traps (no RVV 1.0 unit)");
	} else {
		rec_str(r, "rvv", "1.0");
		rec_u64(r, "vlenb", vlenb);
		rec_u64(r, "vlen_bits", vlenb * 8);
	}
	uint64_t th = riscv_thead_vlen(why, sizeof(why));
	if (th)
		rec_u64(r, "xtheadvector_vlen_bits", th);
	else
		rec_str(r, "xtheadvector", why);
	/* Without an RVV unit every Zvk* extension is missing for that one
	 * reason: said once, not eight times (each record byte costs serial
	 * time, and cycles on a simulated core). */
	if (!vlenb) {
		rec_str(r, "crypto", "no RVV 1.0 unit (reading vlenb traps), so no Zvk* extension");
	} else {
		rec_obj(r, "crypto");
		for (size_t i = 0; i < sizeof(vexts) / sizeof(vexts[0]); i++)
			rec_str(r, vexts[i].name, vext_missing(&vexts[i], why, sizeof(why)) ? why : "ok");
		rec_close(r);
	}
	rec_close(r);
}

