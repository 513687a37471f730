/* gen_insn: the instruction table's generator (issue 42; docs/insn.md).
 *
 *   gen_insn --bodies ISA TABLE > insn_bodies.S   the four bodies of each form
 *   gen_insn --forms ISA TABLE > insn_forms.c     each form's descriptor and its two kernels
 *   gen_insn --host-texts TABLE... [--also FILE] > insn_texts.c the host tool's table: id, ISA,
 *                                                  extension, text; FILE's entries included (the RVV
 *                                                  table's: tools/gen_insn_rvv.c)
 *   gen_insn --count ISA TABLE                    "EXT N" a line: forms per extension
 *
 * A table (kernels/insn/forms_<isa>.tsv) has one form a line, its fields
 * separated by tabs: extension, name, template, options, and an optional
 * llvm-mca text for a template the assembler cannot spell (.insn). In a
 * template {d} is the result, {1} {2} {3} the sources, {o} a memory offset.
 * A template of two instructions separated by ';' (an LR/SC pair) is one
 * op of two instructions: the record says so ("ins").
 * Options (space-separated):
 *   cls=DSSS  each operand's class, result first ('-' for none): rv64 x
 *             (integer), d s h (FP widths), m (a pointer), c p (an integer or a
 *             pointer in a compressed form's 3-bit field: x8-x15, rvc_regs); a64 x w
 *             (64/32-bit views), d s h, m, and the SIMD&FP register whole: v (v<n>,
 *             the template writes the arrangement: {d}.4s), q and b (its 128- and
 *             8-bit scalar views); x86 q l w b (64/32/16/8-bit), x (an XMM register
 *             holding a scalar), m, a e (x86: the implicit rax or eax of a
 *             one-operand MUL/DIV, pinned: x86_implicit), h (x86: rdx pinned,
 *             the high half of a one-operand MUL), and vectors: v (XMM),
 *             y (YMM), z (ZMM)
 *   chain=1|2|3|d   the source the result feeds (d: the result register is
 *             also read, x86's two-operand forms); default 1
 *   via=EXT.NAME    a companion form the chain runs through (its latency is
 *             subtracted by the image), where the result cannot feed the
 *             source as it is or its operands must change every op
 *   thrvia    the throughput body runs the companion too (a divider whose
 *             operands must not repeat)
 *   vals=int|div|fadd|fmul|fma|fdiv|ptr|zero|lrsc|mulhi   operand values (insn.h)
 *   needs=EXT  a second extension the form needs (c.zext.h: Zcb and Zbb)
 *   seed=mov|xor  x86, a form pinned to rax/eax/rdx: the throughput body moves
 *             chain c into it before each op (its ops independent), and
 *             with xor takes the result back into chain c after it, so a
 *             divider's operands change (x86_implicit)
 *   alt=N     source N alternates between K2 and K3 (bounded FP chains)
 *   nolat     no latency chain (a store): the throughput kernel alone
 *   floor=none  a latency of under one cycle is a finding, not an error
 *             (a move a renamer may eliminate)
 * Nothing here is copied from anywhere: the encodings the tables use are
 * cited there. The generator refuses a malformed line with its number. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char tsv_prog[] = "gen_insn";
#include "insn_tsv.h"
#include "insn_body.h"

#define MAX_FORMS 1024
#define MAX_CHAINS 12
#define LAT_UNROLL 16

enum file { F_INT, F_FP, F_NONE };

struct isa {
	const char *name, *body_h;
	const char *chain[2][MAX_CHAINS]; /* per file: the chains' registers */
	int nchain[2];
	const char *konst[2][3]; /* K1..K3 per file */
	const char *classes;     /* the class letters this ISA knows */
	unsigned max_insn;       /* the most bytes an instruction takes (emit_body) */
};

/* Registers the bodies may use without saving (body_<arch>.h); x86 saves
 * rbx, rbp and r12-r15 in its set-up, for ten integer chains (its
 * two-operand forms read their result, so their throughput is chains). */
