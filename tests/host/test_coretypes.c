/* Core types on the boards' own device trees, with the identity values
 * each core reports on hardware taken from the project's platform facts
 * (shared/platforms.md, with its sources; no
 * board here): RK3576 Cortex-A53 (MIDR 0x410fd034) at MPIDR 0x000-0x003
 * and Cortex-A72 (0x410fd083) at 0x100-0x103; K3 X100 harts 0-7 (marchid
 * 0x8000000058000002, VLEN 256) and A100 harts 8-15 (marchid
 * 0x8000000041000002, VLEN 1024), which mainline k3.dtsi does not list. */
#include <stdlib.h>

#include "board.h"
#include "check.h"
#include "isa.h"
#include "coretypes.h"

void test_coretypes(const char *trees)
{
	struct bm_board b;
	struct core_ident id[BM_MAX_CPUS];
	int type[BM_MAX_CPUS];
	char label[80];

	CHECK(load_board(trees, "rk3576-armsom-sige5.dtb", &b) == 0, "rk3576 tree");
	CHECK_EQ_U(b.ncpus, 8);
	for (int i = 0; i < b.ncpus; i++) {
		memset(&id[i], 0, sizeof(id[i]));
		id[i].arm = true;
		id[i].hwid = b.cpus[i].hartid;
		id[i].midr = b.cpus[i].hartid >= 0x100 ? 0x410fd083 : 0x410fd034;
	}
	CHECK_EQ_U(coretypes_group(id, b.ncpus, type), 2);
	for (int i = 0; i < b.ncpus; i++)
		CHECK_EQ_U(type[i], b.cpus[i].hartid >= 0x100 ? 1 : 0);
	coretype_label(&id[0], label, sizeof(label));
	CHECK_EQ_S(label, "Cortex-A53 (MIDR 0x410fd034)");
	coretype_label(&id[7], label, sizeof(label));
	CHECK_EQ_S(label, "Cortex-A72 (MIDR 0x410fd083)");

	CHECK(load_board(trees, "k3-pico-itx.dtb", &b) == 0, "k3 tree");
	CHECK_EQ_U(b.ncpus, 8); /* harts 0-7 only */
	/* The X100's vector crypto, as the kernels will look it up. */
	static const char *const vk[] = {"v", "zvkned", "zvknha", "zvknhb", "zvkg", "zvksed", "zvksh", "zvkb", "zvbc"};
	for (size_t k = 0; k < sizeof(vk) / sizeof(vk[0]); k++)
		CHECK(isa_has_ext(b.cpus[0].isa, vk[k]), "k3 hart 0 lists %s", vk[k]);
	CHECK(!isa_has_ext(b.cpus[0].isa, "xtheadvector"), "k3: no xtheadvector");
	int n = 0;
	for (int i = 0; i < b.ncpus; i++, n++) {
		memset(&id[n], 0, sizeof(id[n]));
		id[n].hwid = b.cpus[i].hartid;
		memcpy(id[n].compatible, b.cpus[i].compatible, sizeof(id[n].compatible));
		id[n].marchid = 0x8000000058000002ull;
		id[n].vlenb = 32;
	}
	for (int h = 8; h < 16; h++, n++) {
		memset(&id[n], 0, sizeof(id[n]));
		id[n].hwid = (uint64_t)h;
		snprintf(id[n].compatible, sizeof(id[n].compatible), "spacemit,a100");
		id[n].marchid = 0x8000000041000002ull;
		id[n].vlenb = 128;
	}
	CHECK_EQ_U(coretypes_group(id, n, type), 2);
	for (int i = 0; i < n; i++)
		CHECK_EQ_U(type[i], id[i].hwid >= 8 ? 1 : 0);
	coretype_label(&id[0], label, sizeof(label));
	CHECK_EQ_S(label, "spacemit,x100 marchid 0x8000000058000002 VLEN 256");
	coretype_label(&id[8], label, sizeof(label));
	CHECK_EQ_S(label, "spacemit,a100 marchid 0x8000000041000002 VLEN 1024");
	/* Same marchid, different VLEN: two types (vlenb is read per hart). */
	id[1].vlenb = 64;
	CHECK_EQ_U(coretypes_group(id, n, type), 3);
}
