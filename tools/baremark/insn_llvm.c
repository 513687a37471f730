/* llvm-mca's model beside the measured figures (`baremark insn --llvm
 * CPU`): Debian's llvm-mca-19 (package llvm-19), run once per ISA on every
 * shown form of it as this tool's table writes it (insn_texts[].asm_text),
 * each form in a code region of its own (`# LLVM-MCA-BEGIN f<n>`), so that
 * each Instruction Info row maps back to its form by the region's name
 * and a form llvm-mca drops leaves its region out rather than shifting
 * the others. Nothing from a log reaches its command line or its input:
 * the CPU name is the user's, checked; the text is the table's. */
#include "insn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "textbuf.h"

#define MCA_OUT_CAP (8u << 20)
#define MCA_DEFAULT_TIMEOUT 60

/* An ISA's llvm target, and the -mattr feature each extension of the
 * table needs where the CPU model lacks it (adding one it has changes
 * nothing). Extensions not listed need none. */
struct target {
	const char *isa, *triple;
	const char *const (*feat)[2];
};
static const char *const rv64_feat[][2] = {
	{"m", "+m"},	     {"a", "+a"},	  {"f", "+f"},		     {"d", "+f,+d"},
	{"c", "+c"},	     {"zba", "+zba"},	  {"zbb", "+zbb"},	     {"zbc", "+zbc"},
	{"zbs", "+zbs"},     {"zicond", "+zicond"}, {"zfa", "+f,+d,+zfa"},  {"zfh", "+f,+zfh"},
	{"zfhmin", "+f,+zfhmin"}, {"zcb", "+c,+zcb"}, {"xtheadba", "+xtheadba"}, {"xtheadbb", "+xtheadbb"},
	{"xtheadbs", "+xtheadbs"}, {"xtheadcondmov", "+xtheadcondmov"}, {"xtheadmemidx", "+xtheadmemidx"},
	{"xtheadmempair", "+xtheadmempair"}, {"xtheadmac", "+xtheadmac"}, {"xtheadfmemidx", "+f,+d,+xtheadfmemidx"},
	{NULL, NULL},
};
static const char *const a64_feat[][2] = {
	{"lse", "+lse"}, {"crc", "+crc"}, {"fp16", "+fullfp16"}, {"cssc", "+cssc"}, {"rcpc", "+rcpc"}, {NULL, NULL},
};
static const char *const x86_feat[][2] = {
	{"bmi1", "+bmi"}, {"bmi", "+bmi"},   {"bmi2", "+bmi2"}, {"adx", "+adx"},	 {"popcnt", "+popcnt"},
	{"lzcnt", "+lzcnt"}, {"avx", "+avx"}, {"avx2", "+avx2"}, {"fma", "+fma"},	 {"f16c", "+f16c"},
	{"movbe", "+movbe"}, {"sse41", "+sse4.1"}, {"sse42", "+sse4.2"}, {NULL, NULL},
};
static const struct target targets[] = {
	{"rv64", "riscv64", rv64_feat},
	{"a64", "aarch64", a64_feat},
	{"x86", "x86_64", x86_feat},
};

bool insn_cpu_ok(const char *cpu)
{
	size_t n = strspn(cpu, "abcdefghijklmnopqrstuvwxyz0123456789_.-");
	return n && n <= 64 && !cpu[n] && cpu[0] != '-' && strcmp(cpu, "help") != 0;
}

/* llvm-mca: BAREMARK_LLVM_MCA, else llvm-mca-19 from PATH. */
static const char *mca_path(void)
{
	const char *p = getenv("BAREMARK_LLVM_MCA");
	return p && p[0] ? p : "llvm-mca-19";
}

static int mca_timeout(void)
{
	const char *t = getenv("BAREMARK_LLVM_MCA_TIMEOUT");
	int s = t ? atoi(t) : 0;
	return s >= 1 && s <= 600 ? s : MCA_DEFAULT_TIMEOUT;
}

/* The first line of text that contains `what`, into t (cut at its end). */
static bool line_with(const char *text, const char *what, struct textbuf *t)
{
	const char *p = text ? strstr(text, what) : NULL;
	if (!p)
		return false;
	while (p > text && p[-1] != '\n')
		p--;
	tb_printf(t, "%.*s", (int)strcspn(p, "\n"), p);
	return true;
}

/* The forms of one ISA, in table order: their indices and the -mattr
 * list their extensions need. */
struct batch {
	const struct target *tg;
	unsigned *form;
	unsigned n;
	char mattr[1024];
};