static const struct isa isas[] = {
	{"rv64",
	 "body_riscv64.h",
	 {{"t0", "t1", "t2", "t3", "t4", "t5", "t6", "a7"},
	  {"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "ft8", "ft9", "ft10", "ft11"}},
	 {8, 12},
	 {{"a3", "a4", "a5"}, {"fa3", "fa4", "fa5"}},
	 "xdshmcp",
	 4 /* norvc: a compressed form's are 2 */},
	{"a64",
	 "body_aarch64.h",
	 {{"2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13"},
	  {"0", "1", "2", "3", "4", "5", "6", "7", "16", "17", "18", "19"}},
	 {12, 12},
	 {{"14", "15", "16"}, {"20", "21", "22"}},
	 "xwdshmvqb",
	 4},
	{"x86",
	 "body_x86_64.h",
	 {{"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rax", "rdx"},
	  {"xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11"}},
	 {10, 12},
	 {{"rbx", "rbp", "rcx"}, {"xmm12", "xmm13", "xmm14"}},
	 "qlwbxmaehvyz",
	 15 /* Intel SDM vol. 2, 2.3.11 */},
};

struct form {
	int line;
	char ext[24], name[40], tmpl[160], mca[160];
	char cls[4];  /* d, 1, 2, 3: class letters, '-' none */
	char chain;   /* '1'..'3' or 'd' */
	char via[64]; /* "ext.name" */
	bool thrvia, nolat, floor_none;
	char vals[8];
	char needs[24]; /* a second extension the form needs, or "" */
	char seed[4];   /* "", "mov" or "xor" (x86_implicit) */
	int alt; /* 0 or 2, 3 */
	struct form *comp;
	bool is_comp; /* some form's companion: measured first (insn.h) */
};

static struct form forms[MAX_FORMS];

static int nforms;
static const struct isa *isa;


static enum file file_of(char c)
{
	if (c == '-')
		return F_NONE;
	if (strcmp(isa->name, "x86") == 0)
		return strchr("xvyz", c) ? F_FP : F_INT;
	return strchr("dshvqb", c) ? F_FP : F_INT;
}

/* A vector class: its registers are loaded whole from the state's vector
 * constants (insn.h: vec), each lane holding the set's value. */
static bool is_vec(char c)
{
	return c != '-' && strchr(strcmp(isa->name, "x86") == 0 ? "vyz" : strcmp(isa->name, "a64") == 0 ? "vqb" : "",
				  c) != NULL;
}

/* The bytes a vector class holds (a store's offsets step by it). */
static int vec_bytes(char c)
{
	return c == 'z' ? 64 : c == 'y' ? 32 : 16;
}

static bool form_has_vec(const struct form *f)
{
	for (int i = 0; i < 4; i++)
		if (is_vec(f->cls[i]))
			return true;
	return false;
}

/* Two FP classes of one register file that are different formats (a
 * chain between them converts: it needs a companion). A vector register
 * and its scalar views are one register, not a conversion (ADDV's
 * result feeds its vector source as it is). */
static bool formats_differ(char a, char b)
{
	return a != b && strchr("dsh", a) && strchr("dsh", b);
}

static const char *pinned_reg(char c);

/* The name of register `r` (a chain's or a constant's, as the ISA lists
 * it) seen as class c. */
static void regname(char *out, size_t cap, char c, const char *r)
{
	if (strcmp(isa->name, "a64") == 0) {
		char v = c == 'm' ? 'x' : c;
		snprintf(out, cap, "%c%s", v, r);
	} else if (strcmp(isa->name, "x86") == 0) {
		bool numbered = r[0] == 'r' && isdigit((unsigned char)r[1]);
		if (c == 'a' || c == 'e' || c == 'h') {
			/* pinned: the implicit accumulator or high half, whatever the chain */
			snprintf(out, cap, "%%%s", pinned_reg(c));
		} else if (c == 'l') {
			/* the 32-bit view: r8d..r15d, ebx, ebp, ecx */
			if (numbered)
				snprintf(out, cap, "%%%sd", r);
			else
				snprintf(out, cap, "%%e%s", r + 1);
		} else if (c == 'w') {
			/* 16 bits: r8w..r15w, bx, bp, cx */
			if (numbered)
				snprintf(out, cap, "%%%sw", r);
			else
				snprintf(out, cap, "%%%s", r + 1);
		} else if (c == 'b') {
			/* 8 bits: r8b..r15b, bl, bpl, cl */
			if (numbered)
				snprintf(out, cap, "%%%sb", r);
			else if (strcmp(r, "rbp") == 0)
				snprintf(out, cap, "%%bpl");
			else
				snprintf(out, cap, "%%%cl", r[1]);
		} else if ((c == 'y' || c == 'z') && strncmp(r, "xmm", 3) == 0) {
			/* the YMM and ZMM views of xmm<n> */
			snprintf(out, cap, "%%%cmm%s", c, r + 3);
		} else {
			snprintf(out, cap, "%%%s", r);
		}
	} else {
		snprintf(out, cap, "%s", r);
	}
}

/* rv64's compressed forms (C, Zcb). Their 3-bit register fields name
 * x8-x15 only (RISC-V Unprivileged ISA 20240411, "C" Extension, Table
 * 26: s0, s1, a0-a5), which the integer chains above do not use. A body
 * with such a form takes all its integer registers from there: six chains
 * and two constants (a form has at most one source besides its chain, a
 * store two). s0 and s1 are callee-saved: its prologue saves them in a
 * frame it allocates, which also holds the words the stack-pointer forms
 * (c.ldsp, c.sdsp) load and store; the state pointer and the iteration
 * count move to t5 and t6 (rvc_prologue). */
static const char *const rvc_chain[] = {"s0", "s1", "a2", "a3", "a4", "a5"};
static const char *const rvc_konst[] = {"a0", "a1"};
#define RVC_FRAME 272 /* 256 bytes of words (offsets 0..248), then s0 and s1 */

static bool is_rvc_class(char c)
{
	return strcmp(isa->name, "rv64") == 0 && (c == 'c' || c == 'p');
}

static bool is_ptr_class(char c)
{
	return c == 'm' || (is_rvc_class(c) && c == 'p');
}

/* A compressed form's body: one of its operands is in x8-x15, or it
 * addresses the stack (its frame is the body's). */
static bool rvc_form(const struct form *f)
{
	for (int i = 0; i < 4; i++)
		if (is_rvc_class(f->cls[i]))
			return true;
	return strcmp(isa->name, "rv64") == 0 && strstr(f->tmpl, "(sp)") != NULL;
}

/* x86's one-operand MUL and DIV, and MULX: their implicit registers
 * (rdx:rax, Intel SDM vol. 2 and AMD APM vol. 3 MUL, IMUL, DIV, IDIV,
 * MULX) are two of the integer chains above. A form that names rax or rdx
 * in its template, or is pinned to rax/eax (class a, e), runs its chains
 * on r8-r15 only; rdx holds K2 on entry (MULX's implicit multiplier). Its
 * latency chain runs through rax itself (one chain: a pinned result
 * register is the chain); its throughput body, with seed=, moves chain c
 * into rax before each op and (seed=xor) takes the result back after it. */
static const char *const x86_implicit_chain[] = {"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};

static bool is_pinned_class(char c)
{
	return strcmp(isa->name, "x86") == 0 && (c == 'a' || c == 'e' || c == 'h');
}

/* A pinned class's register: a rax, e eax, h rdx (the high half of a
 * one-operand MUL, chained on its own: x86.base.mul.hi). */
static const char *pinned_reg(char c)
{
	return c == 'a' ? "rax" : c == 'e' ? "eax" : "rdx";
}

static bool x86_implicit(const struct form *f)
{
	if (strcmp(isa->name, "x86") != 0)
		return false;
	for (int i = 0; i < 4; i++)
		if (is_pinned_class(f->cls[i]))
			return true;
	return strstr(f->tmpl, "%rax") || strstr(f->tmpl, "%eax") || strstr(f->tmpl, "%rdx") || strstr(f->tmpl, "%edx");
}

/* Register c of the chains, and constant k, of file fl in f's body. */
static const char *chain_reg(const struct form *f, enum file fl, int c)
{
	if (fl == F_INT && x86_implicit(f))
		return x86_implicit_chain[c];
	return fl == F_INT && rvc_form(f) ? rvc_chain[c] : isa->chain[fl][c];
}

static const char *konst_reg(const struct form *f, enum file fl, int k)
{
	if (fl == F_INT && rvc_form(f)) {
		if (k >= 2)
			die(f->line, "a compressed form has two constants (K1, K2): K%d is not there", k + 1);
		return rvc_konst[k];
	}
	return isa->konst[fl][k];
}

/* The instructions of one op of the form: a template may hold two
 * separated by ';' (an LR/SC pair). */
static int form_insns(const struct form *f)
{
	int n = 1;
	for (const char *p = f->tmpl; *p; p++)
		n += *p == ';';
	return n;
}

static void rvc_prologue(void)
{
	outf("\taddi\tsp, sp, -%d\n\tsd\ts0, 256(sp)\n\tsd\ts1, 264(sp)\n", RVC_FRAME);
	outf("\tsd\ta0, 8(sp)\n"); /* what c.ldsp/c.lwsp read: the same every run */
	outf("\tmv\tt5, a0\n\tmv\tt6, a1\n");
}

static void rvc_epilogue(void)
{
	outf("\tld\ts0, 256(sp)\n\tld\ts1, 264(sp)\n\taddi\tsp, sp, %d\n", RVC_FRAME);
}

static void parse_options(struct form *f, char *opts)
{
	for (char *tok = strtok(opts, " "); tok; tok = strtok(NULL, " ")) {
		if (strncmp(tok, "cls=", 4) == 0) {
			size_t n = strlen(tok + 4);
			if (n < 1 || n > 4)
				die(f->line, "cls= takes 1 to 4 class letters");
			for (size_t i = 0; i < n; i++)
				if (tok[4 + i] != '-' && !strchr(isa->classes, tok[4 + i]))
					die(f->line, "class '%c' is not one %s knows (%s)", tok[4 + i], isa->name, isa->classes);
			memcpy(f->cls, tok + 4, n);
		} else if (strncmp(tok, "chain=", 6) == 0) {
			if (!strchr("123d", tok[6]) || tok[7])
				die(f->line, "chain= takes 1, 2, 3 or d");
			f->chain = tok[6];
		} else if (strncmp(tok, "via=", 4) == 0) {
			snprintf(f->via, sizeof(f->via), "%s", tok + 4);
		} else if (strcmp(tok, "thrvia") == 0) {
			f->thrvia = true;
		} else if (strcmp(tok, "nolat") == 0) {
			f->nolat = true;
		} else if (strcmp(tok, "floor=none") == 0) {
			f->floor_none = true;
		} else if (strncmp(tok, "vals=", 5) == 0) {
			static const char *known[] = {"int", "div", "fadd", "fmul", "fma", "fdiv", "ptr", "zero", "lrsc", "mulhi"};
			bool ok = false;
			for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
				ok |= strcmp(tok + 5, known[i]) == 0;
			if (!ok)
				die(f->line, "unknown vals=%s", tok + 5);
			snprintf(f->vals, sizeof(f->vals), "%s", tok + 5);
		} else if (strcmp(tok, "seed=mov") == 0 || strcmp(tok, "seed=xor") == 0) {
			snprintf(f->seed, sizeof(f->seed), "%s", tok + 5);
		} else if (strncmp(tok, "needs=", 6) == 0) {
			if (!valid_ident(tok + 6) || strchr(tok + 6, '.') || strlen(tok + 6) >= sizeof(f->needs))
				die(f->line, "needs= takes an extension's name");
			snprintf(f->needs, sizeof(f->needs), "%s", tok + 6);
		} else if (strncmp(tok, "alt=", 4) == 0) {
			if (!strchr("123", tok[4]) || tok[5])
				die(f->line, "alt= takes 1, 2 or 3");
			f->alt = tok[4] - '0';
		} else if (strcmp(tok, "-") != 0) {
			die(f->line, "unknown option '%s'", tok);
		}
	}
}

static bool uses(const struct form *f, const char *ph)
{
	return strstr(f->tmpl, ph) != NULL;
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
		/* defaults: every operand the template names is an integer */
		char int_cls = strcmp(isa->name, "x86") == 0 ? 'q' : 'x';
		const char *ph[4] = {"{d}", "{1}", "{2}", "{3}"};
		for (int i = 0; i < 4; i++)
			f->cls[i] = uses(f, ph[i]) ? int_cls : '-';
		f->chain = uses(f, "{1}") ? '1' : 'd';
		snprintf(f->vals, sizeof(f->vals), "int");
		if (field[3])
			parse_options(f, field[3]);
		/* no latency chain: the result rotates over the chain registers
		 * and every source is a constant (a load's base never changes) */
		if (f->nolat && uses(f, "{d}"))
			f->chain = 'd';
		for (int i = 0; i < 4; i++)
			if ((f->cls[i] != '-') != uses(f, ph[i]))
				die(line, "cls= and the template disagree on operand %s", ph[i]);
		/* the image runs a ZMM form longer (kernels/insn/insn.c): it
		 * knows one by its name */
		size_t nl = strlen(f->name);
		if (memchr(f->cls, 'z', 4) && strcmp(isa->name, "x86") == 0 && (nl < 2 || strcmp(f->name + nl - 2, ".z")))
			die(line, "a form with a ZMM operand is named NAME.z");
		if (!f->nolat && !uses(f, "{d}"))
			die(line, "a form without a result ({d}) has no latency chain: say nolat");
		/* the image writes the words a pointer addresses only for
		 * these sets (kernels/insn/insn.c, fill) */
		for (int i = 0; i < 4; i++)
			if (is_ptr_class(f->cls[i]) && strcmp(f->vals, "ptr") != 0 && strcmp(f->vals, "lrsc") != 0)
				die(line, "a pointer operand (class %c) addresses words only vals=ptr or vals=lrsc fills",
				    f->cls[i]);
		int ci = f->chain == 'd' ? 0 : f->chain - '0';
		if (f->cls[ci] == '-')
			die(line, "chain=%c names an operand the template does not have", f->chain);
		if (f->seed[0] && !is_pinned_class(f->cls[ci]))
			die(line, "seed= moves a chain into a pinned register (class a, e or h): the chain here is class %c",
			    f->cls[ci]);
		for (int i = 0; i < nforms; i++)
			if (strcmp(forms[i].ext, f->ext) == 0 && strcmp(forms[i].name, f->name) == 0)
				die(line, "%s.%s is already on line %d", f->ext, f->name, forms[i].line);
		nforms++;
	}
	fclose(in);
	/* companions, by name */
	for (int i = 0; i < nforms; i++) {
		struct form *f = &forms[i];
		if (!f->via[0])
			continue;
		for (int j = 0; j < nforms; j++) {
			char id[80];
			snprintf(id, sizeof(id), "%s.%s", forms[j].ext, forms[j].name);
			if (strcmp(id, f->via) == 0)
				f->comp = &forms[j];
		}
		if (!f->comp)
			die(f->line, "via=%s: no such form", f->via);
		if (f->comp->cls[0] == '-')
			die(f->line, "via=%s: a companion has a result", f->via);
		/* the companion writes the chain's register from the form's result */
		int ci = f->chain == 'd' ? 0 : f->chain - '0';
		/* a two-operand companion (x86) reads the chain's register, which
		 * must then be where the form's result is */
		int cc = f->comp->chain == 'd' ? 0 : f->comp->chain - '0';
		if (cc == 0 && file_of(f->cls[0]) != file_of(f->cls[ci]))
			die(f->line, "via=%s: a two-operand companion cannot bring a result across files", f->via);
		for (int s = 1; s <= 3; s++)
			if (s != ci && f->cls[s] != '-' && f->alt != s && s == 1)
				die(f->line, "via=: the companion's constant is K1, which source 1 would need too");
		f->comp->is_comp = true;
		if (file_of(f->comp->cls[0]) != file_of(f->cls[ci]) || file_of(f->comp->cls[cc]) != file_of(f->cls[0]))
			die(f->line, "via=%s: its result must be the chain's file, its source the form's result's", f->via);
	}
	/* a chain within one register file needs no companion, across files
	 * it must have one; FP widths must match along the chain */
	for (int i = 0; i < nforms; i++) {
		struct form *f = &forms[i];
		if (f->nolat || f->chain == 'd')
			continue;
		int ci = f->chain - '0';
		bool cross = file_of(f->cls[0]) != file_of(f->cls[ci]) ||
			     (file_of(f->cls[0]) == F_FP && formats_differ(f->cls[0], f->cls[ci]));
		if (cross && !f->comp)
			die(f->line, "the result (class %c) cannot feed source %d (class %c): give a companion (via=)",
			    f->cls[0], ci, f->cls[ci]);
		/* a companion's latency is subtracted from a chain within one
		 * file only: it must be one figure, not a round trip itself */
		if (!cross && f->comp && f->comp->via[0])
			die(f->line, "via=%s: a companion whose own chain runs through another", f->via);
	}
}

/* The form's chain file and class, and the number of chains its
 * throughput body runs: the chain file's, or fewer where the result lands
 * in the other file (each chain then has its own register there). */
static int chain_index(const struct form *f)
{
	return f->chain == 'd' ? 0 : f->chain - '0';
}

static enum file chain_file(const struct form *f)
{
	return file_of(f->cls[chain_index(f)]) == F_FP ? F_FP : F_INT;
}

/* The chain leaves its register file or its FP format: a round trip
 * through the companion, never split into two latencies. */
static bool crosses(const struct form *f)
{
	if (f->nolat || f->cls[0] == '-' || f->chain == 'd')
		return false;
	char c = f->cls[chain_index(f)];
	return file_of(f->cls[0]) != file_of(c) || (file_of(c) == F_FP && formats_differ(f->cls[0], c));
}

static int chains_of(const struct form *f)
{
	int n = chain_file(f) == F_INT && rvc_form(f) ? (int)(sizeof(rvc_chain) / sizeof(rvc_chain[0]))
		: chain_file(f) == F_INT && x86_implicit(f) ? (int)(sizeof(x86_implicit_chain) / sizeof(x86_implicit_chain[0]))
							     : isa->nchain[chain_file(f)];
	enum file df = file_of(f->cls[0]) == F_FP ? F_FP : F_INT;
	if (f->cls[0] != '-' && df != chain_file(f) && isa->nchain[df] < n)
		n = isa->nchain[df];
	return n;
}

/* Writes one instance of template t with its operands. */
static void expand(char *out, size_t cap, const char *t, const char *op[5])
{
	size_t o = 0;
	while (*t && o + 1 < cap) {
		const char *ph = NULL;
		if (t[0] == '{' && t[2] == '}') {
			const char *p = strchr("d123o", t[1]);
			if (p && t[1])
				ph = op[p - "d123o"];
		}
		if (ph) {
			o += (size_t)snprintf(out + o, cap - o, "%s", ph);
			t += 3;
		} else {
			out[o++] = *t++;
		}
	}
	out[o < cap ? o : cap - 1] = 0;
}

/* The operands of copy i of the form in a body: chain c, which of K2/K3
 * an alternating source takes, where the result goes. */
struct copy {
	char reg[5][24]; /* d, 1, 2, 3, o */
};

static void konst(char *out, size_t cap, const struct form *f, char cls, int k)
{
	regname(out, cap, cls, konst_reg(f, file_of(cls) == F_FP ? F_FP : F_INT, k));
}

/* Does the throughput body chain each result into its next op? Only
 * where it must: a form that reads its result register (chain=d), and one
 * whose operands must change every op (thrvia, a divider). Every other
 * form's throughput ops are independent: their sources constants, their
 * results rotating over the chain registers, so no latency bounds them
 * (eight chains of a 4-cycle load allowed no less than 0.5 a load). */
static bool thr_chained(const struct form *f)
{
	return (f->chain == 'd' && !f->seed[0]) || (f->comp && f->thrvia);
}

static void operands(const struct form *f, int c, int altpick, struct copy *cp, int i, bool independent)
{
	const char *cr = chain_reg(f, chain_file(f), c);
	int ci = chain_index(f);
	for (int s = 1; s <= 3; s++) {
		if (f->cls[s] == '-')
			continue;
		if (s == ci && !independent)
			regname(cp->reg[s], sizeof(cp->reg[s]), f->cls[s], cr);
		else
			konst(cp->reg[s], sizeof(cp->reg[s]), f, f->cls[s], f->alt == s ? 1 + altpick : s - 1);
	}
	if (f->cls[0] != '-') {
		enum file df = file_of(f->cls[0]) == F_FP ? F_FP : F_INT;
		regname(cp->reg[0], sizeof(cp->reg[0]), f->cls[0],
			df == chain_file(f) ? cr : chain_reg(f, df, c));
	}
	/* stores rotate over 32 words (a compressed store's offset field
	 * reaches 124 bytes, c.sw: over 16 there), or a vector's whole slots
	 * in the same 256 bytes (aligned: no store splits a line) */
	int w = 8;
	for (int s = 1; s <= 3; s++)
		if (is_vec(f->cls[s]) && vec_bytes(f->cls[s]) > w)
			w = vec_bytes(f->cls[s]);
	snprintf(cp->reg[4], sizeof(cp->reg[4]), "%d", (i % (rvc_form(f) ? 16 : 256 / w)) * w);
}

static void emit_copy(const struct form *f, int i, int c, int altpick, bool with_comp, bool independent)
{
	struct copy cp;
	memset(&cp, 0, sizeof(cp));
	operands(f, c, altpick, &cp, i, independent);
	const char *op[5] = {cp.reg[0], cp.reg[1], cp.reg[2], cp.reg[3], cp.reg[4]};
	char line[256];
	char pin = f->cls[chain_index(f)], cr[24] = "";
	bool seeded = independent && f->seed[0] && is_pinned_class(pin);
	if (seeded)
		regname(cr, sizeof(cr), pin == 'e' ? 'l' : 'q', chain_reg(f, F_INT, c));
	if (seeded) /* chain c into the pinned register: this op's operand */
		outf("\t%s\t%s, %%%s\n", pin == 'e' ? "movl" : "movq", cr, pinned_reg(pin));
	expand(line, sizeof(line), f->tmpl, op);
	outf("\t%s\n", line);
	if (seeded && strcmp(f->seed, "xor") == 0) /* and its result back: the operands change */
		outf("\t%s\t%%%s, %s\n", pin == 'e' ? "xorl" : "xorq", pinned_reg(pin), cr);
	if (!with_comp || !f->comp)
		return;
	/* the companion: from the form's result back into chain c */
	const struct form *g = f->comp;
	struct copy gp;
	memset(&gp, 0, sizeof(gp));
	int gc = g->chain == 'd' ? 0 : g->chain - '0';
	for (int s = 1; s <= 3; s++)
		if (g->cls[s] != '-')
			konst(gp.reg[s], sizeof(gp.reg[s]), f, g->cls[s], 0); /* K1: the companion's constant */
	if (gc)
		snprintf(gp.reg[gc], sizeof(gp.reg[gc]), "%s", cp.reg[0]);
	if (is_pinned_class(f->cls[chain_index(f)])) /* the chain is the pinned register */
		snprintf(gp.reg[0], sizeof(gp.reg[0]), "%s", cp.reg[0]);
	else
		regname(gp.reg[0], sizeof(gp.reg[0]), g->cls[0], chain_reg(f, chain_file(f), c));
	const char *gop[5] = {gp.reg[0], gp.reg[1], gp.reg[2], gp.reg[3], "0"};
	expand(line, sizeof(line), g->tmpl, gop);
	outf("\t%s\n", line);
}

/* the state's register: a0, or t5 in a compressed form's body */
static const char *state_reg = "a0";

/* the load instruction for a register of class cls from offset off(state) */
static void emit_load(char cls, const char *reg, int off)
{
	char r[24];
	/* an 8- or 16-bit view is loaded whole: the register's other bits
	 * must not carry what an earlier kernel left (the result reads them) */
	if (strcmp(isa->name, "x86") == 0 && (cls == 'w' || cls == 'b'))
		cls = 'q';
	if (is_vec(cls) && strcmp(isa->name, "a64") == 0)
		cls = 'q';
	regname(r, sizeof(r), cls, reg);
	if (is_vec(cls) && strcmp(isa->name, "x86") == 0) {
		/* unaligned moves: the state is 64-byte aligned anyway */
		outf("\t%s\t%d(%%rdi), %s\n", cls == 'z' ? "vmovdqu64" : cls == 'y' ? "vmovdqu" : "movdqu", off, r);
		return;
	}
	if (strcmp(isa->name, "rv64") == 0) {
		const char *ld = cls == 'd' ? "fld" : cls == 's' ? "flw" : cls == 'h' ? "flh" : "ld";
		outf("\t%s\t%s, %d(%s)\n", ld, r, off, state_reg);
	} else if (strcmp(isa->name, "a64") == 0) {
		outf("\tldr\t%s, [x0, #%d]\n", r, off);
	} else {
		outf("\t%s\t%d(%%rdi), %s\n", cls == 'l' || cls == 'e' ? "movl" : "movq", off, r);
	}
}

/* Offsets in struct insn_state (insn.h). */
#define OFF_IVAL 0
#define OFF_FVAL 32
#define OFF_PTR 64
#define OFF_VEC 512 /* vec[4][64]: the chain's start, K1..K3 (insn.c checks it) */

/* Where a register of class cls loads value k (0 the chain's start, 1..3
 * K1..K3) from. */
static int value_off(char cls, int k)
{
	if (is_ptr_class(cls))
		return OFF_PTR;
	if (is_vec(cls))
		return OFF_VEC + 64 * k;
	return (file_of(cls) == F_FP ? OFF_FVAL : OFF_IVAL) + 8 * k;
}

/* A64 forms with a register list (TBL's table, LD1-LD4's and ST1-ST4's
 * registers) name v24-v31 in the template: loaded here with K1, K2, K3 by
 * turns, so a list's contents are known (the generator's chains and
 * constants never use them). */
static void emit_list_regs(void)
{
	for (int r = 24; r < 32; r++)
		outf("\tldr\tq%d, [x0, #%d]\n", r, value_off('v', 1 + (r - 24) % 3));
}

static void emit_setup(const struct form *f, int nch, bool comp, bool independent)
{
	/* the flags from a known value (a conditional select or an add with
	 * carry reads them): not equal, no carry, so every run is the same */
	if (strcmp(isa->name, "x86") == 0)
		outf("\tpush %%rbx; push %%rbp; push %%r12; push %%r13; push %%r14; push %%r15\n\ttest %%rdi, %%rdi\n");
	else if (strcmp(isa->name, "a64") == 0)
		outf("\tcmn\tx0, #1\n");
	state_reg = "a0";
	if (rvc_form(f)) {
		rvc_prologue();
		state_reg = "t5";
	}
	int ci = chain_index(f);
	char ccls = f->cls[ci];
	if (x86_implicit(f)) /* MULX's implicit multiplier: K2 */
		emit_load('q', "rdx", OFF_IVAL + 8 * 2);
	/* a pinned chain is the pinned register itself in the latency body,
	 * r8-r15 (moved into it op by op) in the throughput body */
	char lc = is_pinned_class(ccls) && independent ? (ccls == 'e' ? 'l' : 'q') : ccls;
	for (int c = 0; c < nch; c++)
		emit_load(lc, chain_reg(f, chain_file(f), c), value_off(ccls, 0));
	if (strcmp(isa->name, "a64") == 0 && form_has_vec(f))
		emit_list_regs();
	/* constants: each source's K, as its class reads it */
	bool done[3][3] = {{false}}; /* integer, FP scalar, vector */
	const struct form *list[2] = {f, comp ? f->comp : NULL};
	for (int w = 0; w < 2; w++) {
		const struct form *g = list[w];
		if (!g)
			continue;
		for (int s = 1; s <= 3; s++) {
			if (g->cls[s] == '-' || (w == 0 && s == ci && !independent) ||
			    (w == 1 && g->chain != 'd' && s == g->chain - '0'))
				continue;
			int ks[2] = {w == 1 ? 0 : s - 1, -1};
			if (w == 0 && f->alt == s)
				ks[0] = 1, ks[1] = 2;
			for (int q = 0; q < 2 && ks[q] >= 0; q++) {
				enum file fl = file_of(g->cls[s]) == F_FP ? F_FP : F_INT;
				int dk = is_vec(g->cls[s]) ? 2 : fl;
				if (done[dk][ks[q]])
					continue;
				done[dk][ks[q]] = true;
				emit_load(g->cls[s], konst_reg(f, fl, ks[q]), value_off(g->cls[s], ks[q] + 1));
			}
		}
	}
}

static void emit_finish(const struct form *f, int nch, bool thr)
{
	enum file cf = chain_file(f);
	const char *c0 = chain_reg(f, cf, 0);
	char r[24];
	if (strcmp(isa->name, "rv64") == 0) {
		/* a compressed form's chains include a0 and a1's neighbours:
		 * the sum in t0 first */
		const char *acc = rvc_form(f) ? "t0" : "a0";
		if (cf == F_FP) {
			outf("\tfmv.x.d\ta0, %s\n", c0);
		} else {
			outf("\tmv\t%s, %s\n", acc, c0);
			for (int c = 1; thr && c < nch; c++)
				outf("\txor\t%s, %s, %s\n", acc, acc, chain_reg(f, cf, c));
			if (rvc_form(f))
				outf("\tmv\ta0, t0\n");
		}
		if (rvc_form(f))
			rvc_epilogue();
	} else if (strcmp(isa->name, "a64") == 0) {
		if (cf == F_FP) {
			outf("\tfmov\tx0, d%s\n", c0);
		} else {
			outf("\tmov\tx0, x%s\n", c0);
			for (int c = 1; thr && c < nch; c++)
				outf("\teor\tx0, x0, x%s\n", chain_reg(f, cf, c));
		}
	} else {
		regname(r, sizeof(r), cf == F_FP ? 'x' : 'q', c0);
		if (!thr && is_pinned_class(f->cls[chain_index(f)])) /* the chain ran in rax (rdx: mul.hi) */
			snprintf(r, sizeof(r), "%%%s", f->cls[chain_index(f)] == 'h' ? "rdx" : "rax");
		outf("\tmovq\t%s, %%rdi\n", r); /* rax may be a chain: the sum in rdi first */
		for (int c = 1; cf == F_INT && thr && c < nch; c++)
			outf("\txorq\t%%%s, %%rdi\n", chain_reg(f, cf, c));
		outf("\tmovq\t%%rdi, %%rax\n");
		/* the upper halves of YMM/ZMM registers clean again: SSE code
		 * after the kernel pays no transition (Intel SDM vol. 1, 14.2) */
		if (memchr(f->cls, 'y', 4) || memchr(f->cls, 'z', 4))
			outf("\tvzeroupper\n");
		outf("\tpop %%r15; pop %%r14; pop %%r13; pop %%r12; pop %%rbp; pop %%rbx\n");
	}
}

/* One body: its set-up, its loop of reps copies, its finish. */
static void emit_one(const struct form *f, int reps, bool thr)
{
	int nch = thr ? chains_of(f) : 1;
	bool comp = f->comp && (!thr || f->thrvia);
	emit_setup(f, nch, comp, thr && !thr_chained(f));
	outf("7:\n");
	for (int i = 0; i < reps; i++) {
		int c = thr ? i % nch : 0;
		/* an alternating source (alt=) takes K2 and K3 by turns: in the
		 * latency body op by op; in the throughput body each chain round
		 * by round, a chain's turn the other way from the chain before
		 * it. So two ops in a row never have the same operands. The
		 * chains start alike, and with every chain on the same constant
		 * a round the throughput body's divides repeated the divide just
		 * before them, which the C906 answers from its one-entry buffer
		 * (OpenC906 aq_iu_div.v: dividend, divisor, signedness and width
		 * as last time) in two cycles: its divides read 4.5-6.6 cycles a
		 * divide where one takes 23 */
		int altpick = thr ? (i / nch + c) % 2 : i % 2;
		emit_copy(f, i, c, altpick, comp, thr && !thr_chained(f));
	}
	if (rvc_form(f)) /* the count moved to t6 (rvc_prologue): bm_loop_back's two instructions on it */
		outf("\taddi\tt6, t6, -1\n\tbnez\tt6, 7b\n");
	else
		outf("\tbm_loop_back 7b\n");
	emit_finish(f, nch, thr);
	outf("\tret\n");
}

/* The N and 2N bodies (v = 1, 2), each placed by insn_body.h on the
 * least power of two that holds it. */
static void emit_body(const struct form *f, int n, const char *kind, int reps, bool thr)
{
	for (int v = 1; v <= 2; v++) {
		char name[64];
		snprintf(name, sizeof(name), "bm_insn_%d_%s_x%d", n, kind, v);
		body_open(f->line);
		emit_one(f, reps * v, thr);
		body_place(name, isa->max_insn, f->line);
	}
}

static int thr_unroll(const struct form *f)
{
	return 2 * chains_of(f);
}

/* The directive that lets GNU as take an extension's forms. It names some
 * A64 extensions otherwise than the ID register fields the table's
 * extensions follow (Arm ARM D19.2, ID_AA64ISAR0_EL1): its "simd" is
 * Advanced SIMD, "aes" holds PMULL, "sha2" SHA-1, "sha3" the SHA-512
 * instructions; and binutils 2.40 takes SHA3's and SM3/SM4's only on an
 * Armv8.2 base (they are Armv8.2 features). */
static void a64_asm_ext(const char *ext)
{
	static const char *map[][2] = {
		{"neon", ".arch_extension simd"}, {"pmull", ".arch_extension aes"},
		{"sha1", ".arch_extension sha2"}, {"sha512", ".arch_extension sha3"},
		{"sha3", ".arch armv8.2-a+sha3"}, {"sm3", ".arch armv8.2-a+sm4"},
		{"sm4", ".arch armv8.2-a+sm4"},
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(ext, map[i][0]) == 0) {
			printf("\t%s\n", map[i][1]);
			return;
		}
	printf("\t.arch_extension %s\n", ext);
}

static void gen_bodies(void)
{
	printf("/* generated by tools/gen_insn.c from %s: do not edit */\n", table_path);
	printf("#include \"%s\"\n", isa->body_h);
	if (strcmp(isa->name, "rv64") == 0)
		printf("\t.option norvc\n");
	printf("\t.text\n");
	for (int n = 0; n < nforms; n++) {
		const struct form *f = &forms[n];
		printf("\n/* %s.%s.%s (line %d) */\n", isa->name, f->ext, f->name, f->line);
		/* the assembler's own name for the extension, unless the form is
		 * spelled as .insn (one binutils 2.40 does not know) */
		bool rv_ext = strcmp(isa->name, "rv64") == 0 && (f->ext[0] == 'z' || f->ext[0] == 'x') &&
			      strncmp(f->tmpl, ".insn", 5) != 0;
		bool a64_ext = strcmp(isa->name, "a64") == 0 && strcmp(f->ext, "base") && strcmp(f->ext, "fp");
		/* a compressed form (C, and Zcb's, which binutils 2.40 spells
		 * only as .insn): C enabled around it, which .option norvc above
		 * turns off */
		bool rv_c = strcmp(isa->name, "rv64") == 0 && (strcmp(f->ext, "c") == 0 || strcmp(f->ext, "zcb") == 0);
		if (rv_c)
			rv_ext = false;
		if (rv_ext || rv_c)
			printf("\t.option push\n\t.option arch, +%s\n", rv_c ? "c" : f->ext);
		if (a64_ext)
			a64_asm_ext(f->ext);
		if (!f->nolat)
			emit_body(f, n, "lat", LAT_UNROLL, false);
		emit_body(f, n, "thr", chains_of(f) * 2, true);
		if (rv_ext || rv_c)
			printf("\t.option pop\n");
	}
}

static const char *feature_of(const struct form *f)
{
	static const char *always[] = {"rv64.i", "rv64.m", "rv64.a", "a64.base", "x86.base", "x86.sse2"};
	char key[64];
	snprintf(key, sizeof(key), "%s.%s", isa->name, f->ext);
	for (size_t i = 0; i < sizeof(always) / sizeof(always[0]); i++)
		if (strcmp(key, always[i]) == 0)
			return "";
	if (strcmp(key, "rv64.f") == 0 || strcmp(key, "rv64.d") == 0 || strcmp(key, "a64.fp") == 0)
		return "fpu";
	if (f->needs[0]) { /* "zcb,zbb": insn_verify asks for each */
		static char both[64];
		snprintf(both, sizeof(both), "%s,%s", f->ext, f->needs);
		return both;
	}
	return f->ext;
}

static const char *vals_enum(const struct form *f)
{
	static char buf[32];
	snprintf(buf, sizeof(buf), "INSN_VALS_%s", f->vals);
	for (char *p = buf; *p; p++)
		*p = (char)toupper((unsigned char)*p);
	return buf;
}

static const char *fpw_enum(const struct form *f)
{
	char c = f->cls[chain_index(f)];
	if (file_of(c) != F_FP)
		for (int i = 0; i < 4; i++)
			if (f->cls[i] != '-' && file_of(f->cls[i]) == F_FP)
				c = f->cls[i];
	if (strcmp(isa->name, "x86") == 0) {
		/* packed single: the mnemonic ends in ps (vfmadd231ps) */
		size_t n = strcspn(f->tmpl, " \t");
		bool ps = n > 2 && strncmp(f->tmpl + n - 2, "ps", 2) == 0;
		return ps || strstr(f->tmpl, "ss ") || strstr(f->tmpl, "ss\t") ? "INSN_FP_S" : "INSN_FP_D";
	}
	/* an A64 vector form's lanes: its arrangement */
	if (is_vec(c) || form_has_vec(f)) {
		if (strstr(f->tmpl, ".4s") || strstr(f->tmpl, ".2s"))
			return "INSN_FP_S";
		if (strstr(f->tmpl, ".8h") || strstr(f->tmpl, ".4h"))
			return "INSN_FP_H";
		return "INSN_FP_D";
	}
	return c == 's' ? "INSN_FP_S" : c == 'h' ? "INSN_FP_H" : "INSN_FP_D";
}

/* The op's short name for the kernel record: the template's mnemonic. */
static void mnemonic(char *out, size_t cap, const struct form *f)
{
	const char *t = f->mca[0] ? f->mca : f->tmpl;
	size_t n = strcspn(t, " \t");
	snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), t);
}

