/* The instruction-word macros of kernels/include/rv_insn.h against the
 * words assemblers that know these extensions produce, as their test
 * suites list them: LLVM's llvm/test/MC/RISCV/rvv/{zvkned,zvknh,zvkg,
 * zvksed,zvksh,zvkb,zvbc}.s (CHECK-ENCODING lines, little-endian bytes
 * read as one word) and binutils' gas/testsuite/gas/riscv/
 * x-thead-vector.d. Each word is written out here, not computed. */
#include <stdint.h>

#include "check.h"
#include "rv_insn.h"

#define REG_A0 10
#define REG_A1 11
#define REG_A2 12

struct want {
	const char *text;
	uint32_t got, word;
};

void test_rv_insn(void)
{
	const struct want w[] = {
		/* Zvkned */
		{"vaesdf.vv v10, v9", BM_VAESDF_VV(10, 9), 0xa290a577},
		{"vaesdf.vs v10, v9", BM_VAESDF_VS(10, 9), 0xa690a577},
		{"vaesef.vv v10, v9", BM_VAESEF_VV(10, 9), 0xa291a577},
		{"vaesef.vs v10, v9", BM_VAESEF_VS(10, 9), 0xa691a577},
		{"vaesdm.vv v10, v9", BM_VAESDM_VV(10, 9), 0xa2902577},
		{"vaesdm.vs v10, v9", BM_VAESDM_VS(10, 9), 0xa6902577},
		{"vaesem.vv v10, v9", BM_VAESEM_VV(10, 9), 0xa2912577},
		{"vaesem.vs v10, v9", BM_VAESEM_VS(10, 9), 0xa6912577},
		{"vaeskf1.vi v10, v9, 1", BM_VAESKF1_VI(10, 9, 1), 0x8a90a577},
		{"vaeskf1.vi v10, v9, 31", BM_VAESKF1_VI(10, 9, 31), 0x8a9fa577},
		{"vaeskf2.vi v10, v9, 2", BM_VAESKF2_VI(10, 9, 2), 0xaa912577},
		{"vaeskf2.vi v10, v9, 31", BM_VAESKF2_VI(10, 9, 31), 0xaa9fa577},
		{"vaesz.vs v10, v9", BM_VAESZ_VS(10, 9), 0xa693a577},
		/* Zvknha / Zvknhb */
		{"vsha2ms.vv v10, v9, v8", BM_VSHA2MS_VV(10, 9, 8), 0xb6942577},
		{"vsha2ch.vv v10, v9, v8", BM_VSHA2CH_VV(10, 9, 8), 0xba942577},
		{"vsha2cl.vv v10, v9, v8", BM_VSHA2CL_VV(10, 9, 8), 0xbe942577},
		/* Zvkg */
		{"vghsh.vv v10, v9, v8", BM_VGHSH_VV(10, 9, 8), 0xb2942577},
		{"vgmul.vv v10, v9", BM_VGMUL_VV(10, 9), 0xa298a577},
		/* Zvksed */
		{"vsm4k.vi v10, v9, 7", BM_VSM4K_VI(10, 9, 7), 0x8693a577},
		{"vsm4k.vi v10, v9, 31", BM_VSM4K_VI(10, 9, 31), 0x869fa577},
		{"vsm4r.vv v10, v9", BM_VSM4R_VV(10, 9), 0xa2982577},
		{"vsm4r.vs v10, v9", BM_VSM4R_VS(10, 9), 0xa6982577},
		/* Zvksh */
		{"vsm3c.vi v10, v9, 7", BM_VSM3C_VI(10, 9, 7), 0xae93a577},
		{"vsm3me.vv v10, v9, v8", BM_VSM3ME_VV(10, 9, 8), 0x82942577},
		/* Zvkb: the listed form is masked (v0.t clears bit 25) */
		{"vrev8.v v10, v9, v0.t", BM_VREV8_V(10, 9) & ~(UINT32_C(1) << 25), 0x4894a557},
		/* Zvbc */
		{"vclmul.vv v10, v9, v8", BM_VCLMUL_VV(10, 9, 8), 0x32942557},
		{"vclmulh.vv v10, v9, v8", BM_VCLMULH_VV(10, 9, 8), 0x36942557},
		/* XTheadVector */
		{"th.vsetvli a0, a1, e8, m1", BM_TH_VSETVLI(REG_A0, REG_A1, BM_TH_VTYPE(0, 0)), 0x0005f557},
		{"th.vsetvli a0, a1, 2047", BM_TH_VSETVLI(REG_A0, REG_A1, 2047), 0x7ff5f557},
		{"th.vle.v v4, (a0)", BM_TH_VLE_V(4, REG_A0), 0x02057207},
		{"th.vse.v v4, (a0)", BM_TH_VSE_V(4, REG_A0), 0x02057227},
		{"th.vlse.v v4, (a0), a1", BM_TH_VLSE_V(4, REG_A0, REG_A1), 0x0ab57207},
		{"th.vlxe.v v4, (a0), v12", BM_TH_VLXE_V(4, REG_A0, 12), 0x0ec57207},
		/* Zicbom, XTheadCmo, XTheadSync (t0 is x5, a4 is x14) */
		{"cbo.flush (t0)", BM_CBO_FLUSH(5), 0x0022a00f},
		{"th.dcache.civa a4", BM_TH_DCACHE_CIVA(14), 0x0277000b},
		{"th.sync.s", BM_TH_SYNC_S, 0x0190000b},
	};
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		CHECK(w[i].got == w[i].word, "%s: encoded 0x%08x, listed 0x%08x", w[i].text, w[i].got, w[i].word);
	/* The 0.7.1 vtype differs from 1.0's: e32,m2 is 0b01001 there, 0b010001 in 1.0. */
	CHECK(BM_TH_VTYPE(2, 1) == 0x9, "th vtype e32,m2 = 0x%x", BM_TH_VTYPE(2, 1));
}
