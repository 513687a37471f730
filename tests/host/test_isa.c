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
}