static void gen_forms(void)
{
	printf("/* generated by tools/gen_insn.c from %s: do not edit */\n#include \"insn.h\"\n", table_path);
	for (int n = 0; n < nforms; n++) {
		const struct form *f = &forms[n];
		char via[96] = "NULL", op[40];
		if (f->comp)
			snprintf(via, sizeof(via), "\"%s.%s.%s\"", isa->name, f->comp->ext, f->comp->name);
		mnemonic(op, sizeof(op), f);
		int fi = form_insns(f), ci = f->comp ? form_insns(f->comp) : 0;
		int ins = fi + ci, thr_ins = fi + (f->thrvia ? ci : 0) + (f->seed[0] ? 1 : 0) + (strcmp(f->seed, "xor") == 0);
		printf("static BM_INSN_DATA const struct insn_form form_%d = {\"%s.%s.%s\", \"%s\", %s, %s, %s, %d, %d, %d, %d, %d, %d, "
		       "%d, %d, NULL};\n", /* NULL: no vector grid (gen_insn_rvv.c) */
		       n, isa->name, f->ext, f->name, feature_of(f), via, vals_enum(f), fpw_enum(f), ins, chains_of(f),
		       !f->nolat, crosses(f), f->thrvia, f->is_comp, thr_ins, fi);
		if (f->nolat)
			printf("INSN_KERNEL_THR(%d, form_%d, \"%s.%s.%s\", \"%s\", %d);\n", n, n, isa->name, f->ext, f->name,
			       op, thr_unroll(f));
		else
			printf("INSN_KERNELS(%d, form_%d, \"%s.%s.%s\", \"%s\", %d, %d, %d, %s);\n", n, n, isa->name,
			       f->ext, f->name, op, LAT_UNROLL, thr_unroll(f),
			       thr_chained(f) || strcmp(f->seed, "xor") == 0 ? chains_of(f) : 0,
			       f->floor_none ? "BM_FLOOR_NONE" : "BM_FLOOR_AUTO");
	}
}

