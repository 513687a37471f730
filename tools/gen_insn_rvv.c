/* gen_insn_rvv: the RVV instruction table's generator (issue 43; docs/insn.md).
 *
 *   gen_insn_rvv --bodies TABLE > insn_rvv_bodies.S   each form's bodies, per register-group size
 *   gen_insn_rvv --forms TABLE > insn_rvv_forms.c     each form's descriptor, grid and two kernels
 *   gen_insn_rvv --host-texts TABLE > insn_rvv_texts.inc   the host tool's entries (insn_texts.h)
 *   gen_insn_rvv --count TABLE                        "EXT FORMS CELLS" a line, CELLS at ELEN 64
 *                                                     (and "v+zvfh FORMS CELLS": the FP16 ones)
 *
 * The table (kernels/insn/forms_rvv.tsv) has one form a line, fields
 * separated by tabs: extension, name, template, options, and for a form
 * written as a .word encoding (Zvk*: binutils 2.40 cannot assemble them)
 * its text for llvm-mca and the encoding check. A form is
 * measured at every SEW x LMUL cell it and the core allow, vl = VLMAX,
 * tail and mask agnostic. The bodies read SEW and LMUL from the state
 * (vsetvl), so one body serves every SEW of a register-group size; a
 * template naming the element width ({e}) or the whole vtype ({vt}) gets
 * a body per SEW or per cell.
 *
 * In a template {d} is the result, {1} {2} {3} the sources, {e} the SEW
 * in bits, {n} the registers of a group (whole-register forms), {d#}
 * {1#} {2#} {3#} an operand's register number (a .word encoding), {vt} the
 * cell as vsetvli spells it. v0 is never allocated: a masked form writes
 * v0.t itself, and every body sets v0 to alternating mask bits.
 * Options (space-separated):
 *   cls=DSSS  each operand's class, result first ('-' none): v a vector
 *             group at SEW and LMUL; w at 2 SEW, 2 LMUL (widening); h, q, o
 *             at SEW/2, /4, /8 and LMUL likewise (vzext.vf2/4/8); m a mask
 *             (one register); s one register at SEW (a reduction's scalar
 *             operand); x an integer register; f an FP register (its SEW);
 *             p the buffer's address (loads and stores)
 *   chain=1|2|3|d  the source the result feeds (d: the form reads its
 *             result register, vmacc: its throughput is chains)
 *   pp        the result may not overlap the chained source (vrgather,
 *             vslideup, vcompress): the chain alternates between two groups
 *             A narrower source (h, q, o: vzext.vf2..8) reads the previous
 *             result's group at its own EEW (RVV 1.0 5.2: the two groups
 *             never overlap), so the extensions chain without a companion
 *   via=NAME  a companion form (the form's extension's, else RVV's) the
 *             chain runs through, its {d} the chain's register, its {1}
 *             the form's result, at most a scalar {2}: the figure is the
 *             round trip (rt), never split. A load chains its address
 *             (class p: an integer chain register) through a companion
 *             that reads element 0 back and adds it to the buffer's
 *             address (vmv.x.s.add), over a buffer of zeros
 *   companion a line that is only a companion: never measured itself, its
 *             template may be two instructions separated by ';' (each
 *             counted in the op's retired instructions)
 *   nolat     no latency chain (a store): throughput alone
 *   sews=8,16,32,64  the SEWs the form takes (default every one)
 *   nf=N      a segment access of N fields: its group is N registers groups
 *   eg=N      an element group of N (Zvk*): only cells where VLMAX is a
 *             multiple of N
 *   zvfh=SEWS, zvfhmin=SEWS  the cells at these SEWs (of sews=) need the
 *             extension in the hart's ISA string too: FP16 arithmetic
 *             (Zvfh: an FP form at SEW 16, a conversion to or from FP16
 *             at SEW 8, 16), or Zvfhmin's two conversions (vfwcvt.f.f.v,
 *             vfncvt.f.f.w at SEW 16: zvfh has them too). Where the hart
 *             lacks it, the cell is a null with why, never executed
 *   vals=int|fadd|fmul|fma|fdiv|idx|gather   operand values (insn_rvv_riscv64.c):
 *             idx: vector sources hold byte offsets 8 i, scalars a 64-byte
 *             stride; gather: vector sources hold i, scalars 1
 *   alt=N     source N alternates between K2 and K3 (bounded FP chains)
 *   ref=NAME  the latency body's element 0 is checked against a C
 *             reference (insn_rvv_riscv64.c), one form a class: add (vadd),
 *             mul (vmul), red (vredsum), fadd and fmul (vfadd, vfmul: alt=2),
 *             macc (vmacc), waddu (vwaddu.wv), saddu (vsaddu), fma (vfmacc),
 *             iota (vmseq via viota.m), slide (vslidedown by 1), nsrl
 *             (vnsrl.wi 3 via vwaddu.vx), divu (vdivu); a load's address
 *             chain has addr, set here (its chain ends at the buffer's
 *             address); every body's vl and vtype are checked against the
 *             cell's in any case
 * A form written as .word (field 5 its text) is gated by its extension
 * alone: binutils is not asked to know it.
 * Nothing here is copied from anywhere; the encodings are the RVV 1.0
 * specification's, cited in the table. A malformed line is refused with
 * its number. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char tsv_prog[] = "gen_insn_rvv";
#include "insn_tsv.h"
#include "insn_body.h"

#define MAX_FORMS 512
#define LAT_UNROLL 16
#define THR_UNROLL 24
#define NCELL 28 /* 4 SEWs x 7 LMULs */

static const int sew_of[4] = {8, 16, 32, 64};
static const char *lmul_name[7] = {"mf8", "mf4", "mf2", "m1", "m2", "m4", "m8"};
/* LMUL in eighths of a register: mf8 = 1 .. m8 = 64 */
static int lmul8(int li)
{
	return 1 << li;
}

