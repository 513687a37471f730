/* Bounds of the accelerated crypto kernels from their instruction mix.
 *
 * A kernel's unit (a block, two blocks in a 256-bit register, a hash
 * block) needs `count` of each crypto instruction; on a core where
 * crypto.insn.<insn>.thr measured t cycles per instruction (throughput,
 * twelve independent chains), those alone take count x t cycles. Where
 * the unit's instructions form one dependent chain (SHA-2: each round
 * group needs the state the last one left), chain x the latency is a
 * second floor. The bound is the largest of these, per byte. It counts
 * only the crypto instructions: loads, stores, XORs and shuffles are
 * free in it, and different instructions are assumed to use separate
 * units (on Zen 5, ten AESENC and three PCLMULQDQ take 6.0 cycles
 * together, what the PCLMULQDQ alone take), so it is what no code can
 * beat, not what good code reaches. Where that assumption fails (the
 * Cortex-A72 issues every crypto µop on one pipe), a GCM kernel's mix
 * measured as a whole (crypto.insn.gcm<bits>-<impl>.thr) is a third
 * floor. The counts are those of this
 * project's kernels (kernels/crypto/backend_*.c): an AES round is one
 * AESENC (AESENCLAST counted alike) or one AESE+AESMC pair (the last
 * round's lone AESE counted as a pair); on x86 GHASH costs three
 * PCLMULQDQ a block (Karatsuba), four VPCLMULQDQ per two blocks (per
 * four on 512-bit registers), and two PCLMULQDQ each reduction (one per
 * batch: 8 blocks with AES-NI and for GHASH alone, 16 and 32 in the VAES
 * loops, where the two 128-bit multiplies are counted as wide ones: the
 * same multiplier, 2.0 cycles each at every width on Zen 5); on arm64
 * four PMULL a block, reductions by shifts (GHASH alone the same, four
 * blocks a reduction); SHA256H2 and SHA512H2 are counted as SHA256H and
 * SHA512H. */
#include "crypto_bound.h"

#include <stdio.h>
#include <string.h>

struct mix {
	const char *kernel;
	unsigned unit; /* bytes */
	struct {
		const char *insn;
		double count;
	} use[2];
	const char *chain; /* the instruction whose latency chains a unit, or NULL */
	double chain_len;
	/* GCM: crypto.insn.<mix>.thr, the unit's AES rounds and per-block
	 * multiplies issued together (kernels/crypto_insn/insn.h), a floor
	 * where the two share a pipe, which the single figures cannot show */
	const char *mix;
};

static const struct mix mixes[] = {
	{"crypto.aes128-ecb.aesni", 16, {{"aesenc", 10}}, NULL, 0, NULL},
	{"crypto.aes128-ctr.aesni", 16, {{"aesenc", 10}}, NULL, 0, NULL},
	{"crypto.aes256-ecb.aesni", 16, {{"aesenc", 14}}, NULL, 0, NULL},
	{"crypto.aes256-ctr.aesni", 16, {{"aesenc", 14}}, NULL, 0, NULL},
	{"crypto.aes128-gcm.aesni-pclmul", 16, {{"aesenc", 10}, {"pclmulqdq", 3.25}}, NULL, 0, "gcm128-aesni"},
	{"crypto.aes256-gcm.aesni-pclmul", 16, {{"aesenc", 14}, {"pclmulqdq", 3.25}}, NULL, 0, "gcm256-aesni"},
	{"crypto.aes128-ctr.vaes", 32, {{"vaesenc", 10}}, NULL, 0, NULL},
	{"crypto.aes256-ctr.vaes", 32, {{"vaesenc", 14}}, NULL, 0, NULL},
	{"crypto.aes128-ctr.vaes512", 64, {{"vaesenc512", 10}}, NULL, 0, NULL},
	{"crypto.aes256-ctr.vaes512", 64, {{"vaesenc512", 14}}, NULL, 0, NULL},
	{"crypto.aes128-gcm.vaes512-vpclmul", 64, {{"vaesenc512", 10}, {"vpclmulqdq512", 4.25}}, NULL, 0, "gcm128-vaes512"},
	{"crypto.aes256-gcm.vaes512-vpclmul", 64, {{"vaesenc512", 14}, {"vpclmulqdq512", 4.25}}, NULL, 0, "gcm256-vaes512"},
	{"crypto.aes128-gcm.vaes-vpclmul", 32, {{"vaesenc", 10}, {"vpclmulqdq", 4.25}}, NULL, 0, "gcm128-vaes"},
	{"crypto.aes256-gcm.vaes-vpclmul", 32, {{"vaesenc", 14}, {"vpclmulqdq", 4.25}}, NULL, 0, "gcm256-vaes"},
	/* 32 SHA256RNDS2 a block, each needing the state the last left */
	{"crypto.sha256.sha-ni", 64, {{"sha256rnds2", 32}}, "sha256rnds2", 32, NULL},
	{"crypto.aes128-ecb.armv8-ce", 16, {{"aese-aesmc", 10}}, NULL, 0, NULL},
	{"crypto.aes128-ctr.armv8-ce", 16, {{"aese-aesmc", 10}}, NULL, 0, NULL},
	{"crypto.aes256-ecb.armv8-ce", 16, {{"aese-aesmc", 14}}, NULL, 0, NULL},
	{"crypto.aes256-ctr.armv8-ce", 16, {{"aese-aesmc", 14}}, NULL, 0, NULL},
	{"crypto.aes128-gcm.armv8-ce", 16, {{"aese-aesmc", 10}, {"pmull", 4}}, NULL, 0, "gcm128-ce"},
	{"crypto.aes256-gcm.armv8-ce", 16, {{"aese-aesmc", 14}, {"pmull", 4}}, NULL, 0, "gcm256-ce"},
	/* 16 SHA256H + 16 SHA256H2; each H/H2 pair needs the last pair's
	 * state, the two of a pair run side by side: a chain of 16 */
	{"crypto.sha256.armv8-ce", 64, {{"sha256h", 32}}, "sha256h", 16, NULL},
	/* 40 SHA512H + 40 SHA512H2; each SHA512H needs the last one's
	 * result (through the new e..h): a chain of 40 */
	{"crypto.sha512.armv8-ce", 128, {{"sha512h", 80}}, "sha512h", 40, NULL},
	{"crypto.sm4-ctr.armv8-ce", 16, {{"sm4e", 8}}, NULL, 0, NULL},
	/* GHASH alone: x86 three multiplies a block (Karatsuba) and two a
	 * reduction, eight blocks a reduction; arm64 four a block
	 * (schoolbook), four blocks a reduction by shifts */
	{"crypto.ghash.pclmul", 16, {{"pclmulqdq", 3.25}}, NULL, 0, NULL},
	{"crypto.ghash.armv8-ce", 16, {{"pmull", 4}}, NULL, 0, NULL},
};

