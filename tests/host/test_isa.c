/* isa_has_ext on ISA strings in the forms device trees give. */
#include <stdio.h>

#include "check.h"
#include "isa.h"

void test_isa(void)
{
	const char *k3 = "rv64imafdcbvh_zicsr_zifencei_zvkned_zvknha_zvknhb_zvksed_zvksh_zvkg_zvbc";
	CHECK(isa_has_ext(k3, "v"), "single letter v");
	CHECK(isa_has_ext(k3, "h"), "single letter h");
	CHECK(!isa_has_ext(k3, "q"), "no q");
	CHECK(isa_has_ext(k3, "zvkned") && isa_has_ext(k3, "zvbc") && isa_has_ext(k3, "ZVKG"), "multi-letter words");
	CHECK(!isa_has_ext(k3, "zvk"), "a prefix of a word is not the word");
	CHECK(!isa_has_ext(k3, "zvkb"), "zvkb is not listed");
	const char *d1 = "rv64imafdc";
	CHECK(!isa_has_ext(d1, "v") && isa_has_ext(d1, "c"), "D1: no v, c");
	CHECK(!isa_has_ext("rv64imafdc_zicsr", "z"), "z is not a base letter");
	CHECK(!isa_has_ext("rv64imafdc_xtheadvector", "v"), "v inside xtheadvector is not the V extension");
	CHECK(isa_has_ext("rv64imafdc_xtheadvector", "xtheadvector"), "xtheadvector");
	CHECK(isa_has_ext("rv64gczicsr_zvkned1p0", "zicsr"), "a word glued to the base letters");
	CHECK(isa_has_ext("rv64gc_zvkned1p0", "zvkned"), "version suffix");
	CHECK(!isa_has_ext("rv64gc_zvkned1p0x", "zvkned"), "not a version suffix");
	CHECK(!isa_has_ext("", "v") && !isa_has_ext("imafdc", "i"), "not an ISA string");

	/* Names that bring others, as Linux reads them: every kernel that
	 * needs zvkb, zvknha, zvkned, zvkg, zvbc, zvksed or zvksh finds it. */
	const char *both = "rv64gcv_zvbb_zvkng";
	CHECK(isa_has_ext(both, "zvkb") && !isa_names_ext(both, "zvkb"), "zvbb brings zvkb");
	CHECK(isa_has_ext(both, "zvkned") && isa_has_ext(both, "zvknhb") && isa_has_ext(both, "zvkt") &&
		      isa_has_ext(both, "zvkg"),
	      "zvkng brings zvkn's parts and zvkg");
	CHECK(isa_has_ext(both, "zvknha"), "zvknhb (through zvkn) covers zvknha's SHA-256");
	CHECK(!isa_has_ext(both, "zvbc") && !isa_has_ext(both, "zvksed"), "but not zvbc or the SM extensions");
	CHECK(isa_has_ext("rv64gcv_zvknc", "zvbc") && isa_has_ext("rv64gcv_zvknc", "zvkb"), "zvknc: zvbc and zvkn");
	CHECK(isa_has_ext("rv64gcv_zvkn", "zvkned") && !isa_has_ext("rv64gcv_zvkn", "zvkg"), "zvkn: no zvkg");
	CHECK(isa_has_ext("rv64gcv_zvks", "zvksed") && isa_has_ext("rv64gcv_zvks", "zvksh") &&
		      isa_has_ext("rv64gcv_zvks", "zvkb") && !isa_has_ext("rv64gcv_zvks", "zvkned"),
	      "zvks: the SM extensions and zvkb");
	CHECK(isa_has_ext("rv64gcv_zvksc", "zvbc") && isa_has_ext("rv64gcv_zvksg", "zvkg") &&
		      isa_has_ext("rv64gcv_zvksg", "zvksh"),
	      "zvksc, zvksg");
	CHECK(isa_has_ext("rv64gcv_zvknhb1p0", "zvknha") && !isa_has_ext("rv64gcv_zvknha", "zvknhb"),
	      "zvknhb covers zvknha, not the reverse");
	CHECK(!isa_has_ext("rv64gcv_zvkb", "zvbb"), "zvkb does not bring zvbb");

	/* The index answers as the string does, over every name above and
	 * strings of each shape (glued word, versions, case, bundles). */
	const char *strings[] = {k3, d1, "rv64imafdc_zicsr", "rv64imafdc_xtheadvector", "rv64gczicsr_zvkned1p0",
				 "rv64gc_zvkned1p0x", "", "imafdc", both, "rv64gcv_zvknc", "rv64gcv_zvksg",
				 "RV64GC_ZBA_Zbb1p0_zicond", "rv64i_", "rv64i__zba__"};
	const char *names[] = {"v", "h", "q", "c", "i", "z", "zvkned", "zvbc", "ZVKG", "zvk", "zvkb", "xtheadvector",
			       "zicsr", "zvknha", "zvknhb", "zvkt", "zvksed", "zvksh", "zba", "zbb", "zicond", "zb"};
	for (size_t a = 0; a < sizeof(strings) / sizeof(strings[0]); a++) {
		struct isa_index ix;
		isa_index_build(&ix, strings[a]);
		for (size_t b = 0; b < sizeof(names) / sizeof(names[0]); b++) {
			CHECK(isa_index_names(&ix, names[b]) == isa_names_ext(strings[a], names[b]),
			      "index names %s in \"%s\" as the string does", names[b], strings[a]);
			CHECK(isa_index_has(&ix, names[b]) == isa_has_ext(strings[a], names[b]),
			      "index has %s in \"%s\" as the string does", names[b], strings[a]);
		}
	}
	struct isa_index zi;
	isa_index_build(&zi, "RV64GC_ZBA_Zbb1p0_zicond");
	CHECK(zi.complete && zi.n == 3 && isa_index_names(&zi, "zbb") && isa_index_names(&zi, "ZICOND") &&
		      !isa_index_names(&zi, "zb"),
	      "three words, found in any case, a prefix not");
	/* more words than the index holds: read from the string, the same */
	static char many[ISA_INDEX_WORDS * 8 + 64];
	size_t m = (size_t)snprintf(many, sizeof(many), "rv64gc");
	for (int w = 0; w <= ISA_INDEX_WORDS; w++) /* "zqaa", "zqab", ...: no digits, which read as a version */
		m += (size_t)snprintf(many + m, sizeof(many) - m, "_zq%c%c", 'a' + w / 26, 'a' + w % 26);
	m += (size_t)snprintf(many + m, sizeof(many) - m, "_zlast");
	struct isa_index big;
	isa_index_build(&big, many);
	CHECK(!big.complete && isa_index_names(&big, "zlast") && isa_index_names(&big, "zqaa") &&
		      !isa_index_names(&big, "zq"),
	      "an index too small for the string reads the string");
}