struct form {
	int line;
	char ext[16], name[40], tmpl[160], mca[96];
	char cls[4];
	char chain;
	bool pp, nolat, comp_only;
	char via[40];
	struct form *comp;
	bool is_comp;
	int sews; /* bit i: sew_of[i] */
	int nf, eg, alt;
	int x_sews; /* bit i: the cells at sew_of[i] need x_ext (zvfh=, zvfhmin=) */
	char x_ext[8];
	char vals[8], ref[8];
	int keyed; /* 0: by group size, 1: by group size and SEW ({e}), 2: by cell ({vt}) */
	unsigned cells; /* bit c: the cell the form takes (ELEN 64) */
};

static struct form forms[MAX_FORMS];
static int nforms;


static bool is_vec(char c)
{
	return c && strchr("vwhqomse", c) != NULL;
}

/* An operand's element width and group size (eighths of a register) at
 * SEW index si, LMUL index li; false where the class cannot be there. */
static bool operand_at(char c, int si, int li, int nf, int *eew, int *emul8)
{
	int s = sew_of[si], l = lmul8(li);
	switch (c) {
	case 'v': *eew = s, *emul8 = l; break;
	case 'w': *eew = 2 * s, *emul8 = 2 * l; break;
	case 'h': *eew = s / 2, *emul8 = l / 2; break;
	case 'q': *eew = s / 4, *emul8 = l / 4; break;
	case 'o': *eew = s / 8, *emul8 = l / 8; break;
	case 'e': *eew = 16, *emul8 = 16 * l / s; break; /* vrgatherei16's index: EEW 16, EMUL 16 LMUL / SEW */
	case 'm': case 's': *eew = s, *emul8 = 8; return true;
	default: *eew = s, *emul8 = 0; return true;
	}
	/* RVV 1.0 3.4.2: EMUL from 1/8 to 8, EEW from 8 to ELEN (64), and
	 * EEW/EMUL no more than ELEN (the fractional rule) */
	if (*eew < 8 || *eew > 64 || *emul8 < 1 || *emul8 * nf > 64 || *eew * 8 > 64 * *emul8)
		return false;
	return true;
}

/* A segment access's fields are its data operand's: the result of a
 * load, source 1 of a store. */
static int nf_operand(const struct form *f)
{
	return is_vec(f->cls[0]) ? 0 : 1;
}

/* The register-group size (whole registers, a power of two) the cell's
 * largest operand needs. */
static int group_at(const struct form *f, int si, int li)
{
	int g = 1;
	for (int i = 0; i < 4; i++) {
		int eew, e8;
		if (!is_vec(f->cls[i]))
			continue;
		operand_at(f->cls[i], si, li, 1, &eew, &e8);
		int regs = (e8 + 7) / 8 * (i == nf_operand(f) ? f->nf : 1);
		while (g < regs)
			g *= 2;
	}
	return g;
}

static int gidx(int g)
{
	return g == 1 ? 0 : g == 2 ? 1 : g == 4 ? 2 : 3;
}

static void cells_of(struct form *f)
{
	f->cells = 0;
	for (int si = 0; si < 4; si++) {
		if (!(f->sews >> si & 1))
			continue;
		for (int li = 0; li < 7; li++) {
			int eew, e8;
			/* the cell itself: SEW/LMUL no more than ELEN */
			if (sew_of[si] * 8 > 64 * lmul8(li))
				continue;
			bool ok = true;
			for (int i = 0; i < 4 && ok; i++)
				if (is_vec(f->cls[i]))
					ok = operand_at(f->cls[i], si, li, i == nf_operand(f) ? f->nf : 1, &eew, &e8);
			if (ok)
				f->cells |= 1u << (si * 7 + li);
		}
	}
}

/* The body variant a cell runs, by how the form is keyed. */
static int variant_of(const struct form *f, int si, int li)
{
	int g = gidx(group_at(f, si, li));
	return f->keyed == 2 ? si * 7 + li : f->keyed == 1 ? g * 4 + si : g;
}

static int nvariants(const struct form *f)
{
	return f->keyed == 2 ? NCELL : f->keyed == 1 ? 16 : 4;
}


/* Does the template name operand ph ("{1}"), by register or by number ("{1#}")? */
static bool uses(const struct form *f, const char *ph)
{
	char num[8];
	snprintf(num, sizeof(num), "%.2s#}", ph);
	return strstr(f->tmpl, ph) != NULL || (ph[1] != 'v' && ph[1] != 'e' && ph[1] != 'n' && strstr(f->tmpl, num));
}

/* "16,32": bit i for each sew_of[i] named */
static int sew_list(int line, const char *opt, char *p)
{
	int set = 0;
	while (*p) {
		int s = (int)strtol(p, &p, 10), i;
		for (i = 0; i < 4 && sew_of[i] != s; i++)
			;
		if (i == 4 || (*p && *p != ','))
			die(line, "%s= takes 8, 16, 32, 64, comma-separated", opt);
		set |= 1 << i;
		if (*p)
			p++;
	}
	return set;
}

