/* isa_has_ext on ISA strings in the forms device trees give. */
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
}
