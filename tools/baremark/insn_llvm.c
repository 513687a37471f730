/* llvm-mca's model beside the measured figures (`baremark insn --llvm
 * CPU`): Debian's llvm-mca-19 (package llvm-19), run once per ISA on every
 * shown form of it as this tool's table writes it (insn_texts[].asm_text),
 * each form in a code region of its own (`# LLVM-MCA-BEGIN f<n>`), so that
 * each Instruction Info row maps back to its form by the region's name
 * and a form llvm-mca drops leaves its region out rather than shifting
 * the others. Nothing from a log reaches its command line or its input:
 * the CPU name is the user's, checked; the text is the table's. */
#include "insn_grid.h"

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
	/* the vector forms (issue 43): RVV 1.0 and its crypto extensions */
	{"v", "+v"}, {"zvbb", "+v,+zvbb"}, {"zvbc", "+v,+zvbc"}, {"zvkb", "+v,+zvkb"}, {"zvkned", "+v,+zvkned"},
	{"zvknha", "+v,+zvknha"}, {"zvknhb", "+v,+zvknhb"}, {"zvksed", "+v,+zvksed"}, {"zvksh", "+v,+zvksh"},
	{"zvkg", "+v,+zvkg"},
	{NULL, NULL},
};
static const char *const a64_feat[][2] = {
	{"lse", "+lse"}, {"crc", "+crc"}, {"fp16", "+fullfp16"}, {"cssc", "+cssc"}, {"rcpc", "+rcpc"},
	/* Advanced SIMD and the crypto forms (issue 43): LLVM's +sha3 holds
	 * SHA512 too, +sm4 SM3 too, +aes PMULL */
	{"neon", "+neon"}, {"aes", "+aes"}, {"pmull", "+aes"}, {"sha1", "+sha2"}, {"sha2", "+sha2"}, {"sha3", "+sha3"},
	{"sha512", "+sha3"}, {"sm3", "+sm4"}, {"sm4", "+sm4"}, {NULL, NULL},
};
static const char *const x86_feat[][2] = {
	{"bmi1", "+bmi"}, {"bmi", "+bmi"},   {"bmi2", "+bmi2"}, {"adx", "+adx"},	 {"popcnt", "+popcnt"},
	{"lzcnt", "+lzcnt"}, {"avx", "+avx"}, {"avx2", "+avx2"}, {"fma", "+fma"},	 {"f16c", "+f16c"},
	{"movbe", "+movbe"}, {"sse41", "+sse4.1"}, {"sse42", "+sse4.2"},
	/* the SIMD and crypto forms (issue 43) */
	{"sse3", "+sse3"}, {"ssse3", "+ssse3"}, {"aes", "+aes"}, {"pclmul", "+pclmul"}, {"sha", "+sha"},
	{"gfni", "+gfni"}, {"vaes", "+avx,+vaes"}, {"vpclmulqdq", "+avx,+vpclmulqdq"}, {"avx512f", "+avx512f"},
	{"avx512bw", "+avx512f,+avx512bw"}, {"avx512cd", "+avx512f,+avx512cd"}, {"avx512dq", "+avx512f,+avx512dq"},
	{"avx512vl", "+avx512f,+avx512vl"}, {"avx512ifma", "+avx512f,+avx512ifma"},
	{"avx512vbmi", "+avx512f,+avx512vbmi"}, {"avx512vnni", "+avx512f,+avx512vnni"},
	{"avx512vpopcntdq", "+avx512f,+avx512vpopcntdq"}, {"vaes512", "+avx512f,+vaes"},
	{"vpclmul512", "+avx512f,+vpclmulqdq"}, {NULL, NULL},
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
	/* the vector regions (rv64): form vform[k] of vt at cell vcell[k] */
	const struct vg_table *vt;
	int *vform, *vcell;
	unsigned nv;
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
	/* a vector form at a cell: its vtype set by a vsetvli line written
	 * here from the cell (llvm-mca's RISC-V model reads SEW and LMUL off
	 * it), the form's text on line 3n + 4k + 3 */
	for (unsigned k = 0; k < b->nv; k++) {
		int c = b->vcell[k];
		char text[256];
		if (!vg_cell_text(text, sizeof(text), insn_texts[b->vt->forms[b->vform[k]].text].asm_text, c))
			abort(); /* the table's own texts are short: a generator bug */
		fprintf(s, "# LLVM-MCA-BEGIN v%u\nvsetvli zero, zero, e%d, %s, ta, ma\n%s\n# LLVM-MCA-END v%u\n", k,
			vg_cell_sew(c), vg_cell_lmul(c), text, k);
	}
	fclose(s);
	return buf;
}