static void parse_options(struct form *f, char *opts)
{
	for (char *tok = strtok(opts, " "); tok; tok = strtok(NULL, " ")) {
		if (strncmp(tok, "cls=", 4) == 0) {
			size_t n = strlen(tok + 4);
			if (n < 1 || n > 4)
				die(f->line, "cls= takes 1 to 4 class letters");
			for (size_t i = 0; i < n; i++)
				if (!strchr("-vwhqomsexfp", tok[4 + i]))
					die(f->line, "class '%c' is not one of vwhqomsexfp", tok[4 + i]);
			memcpy(f->cls, tok + 4, n);
		} else if (strncmp(tok, "chain=", 6) == 0) {
			if (!strchr("123d", tok[6]) || tok[7])
				die(f->line, "chain= takes 1, 2, 3 or d");
			f->chain = tok[6];
		} else if (strcmp(tok, "pp") == 0) {
			f->pp = true;
		} else if (strcmp(tok, "nolat") == 0) {
			f->nolat = true;
		} else if (strcmp(tok, "companion") == 0) {
			f->comp_only = true;
		} else if (strncmp(tok, "via=", 4) == 0) {
			snprintf(f->via, sizeof(f->via), "%s", tok + 4);
		} else if (strncmp(tok, "sews=", 5) == 0) {
			f->sews = sew_list(f->line, "sews", tok + 5);
		} else if (strncmp(tok, "zvfh=", 5) == 0 || strncmp(tok, "zvfhmin=", 8) == 0) {
			char *eq = strchr(tok, '=');
			*eq = 0;
			if (f->x_ext[0])
				die(f->line, "one of zvfh= and zvfhmin= a form");
			snprintf(f->x_ext, sizeof(f->x_ext), "%s", tok);
			f->x_sews = sew_list(f->line, tok, eq + 1);
		} else if (strncmp(tok, "nf=", 3) == 0) {
			f->nf = atoi(tok + 3);
			if (f->nf < 2 || f->nf > 8)
				die(f->line, "nf= takes 2 to 8");
		} else if (strncmp(tok, "eg=", 3) == 0) {
			f->eg = atoi(tok + 3);
			if (f->eg != 4 && f->eg != 8)
				die(f->line, "eg= takes 4 or 8");
		} else if (strncmp(tok, "vals=", 5) == 0) {
			static const char *known[] = {"int", "fadd", "fmul", "fma", "fdiv", "idx", "gather"};
			bool ok = false;
			for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
				ok |= strcmp(tok + 5, known[i]) == 0;
			if (!ok)
				die(f->line, "unknown vals=%s", tok + 5);
			snprintf(f->vals, sizeof(f->vals), "%s", tok + 5);
		} else if (strncmp(tok, "ref=", 4) == 0) {
			/* insn.h's enum insn_ref, lower case */
			static const char *refs[] = {"add", "mul", "red", "fadd", "macc", "waddu", "saddu",
						     "fmul", "fma", "iota", "slide", "nsrl", "divu"}; /* addr: set for loads */
			bool ok = false;
			for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
				ok |= strcmp(tok + 4, refs[i]) == 0;
			if (!ok)
				die(f->line, "ref= takes add, mul, red, fadd, macc, waddu, saddu, fmul, fma, iota, slide, nsrl or divu");
			snprintf(f->ref, sizeof(f->ref), "%s", tok + 4);
		} else if (strncmp(tok, "alt=", 4) == 0) {
			if (!strchr("123", tok[4]) || tok[5])
				die(f->line, "alt= takes 1, 2 or 3");
			f->alt = tok[4] - '0';
		} else if (strcmp(tok, "-") != 0) {
			die(f->line, "unknown option '%s'", tok);
		}
	}
}

static int chain_index(const struct form *f)
{
	return f->chain == 'd' ? 0 : f->chain - '0';
}

static void read_table(const char *path)
{
	FILE *in = tsv_open(path);
	char buf[512], *field[5];
	int line = 0, nf;
	while ((nf = tsv_next(in, &line, buf, sizeof(buf), field, 5)) > 0) {
		if (nf < 3)
			die(line, "a form needs an extension, a name and a template (tab-separated)");
		if (nforms == MAX_FORMS)
			die(line, "more than %d forms", MAX_FORMS);
		struct form *f = &forms[nforms];
		memset(f, 0, sizeof(*f));
		f->line = line;
		TSV_COMMON(line, field, f);
		if (strncmp(f->tmpl, ".word", 5) == 0 && !f->mca[0])
			die(line, "a form written as .word needs its llvm-mca text (field 5)");
		const char *ph[4] = {"{d}", "{1}", "{2}", "{3}"};
		for (int i = 0; i < 4; i++)
			f->cls[i] = uses(f, ph[i]) ? 'v' : '-';
		f->chain = uses(f, "{1}") ? '1' : 'd';
		f->sews = 0xf;
		f->nf = 1;
		snprintf(f->vals, sizeof(f->vals), "int");
		if (field[3])
			parse_options(f, field[3]);
		/* the C side's FP add and multiply references alternate K2 and K3 */
		if ((strcmp(f->ref, "fadd") == 0 || strcmp(f->ref, "fmul") == 0) && f->alt != 2)
			die(line, "ref=%s alternates K2 and K3: it needs alt=2", f->ref);
		if (f->nolat && uses(f, "{d}"))
			f->chain = 'd';
		for (int i = 0; i < 4; i++)
			if ((f->cls[i] != '-') != uses(f, ph[i]))
				die(line, "cls= and the template disagree on operand %s", ph[i]);
		if (!f->nolat && !uses(f, "{d}"))
			die(line, "a form without a result ({d}) has no latency chain: say nolat");
		if (f->cls[chain_index(f)] == '-')
			die(line, "chain=%c names an operand the template does not have", f->chain);
		if (f->cls[0] == 'p' && !f->comp_only)
			die(line, "a result cannot be the buffer's address (p)");
		if (strchr(f->tmpl, ';') && !f->comp_only)
			die(line, "a measured form is one instruction: two (';') only in a companion line");
		if (f->comp_only && (f->via[0] || f->ref[0]))
			die(line, "a companion line is never measured: no via= or ref=");
		/* a load's address chain: element 0 over a buffer of zeros is 0,
		 * so the chain ends where it began (the C side checks it) */
		if (!f->nolat && !f->comp_only && f->cls[chain_index(f)] == 'p') {
			if (f->ref[0])
				die(line, "a load's address chain has its own reference (addr): no ref=");
			snprintf(f->ref, sizeof(f->ref), "addr");
		}
		if (f->x_sews & ~f->sews)
			die(line, "%s= names a SEW that sews= does not", f->x_ext);
		f->keyed = uses(f, "{vt}") ? 2 : uses(f, "{e}") ? 1 : 0;
		cells_of(f);
		if (!f->cells)
			die(line, "the form takes no SEW x LMUL cell");
		for (int i = 0; i < nforms; i++)
			if (strcmp(forms[i].ext, f->ext) == 0 && strcmp(forms[i].name, f->name) == 0)
				die(line, "%s.%s is already on line %d", f->ext, f->name, forms[i].line);
		nforms++;
	}
	fclose(in);
	for (int i = 0; i < nforms; i++) {
		struct form *f = &forms[i];
		if (!f->via[0])
			continue;
		/* the form's own extension first, then RVV's */
		for (int pass = 0; pass < 2 && !f->comp; pass++)
			for (int j = 0; j < nforms; j++)
				if (strcmp(forms[j].name, f->via) == 0 && strcmp(forms[j].ext, pass ? "v" : f->ext) == 0)
					f->comp = &forms[j];
		if (!f->comp)
			die(f->line, "via=%s: no such form in extension %s or v", f->via, f->ext);
		const struct form *g = f->comp;
		if (g->cls[0] != f->cls[chain_index(f)] || g->cls[1] != f->cls[0])
			die(f->line, "via=%s: its result must be the chain's class (%c), its source 1 the form's result's (%c)",
			    f->via, f->cls[chain_index(f)], f->cls[0]);
		if (g->keyed || (g->cls[2] != '-' && is_vec(g->cls[2])) || g->cls[3] != '-')
			die(f->line, "via=%s: a companion takes {d}, {1} and at most a scalar {2}", f->via);
		forms[i].comp->is_comp = true;
	}
	for (int i = 0; i < nforms; i++) {
		struct form *f = &forms[i];
		if (f->nolat || f->chain == 'd' || f->comp || f->comp_only)
			continue;
		char cc = f->cls[chain_index(f)];
		/* vzext/vsext: the next op reads the previous result's group at
		 * the narrower EEW, from the other of two groups (pp) */
		if (f->pp && f->cls[0] == 'v' && strchr("hqo", cc))
			continue;
		if (f->cls[0] != cc && !(f->cls[0] == 'v' && cc == 's') && !(f->cls[0] == 's' && cc == 'v'))
			die(f->line, "the result (class %c) cannot feed source %d (class %c): give a companion (via=)",
			    f->cls[0], chain_index(f), f->cls[chain_index(f)]);
	}
}