static void gen_texts(void)
{
	for (int n = 0; n < nforms; n++) {
		const struct form *f = &forms[n];
		struct copy cp;
		memset(&cp, 0, sizeof(cp));
		operands(f, 0, 0, &cp, 0, false);
		const char *op[5] = {cp.reg[0], cp.reg[1], cp.reg[2], cp.reg[3], cp.reg[4]};
		char line[256];
		expand(line, sizeof(line), f->mca[0] ? f->mca : f->tmpl, op);
		printf("\t{\"%s.%s.%s\", \"%s\", \"%s\", \"%s\"},\n", isa->name, f->ext, f->name, isa->name, f->ext, line);
	}
}

static const struct isa *isa_named(const char *name)
{
	for (size_t i = 0; i < sizeof(isas) / sizeof(isas[0]); i++)
		if (strcmp(isas[i].name, name) == 0)
			return &isas[i];
	fprintf(stderr, "gen_insn: unknown ISA '%s' (rv64, a64, x86)\n", name);
	exit(2);
}

/* forms_<isa>.tsv names its ISA */
static const struct isa *isa_of_path(const char *path)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	char name[16];
	if (sscanf(b, "forms_%15[a-z0-9].tsv", name) != 1) {
		fprintf(stderr, "gen_insn: %s: a table is named forms_<isa>.tsv\n", path);
		exit(2);
	}
	return isa_named(name);
}