/* cycles per op of crypto.insn.<insn>.<kind> in column c, if it ran and
 * its verdict is ok (1); else why not, in `why`: 0, or -1 when the
 * column has no such figure at all. */
static int insn_cycles(const struct core_col *c, const char *insn, const char *kind, const struct cmp_row *rows,
		       int nrows, double *cyc, char why[128])
{
	char name[64];
	snprintf(name, sizeof(name), "crypto.insn.%s.%s", insn, kind);
	for (int i = 0; i < nrows; i++) {
		if (strcmp(rows[i].kernel, name) != 0)
			continue;
		struct cmp_cell x = compare_cell(c, &rows[i]);
		if (!x.rec || x.skipped || !x.has_cyc || x.cyc <= 0)
			break;
		if (x.verdict && strcmp(x.verdict, "ok") != 0) {
			bool said = x.verdict_why && *x.verdict_why;
			snprintf(why, 128, "%s is %s%s%s", name, x.verdict, said ? ": " : "", said ? x.verdict_why : "");
			return 0;
		}
		*cyc = x.cyc;
		return 1;
	}
	snprintf(why, 128, "no %s figure in this column", name);
	return -1;
}

struct cr_bound crypto_bound(const struct core_col *c, const char *kernel, const struct cmp_row *rows, int nrows)
{
	struct cr_bound b = {0};
	const struct mix *m = NULL;
	for (size_t i = 0; i < sizeof(mixes) / sizeof(mixes[0]); i++)
		if (strcmp(mixes[i].kernel, kernel) == 0)
			m = &mixes[i];
	if (!m) {
		snprintf(b.why, sizeof(b.why), "%s",
			 strstr(kernel, ".scalar") ? "scalar C: no instruction bound" : "no instruction mix known");
		return b;
	}
	double cycles = 0, t;
	for (int u = 0; u < 2 && m->use[u].insn; u++) {
		if (insn_cycles(c, m->use[u].insn, "thr", rows, nrows, &t, b.why) != 1)
			return b;
		if (m->use[u].count * t > cycles)
			cycles = m->use[u].count * t;
	}
	if (m->chain) {
		if (insn_cycles(c, m->chain, "lat", rows, nrows, &t, b.why) != 1)
			return b;
		if (m->chain_len * t > cycles)
			cycles = m->chain_len * t;
	}
	/* a log from before the mixes were measured has none: the single
	 * figures alone then, as they were; a mix that is not ok leaves them
	 * alone too, and the bound says so (partial) */
	if (m->mix) {
		int got = insn_cycles(c, m->mix, "thr", rows, nrows, &t, b.why);
		b.partial = got == 0;
		if (got == 1 && t > cycles)
			cycles = t;
		if (got != 0)
			b.why[0] = '\0';
	}
	b.has = true;
	b.cpb = cycles / m->unit;
	return b;
}