/* Reads the Instruction Info row of each region of out: Latency and
 * RThroughput of the region's one instruction. */
static void read_rows(const struct batch *b, const char *out, struct insn_llvm *l, struct vg_llvm *vl)
{
	long region = -1;
	bool header = false, vector = false;
	int row = 0;
	for (const char *p = out; p && *p;) {
		size_t n = strcspn(p, "\n");
		char line[512];
		snprintf(line, sizeof(line), "%.*s", (int)(n < sizeof(line) - 1 ? n : sizeof(line) - 1), p);
		unsigned idx, k;
		int uops;
		double lat, thr;
		if (sscanf(line, "[%u] Code Region - f%u", &idx, &k) == 2) {
			region = k < b->n ? (long)k : -1;
			header = vector = false;
		} else if (sscanf(line, "[%u] Code Region - v%u", &idx, &k) == 2) {
			region = k < b->nv ? (long)k : -1;
			header = false;
			vector = true;
		} else if (strncmp(line, "[1]", 3) == 0 && strstr(line, "Instructions:")) {
			header = true;
			row = 0;
		} else if (header && vector && region >= 0 && sscanf(line, "%d %lf %lf", &uops, &lat, &thr) == 3) {
			/* row 0 the vsetvli, row 1 the form (absent where llvm-mca dropped it) */
			if (row++ == 1 && strstr(line, "vsetvli") == NULL) {
				struct vg_llvm *x = &vl[b->vform[region]];
				int c = b->vcell[region];
				x->has[c] = lat >= 0 && thr >= 0;
				x->lat[c] = lat;
				x->thr[c] = thr;
				header = false;
			}
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

/* Why llvm-mca gave a form no figures: its model lacks it, or it said nothing. */
static void no_figures(char *why, size_t cap, const char *err, const char *cpu)
{
	struct textbuf t;
	tb_init(&t, why, cap);
	if (err && strstr(err, "unsupported instruction"))
		tb_printf(&t, "unsupported by llvm-mca for %s: no scheduling information in its model", cpu);
	else
		tb_printf(&t, "llvm-mca for %s gave no figures for it", cpu);
}

/* What llvm-mca said of each form it gave no row: its parse error (at
 * the form's line), or that the CPU's model has nothing for it. */
static void read_rejects(const struct batch *b, const char *err, struct insn_llvm *l, struct vg_llvm *vl, const char *cpu)
{
	unsigned scalar_lines = 3 * b->n;
	for (const char *p = err; p && *p;) {
		size_t n = strcspn(p, "\n");
		unsigned line, col;
		int at = 0;
		if (sscanf(p, "<stdin>:%u:%u: error: %n", &line, &col, &at) == 2 && at && line > scalar_lines &&
		    (line - scalar_lines - 3) % 4 == 0 && (line - scalar_lines - 3) / 4 < b->nv) {
			struct vg_llvm *x = &vl[b->vform[(line - scalar_lines - 3) / 4]];
			if (!x->why[0]) {
				struct textbuf t;
				tb_init(&t, x->why, sizeof(x->why));
				tb_printf(&t, "rejected by llvm-mca for %s: %.*s", cpu, (int)(n - (size_t)at), p + at);
			}
		} else if (sscanf(p, "<stdin>:%u:%u: error: %n", &line, &col, &at) == 2 && at && line >= 2 &&
			   (line - 2) % 3 == 0 && (line - 2) / 3 < b->n) {
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
		no_figures(x->why, sizeof(x->why), err, cpu);
	}
	for (unsigned k = 0; k < b->nv; k++) {
		struct vg_llvm *x = &vl[b->vform[k]];
		bool any = false;
		for (int c = 0; c < VG_NCELLS; c++)
			any |= x->has[c];
		if (any || x->why[0])
			continue;
		no_figures(x->why, sizeof(x->why), err, cpu);
	}
}

/* One run of llvm-mca on the batch for cpu. 0: done; 1: its target does
 * not know the cpu (*unknown holds llvm-mca's line); 2: it failed, said. */
static int run_batch(const struct batch *b, const char *cpu, struct insn_llvm *l, struct vg_llvm *vl, char *unknown,
		     size_t ucap)
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
		for (unsigned k = 0; k < b->nv; k++)
			vl[b->vform[k]].cpu = cpu;
		read_rows(b, out, l, vl);
		read_rejects(b, err, l, vl, cpu);
	}
	free(out);
	free(err);
	return ret;
}

/* The vector forms' (form, cell) regions of the rv64 batch: every cell
 * any core measured, for each form with a text llvm-mca can read; the
 * others say why not in vl[form].why. False when out of memory. */
static bool vector_regions(struct batch *b, const struct vg_table *vt, struct vg_llvm *vl)
{
	size_t most = (size_t)(vt->nforms ? vt->nforms : 1) * VG_NCELLS;
	b->vt = vt;
	b->vform = malloc(most * sizeof(int));
	b->vcell = malloc(most * sizeof(int));
	if (!b->vform || !b->vcell)
		return false;
	for (int f = 0; f < vt->nforms; f++) {
		const struct vg_form *x = &vt->forms[f];
		const char *why = NULL;
		if (strcmp(x->ext, "xtheadvector") == 0)
			why = "not run: llvm-mca-19 knows no XTheadVector (0.7.1) syntax or model";
		else if (x->text < 0)
			why = "no text (this tool's table has none for the form)";
		else if (strchr(insn_texts[x->text].asm_text, '\n') || strstr(insn_texts[x->text].asm_text, "LLVM-MCA"))
			why = "not given to llvm-mca: the table's text is not one line";
		if (why) {
			snprintf(vl[f].why, sizeof(vl[f].why), "%s", why);
			continue;
		}
		bool cell[VG_NCELLS] = {false};
		for (int m = x->first; m >= 0; m = vt->meas[m].next)
			for (int c = 0; c < VG_NCELLS; c++)
				cell[c] |= vt->meas[m].cell[c].present;
		for (int c = 0; c < VG_NCELLS; c++)
			if (cell[c]) {
				b->vform[b->nv] = f;
				b->vcell[b->nv++] = c;
			}
		add_feature(b, x->ext);
	}
	return true;
}

int insn_llvm_run(const struct insn_table *t, const struct vg_table *vt, const char *const *cpus, int ncpus,
		  struct insn_llvm *out, struct vg_llvm *vout)
{
	memset(out, 0, insn_ntexts * sizeof(*out));
	memset(vout, 0, (size_t)vt->nforms * sizeof(*vout));
	bool used[8] = {false}, asked[8] = {false};
	char unknown[8][300], tried[64] = "";
	for (int c = 0; c < ncpus && c < 8; c++)
		unknown[c][0] = '\0';
	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		struct batch b = {&targets[i], malloc((insn_ntexts ? insn_ntexts : 1) * sizeof(unsigned)), 0, "", NULL, NULL, NULL, 0};
		bool rv64 = strcmp(b.tg->isa, "rv64") == 0;
		if (!b.form || (rv64 && !vector_regions(&b, vt, vout))) {
			free(b.form);
			free(b.vform);
			free(b.vcell);
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
		bool any = b.n || b.nv || (rv64 && vt->nforms);
		if (any)
			snprintf(tried + strlen(tried), sizeof(tried) - strlen(tried), "%s%s", tried[0] ? ", " : "",
				 b.tg->triple);
		for (int c = 0; c < ncpus && c < 8 && any && st == 1; c++) {
			/* vector forms with no text still claim the CPU: nothing to run */
			st = b.n || b.nv ? run_batch(&b, cpus[c], out, vout, unknown[c], sizeof(unknown[c])) : 0;
			used[c] |= st == 0;
			asked[c] = true;
		}
		free(b.form);
		free(b.vform);
		free(b.vcell);
		if (st == 2)
			return 2;
		for (unsigned f = 0; f < insn_ntexts && st == 1; f++)
			if (t->shown[f] && strcmp(insn_texts[f].isa, targets[i].isa) == 0 && !out[f].why[0])
				snprintf(out[f].why, sizeof(out[f].why), "no --llvm CPU given is one of llvm's %s models",
					 targets[i].triple);
		for (int f = 0; f < vt->nforms && st == 1 && rv64; f++)
			if (!vout[f].why[0])
				snprintf(vout[f].why, sizeof(vout[f].why), "no --llvm CPU given is one of llvm's riscv64 models");
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
bool insn_apart(double m, double l)
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
		if ((lat.has && insn_apart(lat.v, l->lat)) || (thr.has && insn_apart(thr.v, l->thr)))
			return true;
	}
	return false;
}