static void count(void)
{
	for (int n = 0; n < nforms; n++) {
		bool seen = false;
		for (int m = 0; m < n; m++)
			seen |= strcmp(forms[m].ext, forms[n].ext) == 0;
		if (seen)
			continue;
		int k = 0;
		for (int m = 0; m < nforms; m++)
			k += strcmp(forms[m].ext, forms[n].ext) == 0;
		printf("%s %d\n", forms[n].ext, k);
	}
}

int main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "--host-texts") == 0) {
		printf("/* generated by tools/gen_insn.c: do not edit */\n#include \"insn_texts.h\"\n");
		printf("const struct insn_text insn_texts[] = {\n");
		const char *also = NULL; /* --also FILE: more entries, included (gen_insn_rvv --host-texts) */
		for (int a = 2; a < argc; a++) {
			if (strcmp(argv[a], "--also") == 0 && a + 1 < argc) {
				also = argv[++a];
				continue;
			}
			isa = isa_of_path(argv[a]);
			nforms = 0;
			read_table(argv[a]);
			gen_texts();
		}
		if (also)
			printf("#include \"%s\"\n", also);
		printf("};\nconst unsigned insn_ntexts = sizeof(insn_texts) / sizeof(insn_texts[0]);\n");
		return 0;
	}
	if (argc != 4) {
		fprintf(stderr, "usage: gen_insn --bodies|--forms|--count ISA TABLE | --host-texts TABLE...\n");
		return 2;
	}
	isa = isa_named(argv[2]);
	if (isa_of_path(argv[3]) != isa) {
		fprintf(stderr, "gen_insn: %s is not the %s table\n", argv[3], argv[2]);
		return 2;
	}
	read_table(argv[3]);
	if (strcmp(argv[1], "--bodies") == 0)
		gen_bodies();
	else if (strcmp(argv[1], "--forms") == 0)
		gen_forms();
	else if (strcmp(argv[1], "--count") == 0)
		count();
	else {
		fprintf(stderr, "gen_insn: unknown mode %s\n", argv[1]);
		return 2;
	}
	return 0;
}