static void add_feature(struct batch *b, const char *ext)
{
	for (int i = 0; b->tg->feat[i][0]; i++) {
		if (strcmp(b->tg->feat[i][0], ext) != 0)
			continue;
		char f[64];
		snprintf(f, sizeof(f), "%s", b->tg->feat[i][1]);
		for (char *tok = strtok(f, ","); tok; tok = strtok(NULL, ",")) {
			/* each feature once: ",+d," found in ",+f,+d," */
			char probe[72];
			snprintf(probe, sizeof(probe), ",%s,", tok);
			char have[sizeof(b->mattr) + 2];
			snprintf(have, sizeof(have), ",%s,", b->mattr);
			size_t len = strlen(b->mattr);
			if (!strstr(have, probe) && len + strlen(tok) + 2 < sizeof(b->mattr))
				snprintf(b->mattr + len, sizeof(b->mattr) - len, "%s%s", len ? "," : "", tok);
		}
	}
}

/* The regions' text: each form between its BEGIN and END lines, its text
 * on line 3k + 2 (so an error's line number names the form). */
static char *batch_input(const struct batch *b)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *s = open_memstream(&buf, &len);
	if (!s)
		return NULL;
	for (unsigned k = 0; k < b->n; k++)
		fprintf(s, "# LLVM-MCA-BEGIN f%u\n%s\n# LLVM-MCA-END f%u\n", k, insn_texts[b->form[k]].asm_text, k);
	fclose(s);
	return buf;
}

/* Reads the Instruction Info row of each region of out: Latency and
 * RThroughput of the region's one instruction. */
static void read_rows(const struct batch *b, const char *out, struct insn_llvm *l)
{
	long region = -1;
	bool header = false;
	for (const char *p = out; p && *p;) {
		size_t n = strcspn(p, "\n");
		char line[512];
		snprintf(line, sizeof(line), "%.*s", (int)(n < sizeof(line) - 1 ? n : sizeof(line) - 1), p);
		unsigned idx, k;
		int uops;
		double lat, thr;
		if (sscanf(line, "[%u] Code Region - f%u", &idx, &k) == 2) {
			region = k < b->n ? (long)k : -1;
			header = false;
		} else if (strncmp(line, "[1]", 3) == 0 && strstr(line, "Instructions:")) {
			header = true;
		} else if (header && region >= 0 && sscanf(line, "%d %lf %lf", &uops, &lat, &thr) == 3) {
			struct insn_llvm *x = &l[b->form[region]];
			x->has = lat >= 0 && thr >= 0;
			x->lat = lat;
			x->thr = thr;
			header = false;
			/* a form of two instructions (an LR/SC pair): the rows are
			 * per instruction, none is the pair's */
			if (strchr(insn_texts[b->form[region]].asm_text, ';')) {
				struct textbuf t;
				x->has = false;
				tb_init(&t, x->why, sizeof(x->why));
				tb_printf(&t, "two instructions: llvm-mca's figures are each one's, not the pair's");
			}
		}
		p += n + (p[n] == '\n');
	}
}

/* What llvm-mca said of each form it gave no row: its parse error (at
 * the form's line), or that the CPU's model has nothing for it. */
static void read_rejects(const struct batch *b, const char *err, struct insn_llvm *l, const char *cpu)
{
	for (const char *p = err; p && *p;) {
		size_t n = strcspn(p, "\n");
		unsigned line, col;
		int at = 0;
		if (sscanf(p, "<stdin>:%u:%u: error: %n", &line, &col, &at) == 2 && at && line >= 2 && (line - 2) % 3 == 0 &&
		    (line - 2) / 3 < b->n) {
			struct insn_llvm *x = &l[b->form[(line - 2) / 3]];
			if (!x->has && !x->why[0]) {
				struct textbuf t;
				tb_init(&t, x->why, sizeof(x->why));
				tb_printf(&t, "rejected by llvm-mca for %s: %.*s", cpu, (int)(n - (size_t)at), p + at);
			}
		}
		p += n + (p[n] == '\n');
	}
	for (unsigned k = 0; k < b->n; k++) {
		struct insn_llvm *x = &l[b->form[k]];
		if (x->has || x->why[0])
			continue;
		struct textbuf t;
		tb_init(&t, x->why, sizeof(x->why));
		if (err && strstr(err, "unsupported instruction"))
			tb_printf(&t, "unsupported by llvm-mca for %s: no scheduling information in its model", cpu);
		else
			tb_printf(&t, "llvm-mca for %s gave no figures for it", cpu);
	}
}

/* One run of llvm-mca on the batch for cpu. 0: done; 1: its target does
 * not know the cpu (*unknown holds llvm-mca's line); 2: it failed, said. */