/* ---- registers ---------------------------------------------------------
 * a0 the state, a1 the iterations (body_riscv64.h), a2 vtype; integer
 * constants a3-a5 (K1-K3), the buffer's address a6, a7 and t1 scratch;
 * integer chains t0 t2 t3 t4 t5 t6; FP constants fa3-fa5, FP chains
 * ft0-ft11. Vector groups: slots of G registers at G, 2G, ... (v0 is the
 * mask's). */
static const char *xchain[] = {"t0", "t2", "t3", "t4", "t5", "t6"};
static const char *fchain[] = {"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "ft8", "ft9", "ft10", "ft11"};
static const char *xk[] = {"a3", "a4", "a5"};
static const char *fk[] = {"fa3", "fa4", "fa5"};

/* State offsets (struct insn_vstate, kernels/include/insn.h). */
#define O_VTYPE 0
#define O_VTYPE_W 8
#define O_VTYPE_H 16
#define O_VTYPE_Q 24
#define O_VTYPE_O 32
#define O_VTYPE_M 40
#define O_VTYPE_E 48
#define O_KV 56    /* [class v w h q o m s e][4]: chain start, K1..K3 */
#define O_KX 312   /* [4] integer scalars */
#define O_KF 344   /* [4] FP scalars, NaN-boxed at SEW */
#define O_PTR 376
#define O_GOT_VL 384    /* what vl and vtype were when the loop ended */
#define O_GOT_VTYPE 392

static const char kclasses[] = "vwhqomse";

static int kv_off(char c, int k)
{
	return O_KV + (int)(strchr(kclasses, c) - kclasses) * 32 + 8 * k;
}

static int vtype_off(char c)
{
	switch (c) {
	case 'w': return O_VTYPE_W;
	case 'h': return O_VTYPE_H;
	case 'q': return O_VTYPE_Q;
	case 'o': return O_VTYPE_O;
	case 'm': return O_VTYPE_M;
	case 'e': return O_VTYPE_E;
	default: return O_VTYPE;
	}
}

/* One body's operand registers. */
struct alloc {
	int g, nslot, used;
	char chain[12][8];  /* the chains' registers (lat: 1, or 2 with pp) */
	int nchain;
	char k[4][2][8];    /* per source: its constant register(s) (K_s, and K3 where alt) */
	char dest[12][8];   /* throughput: the rotating results; lat: a result outside the chain class */
	int ndest;
	char ck[8];         /* the companion's constant source */
};

static bool take_slot(struct alloc *a, char *out)
{
	if (a->used >= a->nslot)
		return false;
	snprintf(out, 8, "v%d", a->g * (1 + a->used++));
	return true;
}

static void scalar_reg(char *out, char c, int k, bool chain_reg, int idx)
{
	if (c == 'x' || (c == 'p' && chain_reg)) /* a load's address chain: an integer chain register */
		snprintf(out, 8, "%s", chain_reg ? xchain[idx] : xk[k]);
	else if (c == 'f')
		snprintf(out, 8, "%s", chain_reg ? fchain[idx] : fk[k]);
	else
		snprintf(out, 8, "a6"); /* p */
}

static int divisor_of_unroll(int n)
{
	static const int d[] = {12, 8, 6, 4, 3, 2, 1};
	for (int i = 0; i < 7; i++)
		if (d[i] <= n)
			return d[i];
	return 1;
}

/* Allocation of a body: false where the groups do not fit (that cell's
 * figure is then unmeasured and says so). */
static bool allocate(const struct form *f, int g, bool thr, struct alloc *a)
{
	memset(a, 0, sizeof(*a));
	a->g = g;
	a->nslot = 32 / g - 1;
	int ci = chain_index(f);
	/* constants: lat one per source (two where it alternates); thr one
	 * per vector class, shared by the sources of that class */
	for (int s = 1; s <= 3; s++) {
		char c = f->cls[s];
		if (c == '-' || (!thr && s == ci && f->chain != 'd'))
			continue;
		if (!is_vec(c)) {
			scalar_reg(a->k[s][0], c, s - 1, false, 0);
			if (!thr && f->alt == s)
				scalar_reg(a->k[s][0], c, 1, false, 0), scalar_reg(a->k[s][1], c, 2, false, 0);
			continue;
		}
		if (thr) {
			for (int t = 1; t < s; t++)
				if (f->cls[t] == c && a->k[t][0][0]) {
					snprintf(a->k[s][0], 8, "%s", a->k[t][0]);
					break;
				}
			if (a->k[s][0][0])
				continue;
		}
		if (!take_slot(a, a->k[s][0]))
			return false;
		if (!thr && f->alt == s && !take_slot(a, a->k[s][1]))
			return false;
	}
	if (f->comp && f->comp->cls[2] != '-' && !thr)
		scalar_reg(a->ck, f->comp->cls[2], 0, false, 0);
	char dc = f->cls[0];
	if (!thr) {
		char cc = f->cls[ci];
		a->nchain = f->pp ? 2 : 1;
		for (int i = 0; i < a->nchain; i++) {
			if (is_vec(cc)) {
				if (!take_slot(a, a->chain[i]))
					return false;
			} else {
				scalar_reg(a->chain[i], cc, 0, true, i);
			}
		}
		if (dc != '-' && f->comp) { /* the result lands outside the chain's class */
			a->ndest = 1;
			if (is_vec(dc) ? !take_slot(a, a->dest[0]) : (scalar_reg(a->dest[0], dc, 0, true, 1), false))
				return false;
		}
		return true;
	}
	if (dc == '-')
		return true;
	int room = is_vec(dc) ? a->nslot - a->used : dc == 'x' ? 6 : 12;
	int n = divisor_of_unroll(room);
	if (n < 1 || room < 1)
		return false;
	a->ndest = n;
	for (int i = 0; i < n; i++) {
		if (is_vec(dc))
			take_slot(a, a->dest[i]);
		else
			scalar_reg(a->dest[i], dc, 0, true, i);
	}
	return true;
}

/* x and v registers by number (the ABI names the bodies use). */
static int regnum(const char *r)
{
	static const struct {
		const char *name;
		int n;
	} abi[] = {{"zero", 0}, {"t0", 5}, {"t1", 6}, {"t2", 7}, {"a0", 10}, {"a1", 11}, {"a2", 12}, {"a3", 13},
		   {"a4", 14},   {"a5", 15}, {"a6", 16}, {"a7", 17}, {"t3", 28}, {"t4", 29}, {"t5", 30}, {"t6", 31}};
	if (r[0] == 'v')
		return atoi(r + 1);
	for (size_t i = 0; i < sizeof(abi) / sizeof(abi[0]); i++)
		if (strcmp(abi[i].name, r) == 0)
			return abi[i].n;
	fprintf(stderr, "gen_insn_rvv: no number for register %s\n", r);
	exit(1);
}

/* si < 0: the cell's words ({vt}, {e}, {n}) stay as they are, for the
 * host tool to fill in per cell (the host texts). */
static void expand(char *out, size_t cap, const char *t, const char *op[4], int si, int li, int g)
{
	size_t o = 0;
	while (*t && o + 1 < cap) {
		char rep[48] = "";
		int skip = 0;
		if (si < 0 && (strncmp(t, "{vt}", 4) == 0 || strncmp(t, "{e}", 3) == 0 || strncmp(t, "{n}", 3) == 0)) {
			out[o++] = *t++; /* copied through, '{' first */
			continue;
		}
		if (strncmp(t, "{vt}", 4) == 0) {
			snprintf(rep, sizeof(rep), "e%d, %s, ta, ma", sew_of[si], lmul_name[li]);
			skip = 4;
		} else if (strncmp(t, "{e}", 3) == 0) {
			snprintf(rep, sizeof(rep), "%d", sew_of[si]);
			skip = 3;
		} else if (strncmp(t, "{n}", 3) == 0) {
			snprintf(rep, sizeof(rep), "%d", g);
			skip = 3;
		} else if (t[0] == '{' && t[1] && strchr("d123", t[1]) && t[2] == '#' && t[3] == '}') {
			/* the register's number, for a .word encoding (rv_insn.h) */
			snprintf(rep, sizeof(rep), "%d", regnum(op[strchr("d123", t[1]) - "d123"]));
			skip = 4;
		} else if (t[0] == '{' && t[1] && t[2] == '}' && strchr("d123", t[1])) {
			snprintf(rep, sizeof(rep), "%s", op[strchr("d123", t[1]) - "d123"]);
			skip = 3;
		}
		if (skip) {
			o += (size_t)snprintf(out + o, cap - o, "%s", rep);
			t += skip;
		} else {
			out[o++] = *t++;
		}
	}
	out[o < cap ? o : cap - 1] = 0;
}

/* Sets every vector register of a class from the state: vmv.v.x under
 * the class's vtype (v0: alternating mask bits under e8, m1). */
static int setup_vtype = -1; /* the vtype (its offset) the set-up last set: each set once */

static void emit_vinit(char c, const char *reg, int k, const char *vals)
{
	if (setup_vtype != vtype_off(c))
		outf("\tld\ta7, %d(a0)\n\tvsetvl\tt1, zero, a7\n", vtype_off(c));
	setup_vtype = vtype_off(c);
	if (strcmp(vals, "idx") == 0 && c != 'm') {
		/* byte offsets 8 i, wrapping at the element width */
		outf("\tvid.v\t%s\n\tvsll.vi\t%s, %s, 3\n", reg, reg, reg);
	} else if (strcmp(vals, "gather") == 0 && c != 'm') {
		outf("\tvid.v\t%s\n", reg); /* the identity: element i from i */
	} else {
		outf("\tld\tt1, %d(a0)\n\tvmv.v.x\t%s, t1\n", kv_off(c, k), reg);
	}
}

static void emit_setup(const struct form *f, const struct alloc *a, bool thr)
{
	int ci = chain_index(f);
	char cc = f->cls[ci];
	/* the mask register v0: every other element active */
	outf("\tld\ta7, %d(a0)\n\tvsetvl\tt1, zero, a7\n\tli\tt1, 0x55\n\tvmv.v.x\tv0, t1\n", O_VTYPE_M);
	setup_vtype = O_VTYPE_M;
	for (int s = 1; s <= 3; s++) {
		char c = f->cls[s];
		if (c == '-' || !a->k[s][0][0])
			continue;
		for (int w = 0; w < 2 && a->k[s][w][0]; w++) {
			int k = f->alt == s ? 2 + w : s;
			if (is_vec(c))
				emit_vinit(c, a->k[s][w], k, s >= 2 ? f->vals : "int");
			else if (c == 'x')
				outf("\tld\t%s, %d(a0)\n", a->k[s][w], O_KX + 8 * k);
			else if (c == 'f')
				outf("\tfld\t%s, %d(a0)\n", a->k[s][w], O_KF + 8 * k);
			else
				outf("\tld\ta6, %d(a0)\n", O_PTR);
		}
	}
	if (a->ck[0])
		outf("\tld\t%s, %d(a0)\n", a->ck, O_KX + 8);
	/* the chains start from K0 (lat), and a throughput body's results
	 * from K0 too where the form reads them (vmacc, chain=d) */
	int n = thr ? a->ndest : a->nchain;
	char c = thr ? f->cls[0] : cc;
	for (int i = 0; i < n; i++) {
		const char *r = thr ? a->dest[i] : a->chain[i];
		if (is_vec(c))
			emit_vinit(c, r, 0, "int");
		else if (c == 'x')
			outf("\tld\t%s, %d(a0)\n", r, O_KX);
		else if (c == 'p') /* a load's address chain starts at the buffer */
			outf("\tld\t%s, %d(a0)\n", r, O_PTR);
		else if (c == 'f')
			outf("\tfld\t%s, %d(a0)\n", r, O_KF);
	}
	if (!thr && a->ndest && is_vec(f->cls[0]))
		emit_vinit(f->cls[0], a->dest[0], 0, "int");
	outf("\tld\ta2, %d(a0)\n\tvsetvl\tt1, zero, a2\n", O_VTYPE);
	/* the buffer's address, for stores and loads whose base is not an operand */
	outf("\tld\ta6, %d(a0)\n", O_PTR);
}

/* The value the body returns: element 0 (or the scalar) of the first
 * chain, XORed with the other results' in a throughput body. */
static void emit_finish(const struct form *f, const struct alloc *a, bool thr, int lastchain)
{
	char c = thr ? f->cls[0] : f->cls[chain_index(f)];
	int n = thr ? a->ndest : 1;
	/* the loop's vl and vtype, which the C side checks against the cell */
	outf("\tcsrr\tt1, vl\n\tsd\tt1, %d(a0)\n\tcsrr\tt1, vtype\n\tsd\tt1, %d(a0)\n", O_GOT_VL, O_GOT_VTYPE);
	outf("\tli\ta5, 0\n");
	for (int i = 0; i < n && c != '-'; i++) {
		const char *r = thr ? a->dest[i] : a->chain[lastchain];
		if (c == 'x')
			outf("\txor\ta5, a5, %s\n", r);
		else if (c == 'p') /* the address chain's distance from the buffer: 0 (element 0 read 0 every op) */
			outf("\tsub\tt1, %s, a6\n\txor\ta5, a5, t1\n", r);
		else if (c == 'f')
			outf("\tfmv.x.d\tt1, %s\n\txor\ta5, a5, t1\n", r);
		else if (c == 'm')
			outf("\tvsetvl\tt1, zero, a2\n\tvcpop.m\tt1, %s\n\txor\ta5, a5, t1\n", r);
		else /* element 0 at the class's own width, sign-extended */
			outf("\tld\ta7, %d(a0)\n\tvsetvl\tt1, zero, a7\n\tvmv.x.s\tt1, %s\n\txor\ta5, a5, t1\n",
			       vtype_off(c == 's' ? 'v' : c), r);
	}
	if (c == '-') /* a store: what the buffer's first word holds */
		outf("\tld\ta5, 0(a6)\n");
	outf("\tmv\ta0, a5\n");
}

static void emit_op(const struct form *f, const struct alloc *a, bool thr, int i, int si, int li, int g, int *lastchain)
{
	const char *op[4];
	char regs[4][8];
	int ci = chain_index(f);
	memset(regs, 0, sizeof(regs));
	for (int s = 1; s <= 3; s++) {
		if (f->cls[s] == '-')
			continue;
		const char *k = a->k[s][f->alt == s && a->k[s][1][0] ? i % 2 : 0];
		snprintf(regs[s], 8, "%s", k);
	}
	int src = 0, dst = 0;
	if (thr) {
		/* a form that reads its result (chain=d): each rotating result is a chain */
		if (f->cls[0] != '-')
			snprintf(regs[0], 8, "%s", a->dest[i % a->ndest]);
	} else {
		src = f->pp ? i % 2 : 0;
		dst = f->pp ? (i + 1) % 2 : 0;
		if (ci)
			snprintf(regs[ci], 8, "%s", a->chain[src]);
		snprintf(regs[0], 8, "%s", f->comp ? a->dest[0] : a->chain[dst]);
		*lastchain = dst;
	}
	for (int s = 0; s < 4; s++)
		op[s] = regs[s];
	char line[256];
	expand(line, sizeof(line), f->tmpl, op, si, li, g);
	outf("\t%s\n", line);
	if (thr || !f->comp)
		return;
	/* the companion: the form's result back into the chain */
	const char *gop[4] = {a->chain[dst], regs[0], a->ck, ""};
	expand(line, sizeof(line), f->comp->tmpl, gop, si, li, g);
	outf("\t%s\n", line);
}

static void body_name(char *name, size_t cap, int n, const char *kind, int var, int v)
{
	snprintf(name, cap, "bm_rvv_%d_%s_%d_x%d", n, kind, var, v);
}

/* The cell a variant's body is written for (any that runs it). */
static bool cell_of_variant(const struct form *f, int var, int *si, int *li)
{
	for (int c = 0; c < NCELL; c++)
		if ((f->cells >> c & 1) && variant_of(f, c / 7, c % 7) == var) {
			*si = c / 7, *li = c % 7;
			return true;
		}
	return false;
}

static bool body_fits(const struct form *f, int var, bool thr)
{
	int si, li;
	struct alloc a;
	return cell_of_variant(f, var, &si, &li) && allocate(f, group_at(f, si, li), thr, &a);
}

static void emit_body(const struct form *f, int n, int var, bool thr)
{
	int si, li;
	if (!cell_of_variant(f, var, &si, &li))
		return;
	int g = group_at(f, si, li);
	struct alloc a;
	if (!allocate(f, g, thr, &a))
		return;
	int reps = thr ? THR_UNROLL : LAT_UNROLL;
	for (int v = 1; v <= 2; v++) {
		char name[64];
		body_name(name, sizeof(name), n, thr ? "thr" : "lat", var, v);
		body_open(f->line);
		emit_setup(f, &a, thr);
		outf("7:\n");
		int last = 0;
		for (int i = 0; i < reps * v; i++)
			emit_op(f, &a, thr, i, si, li, g, &last);
		outf("\tbm_loop_back 7b\n");
		emit_finish(f, &a, thr, last);
		outf("\tret\n");
		body_place(name, 4, f->line); /* .option norvc: 4 bytes each */
	}
}

/* The instructions a companion line adds to an op: one, or two
 * separated by ';' (vmv.x.s.add). */
static int insns_of(const struct form *g)
{
	int n = 1;
	for (const char *p = g->tmpl; *p; p++)
		n += *p == ';';
	return n;
}

static void gen_bodies(void)
{
	printf("/* generated by tools/gen_insn_rvv.c from %s: do not edit */\n", table_path);
	printf("#include \"body_riscv64.h\"\n#include \"rv_insn.h\"\n\t.option norvc\n\t.text\n");
	for (int n = 0; n < nforms; n++) {
		const struct form *f = &forms[n];
		if (f->comp_only)
			continue;
		printf("\n/* rv64.%s.%s (line %d) */\n", f->ext, f->name, f->line);
		/* binutils 2.40 knows no Zvk*: those forms are .word encodings */
		bool ext = strcmp(f->ext, "v") != 0 && strncmp(f->tmpl, ".word", 5) != 0;
		printf("\t.option push\n\t.option arch, +v%s%s\n", ext ? ", +" : "", ext ? f->ext : "");
		for (int var = 0; var < nvariants(f); var++) {
			if (!f->nolat)
				emit_body(f, n, var, false);
			emit_body(f, n, var, true);
		}
		printf("\t.option pop\n");
	}
}

/* The chains a chained throughput body (chain=d) runs at its most: 12 at
 * group size 1, 2 at m8. The harness's floor is the latency over the
 * kernel's one count for every cell, so the largest: never a floor a
 * correct figure could break (at m8 it is then lower than the 2 chains
 * allow; docs/insn.md). */
static int max_chains(const struct form *f)
{
	int m = 0;
	for (int var = 0; var < nvariants(f); var++) {
		int si, li;
		struct alloc a;
		if (cell_of_variant(f, var, &si, &li) && allocate(f, group_at(f, si, li), true, &a) && a.ndest > m)
			m = a.ndest;
	}
	return m;
}

static void gen_forms(void)
{
	printf("/* generated by tools/gen_insn_rvv.c from %s: do not edit */\n#include \"insn.h\"\n", table_path);
	for (int n = 0; n < nforms; n++) {
		const struct form *f = &forms[n];
		if (f->comp_only)
			continue;
		for (int k = 0; k < 2; k++) {
			bool thr = k == 1;
			if (!thr && f->nolat)
				continue;
			for (int var = 0; var < nvariants(f); var++)
				for (int v = 1; v <= 2 && body_fits(f, var, thr); v++) {
					char a[64];
					body_name(a, sizeof(a), n, thr ? "thr" : "lat", var, v);
					printf("uint64_t %s(void *, uint64_t);\n", a);
				}
			printf("static BM_INSN_DATA const bm_body_fn rvv_%d_%s[%d][2] = {\n", n, thr ? "thr" : "lat", nvariants(f));
			for (int var = 0; var < nvariants(f); var++) {
				if (!body_fits(f, var, thr))
					continue;
				char a[64], b[64];
				body_name(a, sizeof(a), n, thr ? "thr" : "lat", var, 1);
				body_name(b, sizeof(b), n, thr ? "thr" : "lat", var, 2);
				printf("\t[%d] = {%s, %s},\n", var, a, b);
			}
			printf("};\n");
		}
		char ref[8];
		snprintf(ref, sizeof(ref), "%s", f->ref[0] ? f->ref : "none");
		for (char *p = ref; *p; p++)
			*p = (char)toupper((unsigned char)*p);
		char vals[8];
		snprintf(vals, sizeof(vals), "%s", f->vals);
		for (char *p = vals; *p; p++)
			*p = (char)toupper((unsigned char)*p);
		printf("static BM_INSN_DATA const struct insn_grid grid_%d = {0x%07xu, {", n, f->cells);
		for (int c = 0; c < NCELL; c++)
			printf("%s%d", c ? "," : "", (f->cells >> c & 1) ? variant_of(f, c / 7, c % 7) : 0);
		printf("}, ");
		if (f->nolat)
			printf("NULL, ");
		else
			printf("rvv_%d_lat, ", n);
		/* vsetivli sets vl to its immediate AVL (16) where VLMAX is larger */
		printf("rvv_%d_thr, INSN_REF_%s, INSN_VV_%s, %d, '%c', %d, 0x%x, ", n, ref, vals, f->eg, f->cls[0],
		       strncmp(f->tmpl, "vsetivli", 8) == 0 ? 16 : 0, f->x_sews);
		if (f->x_sews)
			printf("\"%s\"};\n", f->x_ext);
		else
			printf("NULL};\n");
		bool chained = f->chain == 'd' && !f->nolat;
		printf("static BM_INSN_DATA const struct insn_form form_%d = {\"rv64.%s.%s\", \"%s\", %s%s%s%s%s, INSN_VALS_INT, "
		       "INSN_FP_D, %d, %d, %d, %d, 0, 0, 1, 1, &grid_%d};\n",
		       n, f->ext, f->name, f->ext, f->comp ? "\"rv64." : "NULL", f->comp ? f->ext : "",
		       f->comp ? "." : "", f->comp ? f->comp->name : "", f->comp ? "\"" : "", f->comp ? 1 + insns_of(f->comp) : 1,
		       chained ? max_chains(f) : 0, !f->nolat, f->comp != NULL, n);
		char mn[40];
		const char *t = f->mca[0] ? f->mca : f->tmpl; /* a .word form's own name */
		size_t l = strcspn(t, " \t");
		snprintf(mn, sizeof(mn), "%.*s", (int)(l < sizeof(mn) ? l : sizeof(mn) - 1), t);
		printf("INSN_GRID_KERNELS%s(%d, form_%d, \"rv64.%s.%s\", \"%s\", %d, %d, %d);\n", f->nolat ? "_THR" : "",
		       n, n, f->ext, f->name, mn, LAT_UNROLL, THR_UNROLL, chained ? max_chains(f) : 0);
	}
}

/* The host tool's text of a form: one instance with v8 as the result and
 * v16 and v24 as sources (legal at every LMUL to m8, and for a widening
 * result at m4); the host writes a vsetvli for the cell before it. */
static void gen_texts(void)
{
	for (int n = 0; n < nforms; n++) {
		const struct form *f = &forms[n];
		if (f->comp_only)
			continue;
		char regs[4][8];
		const char *op[4];
		static const char *vr[4] = {"v8", "v16", "v24", "v24"};
		for (int i = 0; i < 4; i++) {
			char c = f->cls[i];
			snprintf(regs[i], 8, "%s", is_vec(c) ? vr[i] : c == 'x' ? (i ? xk[i - 1] : "t0") : c == 'f' ? (i ? fk[i - 1] : "ft0") : "a6");
			op[i] = regs[i];
		}
		char line[256];
		/* {e}, {n} and {vt} kept: the host fills them in from the cell
		 * it asks llvm-mca about (vle{e}.v is vle32.v at e32) */
		expand(line, sizeof(line), f->mca[0] ? f->mca : f->tmpl, op, -1, 0, 1);
		printf("\t{\"rv64.%s.%s\", \"rv64\", \"%s\", \"%s\"},\n", f->ext, f->name, f->ext, line);
	}
}

/* The cells at the SEWs of set (bit i: sew_of[i]). */
static unsigned x_mask(int set)
{
	unsigned m = 0;
	for (int i = 0; i < 4; i++)
		if (set >> i & 1)
			m |= 0x7fu << (7 * i);
	return m;
}

/* Per extension: its forms and their (form, SEW, LMUL) cells at ELEN 64,
 * before the VLEN-dependent element-group rule (eg=); then a line
 * "EXT+zvfh FORMS CELLS" (and +zvfhmin) for those of its cells that need
 * that extension too. */
static void count(void)
{
	for (int n = 0; n < nforms; n++) {
		bool seen = forms[n].comp_only;
		for (int m = 0; m < n; m++)
			seen |= strcmp(forms[m].ext, forms[n].ext) == 0 && !forms[m].comp_only;
		if (seen)
			continue;
		int k = 0, cells = 0;
		for (int m = 0; m < nforms; m++)
			if (strcmp(forms[m].ext, forms[n].ext) == 0 && !forms[m].comp_only)
				k++, cells += __builtin_popcount(forms[m].cells);
		printf("%s %d %d\n", forms[n].ext, k, cells);
		/* and of those, the forms and cells that need zvfh or zvfhmin too */
		static const char *xs[] = {"zvfh", "zvfhmin"};
		for (int x = 0; x < 2; x++) {
			int xk = 0, xc = 0;
			for (int m = 0; m < nforms; m++)
				if (strcmp(forms[m].ext, forms[n].ext) == 0 && !forms[m].comp_only &&
				    strcmp(forms[m].x_ext, xs[x]) == 0)
					xk++, xc += __builtin_popcount(forms[m].cells & x_mask(forms[m].x_sews));
			if (xk)
				printf("%s+%s %d %d\n", forms[n].ext, xs[x], xk, xc);
		}
	}
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: gen_insn_rvv --bodies|--forms|--host-texts|--count TABLE\n");
		return 2;
	}
	read_table(argv[2]);
	if (strcmp(argv[1], "--bodies") == 0)
		gen_bodies();
	else if (strcmp(argv[1], "--forms") == 0)
		gen_forms();
	else if (strcmp(argv[1], "--host-texts") == 0)
		gen_texts();
	else if (strcmp(argv[1], "--count") == 0)
		count();
	else {
		fprintf(stderr, "gen_insn_rvv: unknown mode %s\n", argv[1]);
		return 2;
	}
	return 0;
}