static int run_batch(const struct batch *b, const char *cpu, struct insn_llvm *l, char *unknown, size_t ucap)
{
	char *input = batch_input(b);
	if (!input) {
		fprintf(stderr, "insn: no memory\n");
		return 2;
	}
	char triple[64], mcpu[96], mattr[sizeof(b->mattr) + 16];
	snprintf(triple, sizeof(triple), "-mtriple=%s", b->tg->triple);
	snprintf(mcpu, sizeof(mcpu), "-mcpu=%s", cpu);
	snprintf(mattr, sizeof(mattr), "-mattr=%s", b->mattr);
	const char *argv[] = {mca_path(), triple, mcpu, "-instruction-info", "-iterations=1", "-summary-view=false",
			      "-resource-pressure=false", "-skip-unsupported-instructions=any",
			      b->mattr[0] ? mattr : "-", b->mattr[0] ? "-" : NULL, NULL};
	char *out, *err;
	int st = insn_spawn((char *const *)argv, input, mca_timeout(), MCA_OUT_CAP, &out, &err);
	free(input);
	int ret = 0;
	struct textbuf t;
	tb_init(&t, unknown, ucap);
	if (st < 0) {
		fprintf(stderr, "insn: %s%s\n", err ? err : "llvm-mca failed",
			strstr(err ? err : "", "No such file") ? " (Debian's llvm-19 package has llvm-mca-19; tools/deps.sh "
								 "installs it; or set BAREMARK_LLVM_MCA)"
							       : "");
		ret = 2;
	} else if (line_with(err, "is not a recognized processor", &t)) {
		ret = 1;
	} else if (st != 0) {
		struct textbuf e;
		char first[400];
		tb_init(&e, first, sizeof(first));
		if (!line_with(err, "error", &e))
			tb_printf(&e, "%.300s", err && err[0] ? err : "(it said nothing)");
		fprintf(stderr, "insn: %s -mcpu=%s (%s) exited %d: %s\n", mca_path(), cpu, b->tg->triple, st, first);
		ret = 2;
	} else {
		for (unsigned k = 0; k < b->n; k++)
			l[b->form[k]].cpu = cpu;
		read_rows(b, out, l);
		read_rejects(b, err, l, cpu);
	}
	free(out);
	free(err);
	return ret;
}

int insn_llvm_run(const struct insn_table *t, const char *const *cpus, int ncpus, struct insn_llvm *out)
{
	memset(out, 0, insn_ntexts * sizeof(*out));
	bool used[8] = {false}, asked[8] = {false};
	char unknown[8][300], tried[64] = "";
	for (int c = 0; c < ncpus && c < 8; c++)
		unknown[c][0] = '\0';
	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		struct batch b = {&targets[i], malloc((insn_ntexts ? insn_ntexts : 1) * sizeof(unsigned)), 0, ""};
		if (!b.form) {
			fprintf(stderr, "insn: no memory\n");
			return 2;
		}
		for (unsigned f = 0; f < insn_ntexts; f++) {
			if (!t->shown[f] || strcmp(insn_texts[f].isa, b.tg->isa) != 0)
				continue;
			/* the table's own text, one line: anything else is the generator's fault */
			if (strchr(insn_texts[f].asm_text, '\n') || strstr(insn_texts[f].asm_text, "LLVM-MCA")) {
				snprintf(out[f].why, sizeof(out[f].why), "not given to llvm-mca: the table's text is not one line");
				continue;
			}
			b.form[b.n++] = f;
			add_feature(&b, insn_texts[f].ext);
		}
		int st = 1;
		if (b.n)
			snprintf(tried + strlen(tried), sizeof(tried) - strlen(tried), "%s%s", tried[0] ? ", " : "",
				 b.tg->triple);
		for (int c = 0; c < ncpus && c < 8 && b.n && st == 1; c++) {
			st = run_batch(&b, cpus[c], out, unknown[c], sizeof(unknown[c]));
			used[c] |= st == 0;
			asked[c] = true;
		}
		free(b.form);
		if (st == 2)
			return 2;
		for (unsigned f = 0; f < insn_ntexts && st == 1; f++)
			if (t->shown[f] && strcmp(insn_texts[f].isa, targets[i].isa) == 0 && !out[f].why[0])
				snprintf(out[f].why, sizeof(out[f].why), "no --llvm CPU given is one of llvm's %s models",
					 targets[i].triple);
	}
	for (int c = 0; c < ncpus && c < 8; c++)
		if (!asked[c]) {
			fprintf(stderr, "insn: --llvm %s: an earlier CPU already stands for every ISA of these forms (%s); "
					"give one CPU for each ISA\n",
				cpus[c], tried);
			return 2;
		} else if (!used[c]) {
			fprintf(stderr, "insn: llvm has no model of CPU '%s' for the ISAs of these forms (%s)%s%s\n", cpus[c],
				tried, unknown[c][0] ? ": llvm-mca said: " : "", unknown[c]);
			return 2;
		}
	return 0;
}

/* Differs by more than one cycle, or by more than 25% of the measured figure. */
static bool apart(double m, double l)
{
	double d = m > l ? m - l : l - m;
	return d > 1.0 || d > 0.25 * m;
}

bool insn_llvm_differs(const struct insn_table *t, unsigned form, const struct insn_llvm *l)
{
	if (!l->has)
		return false;
	for (int c = 0; c < t->ncols; c++) {
		struct insn_cell lat = insn_cell(t, form, c, false), thr = insn_cell(t, form, c, true);
		if ((lat.has && apart(lat.v, l->lat)) || (thr.has && apart(thr.v, l->thr)))
			return true;
	}
	return false;
}
