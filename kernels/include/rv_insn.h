/* Instruction words binutils 2.40 cannot assemble: the RISC-V vector
 * crypto extensions (Zvkned, Zvknha/b, Zvkg, Zvksed, Zvksh, Zvkb, Zvbc)
 * and T-Head's XTheadVector (RVV 0.7.1) forms whose encoding differs from
 * RVV 1.0; and the cache-block flushes (Zicbom, XTheadCmo), written as
 * words too so that no build depends on the assembler's extension list.
 * Every macro is an integer expression, usable in C and, through
 * the C preprocessor, in .S files as `.word BM_VAESEM_VS(16, 1)`.
 * Register arguments are numbers (v16 is 16, a0 is 10).
 *
 * Field layouts and values come from:
 *   [VK]  RISC-V Cryptography Extensions Volume II: Vector Instructions,
 *         v1.0.0, chapter 3 (instruction pages, "Encoding" diagrams);
 *   [V07] RISC-V "V" Vector Extension v0.7.1, section 6.2 (vtype) and
 *         section 7 (vector loads and stores), as T-Head's XTheadVector
 *         specification renames them (th.vsetvli, th.vle.v, ...);
 *   [CMO] RISC-V Base Cache Management Operation ISA Extensions 1.0
 *         (Zicbom: cbo.* in MISC-MEM, funct3 010, the operation in imm);
 *   [THX] T-Head's thead-extension-spec, XTheadCmo and XTheadSync
 *         (custom-0 opcode 0x0b, funct3 000).
 * tests/host/test_rv_insn.c checks each against instruction words the
 * LLVM and binutils assembler test suites list for them. */
#ifndef BM_RV_INSN_H
#define BM_RV_INSN_H

#ifdef __ASSEMBLER__
#define BM_RV_U(x) (x)
#else
#include <stdint.h>
#define BM_RV_U(x) ((uint32_t)(x))
#endif

#define BM_RV_OP_V 0x57  /* OP-V major opcode */
#define BM_RV_OP_VE 0x77 /* OP-VE: the vector crypto instructions [VK] */
#define BM_RV_OPMVV 2    /* funct3 of the .vv / .vs / .vi crypto forms [VK] */

/* The OP-V / OP-VE register layout: funct6 | vm | vs2 | vs1/uimm | funct3 | vd | opcode. */
#define BM_RV_VTYPE(funct6, vm, vs2, vs1, funct3, vd, opcode)                                        \
	(BM_RV_U(funct6) << 26 | BM_RV_U(vm) << 25 | BM_RV_U(vs2) << 20 | BM_RV_U(vs1) << 15 |         \
	 BM_RV_U(funct3) << 12 | BM_RV_U(vd) << 7 | BM_RV_U(opcode))
/* An unmasked crypto instruction (vm = 1: every crypto instruction is). */
#define BM_RV_VK(funct6, vs2, vs1, vd) BM_RV_VTYPE(funct6, 1, vs2, vs1, BM_RV_OPMVV, vd, BM_RV_OP_VE)

/* Zvkned [VK 3.x vaes*]: funct6 101000 (.vv) / 101001 (.vs, round key
 * from element group 0 of vs2); vs1 selects the operation. */
#define BM_VAESDM_VV(vd, vs2) BM_RV_VK(0x28, vs2, 0x00, vd)
#define BM_VAESDF_VV(vd, vs2) BM_RV_VK(0x28, vs2, 0x01, vd)
#define BM_VAESEM_VV(vd, vs2) BM_RV_VK(0x28, vs2, 0x02, vd)
#define BM_VAESEF_VV(vd, vs2) BM_RV_VK(0x28, vs2, 0x03, vd)
#define BM_VAESDM_VS(vd, vs2) BM_RV_VK(0x29, vs2, 0x00, vd)
#define BM_VAESDF_VS(vd, vs2) BM_RV_VK(0x29, vs2, 0x01, vd)
#define BM_VAESEM_VS(vd, vs2) BM_RV_VK(0x29, vs2, 0x02, vd)
#define BM_VAESEF_VS(vd, vs2) BM_RV_VK(0x29, vs2, 0x03, vd)
#define BM_VAESZ_VS(vd, vs2) BM_RV_VK(0x29, vs2, 0x07, vd)
#define BM_VAESKF1_VI(vd, vs2, rnd) BM_RV_VK(0x22, vs2, rnd, vd)
#define BM_VAESKF2_VI(vd, vs2, rnd) BM_RV_VK(0x2a, vs2, rnd, vd)

/* Zvknha / Zvknhb [VK vsha2*]: SEW=32 is SHA-256, SEW=64 SHA-512. */
#define BM_VSHA2MS_VV(vd, vs2, vs1) BM_RV_VK(0x2d, vs2, vs1, vd)
#define BM_VSHA2CH_VV(vd, vs2, vs1) BM_RV_VK(0x2e, vs2, vs1, vd)
#define BM_VSHA2CL_VV(vd, vs2, vs1) BM_RV_VK(0x2f, vs2, vs1, vd)

/* Zvkg [VK vghsh, vgmul]. */
#define BM_VGHSH_VV(vd, vs2, vs1) BM_RV_VK(0x2c, vs2, vs1, vd)
#define BM_VGMUL_VV(vd, vs2) BM_RV_VK(0x28, vs2, 0x11, vd)

/* Zvksed [VK vsm4k, vsm4r]. */
#define BM_VSM4K_VI(vd, vs2, rnd) BM_RV_VK(0x21, vs2, rnd, vd)
#define BM_VSM4R_VV(vd, vs2) BM_RV_VK(0x28, vs2, 0x10, vd)
#define BM_VSM4R_VS(vd, vs2) BM_RV_VK(0x29, vs2, 0x10, vd)

/* Zvksh [VK vsm3me, vsm3c]. */
#define BM_VSM3ME_VV(vd, vs2, vs1) BM_RV_VK(0x20, vs2, vs1, vd)
#define BM_VSM3C_VI(vd, vs2, rnd) BM_RV_VK(0x2b, vs2, rnd, vd)

/* Zvkb [VK vrev8]: byte reverse in each element, in OP-V (OPMVV, vs1 = 01001). */
#define BM_VREV8_V(vd, vs2) BM_RV_VTYPE(0x12, 1, vs2, 0x09, BM_RV_OPMVV, vd, BM_RV_OP_V)

/* Zvbc [VK vclmul, vclmulh]: 64 x 64 carry-less products, OPMVV in OP-V. */
#define BM_VCLMUL_VV(vd, vs2, vs1) BM_RV_VTYPE(0x0c, 1, vs2, vs1, BM_RV_OPMVV, vd, BM_RV_OP_V)
#define BM_VCLMULH_VV(vd, vs2, vs1) BM_RV_VTYPE(0x0d, 1, vs2, vs1, BM_RV_OPMVV, vd, BM_RV_OP_V)

/* XTheadVector (RVV 0.7.1) [V07 6.2]: vsetvli carries vtype in bits 30:20
 * with vlmul in bits 1:0 and vsew in bits 4:2 (RVV 1.0 moved vsew to 5:3
 * and added vta/vma), so a 1.0 assembler's vsetvli is wrong on the C906.
 * sew_log2: 0 = e8 .. 3 = e64; lmul_log2: 0 = m1 .. 3 = m8. */
#define BM_TH_VTYPE(sew_log2, lmul_log2) (BM_RV_U(sew_log2) << 2 | BM_RV_U(lmul_log2))
#define BM_TH_VSETVLI(rd, rs1, vtype) (BM_RV_U(vtype) << 20 | BM_RV_U(rs1) << 15 | BM_RV_U(7) << 12 | BM_RV_U(rd) << 7 | 0x57)
/* [V07 7]: unit-stride SEW-wide load/store (mop 000, width 111, vm = 1);
 * strided (mop 010, rs2 = stride) and indexed (mop 011, vs2 = offsets). */
#define BM_TH_VLE_V(vd, rs1) (BM_RV_U(1) << 25 | BM_RV_U(rs1) << 15 | BM_RV_U(7) << 12 | BM_RV_U(vd) << 7 | 0x07)
#define BM_TH_VSE_V(vs3, rs1) (BM_RV_U(1) << 25 | BM_RV_U(rs1) << 15 | BM_RV_U(7) << 12 | BM_RV_U(vs3) << 7 | 0x27)
#define BM_TH_VLSE_V(vd, rs1, rs2) (BM_RV_U(2) << 26 | BM_RV_U(1) << 25 | BM_RV_U(rs2) << 20 | BM_RV_U(rs1) << 15 | BM_RV_U(7) << 12 | BM_RV_U(vd) << 7 | 0x07)
#define BM_TH_VLXE_V(vd, rs1, vs2) (BM_RV_U(3) << 26 | BM_RV_U(1) << 25 | BM_RV_U(vs2) << 20 | BM_RV_U(rs1) << 15 | BM_RV_U(7) << 12 | BM_RV_U(vd) << 7 | 0x07)
/* sstatus.VS for XTheadVector sits in bits 24:23 (T-Head C906 manual),
 * not RVV 1.0's bits 10:9. */
#define BM_TH_SSTATUS_VS 0x01800000

/* [CMO] cbo.flush (rs1): imm 0x002 | rs1 | 010 | 00000 | MISC-MEM 0x0f. */
#define BM_CBO_FLUSH(rs1) (BM_RV_U(2) << 20 | BM_RV_U(rs1) << 15 | BM_RV_U(2) << 12 | 0x0f)
/* [THX] th.dcache.civa rs1: funct7 0000001, rs2 field 00111; th.sync.s:
 * funct7 0000000, rs2 field 11001, no operands. */
#define BM_TH_DCACHE_CIVA(rs1) (BM_RV_U(1) << 25 | BM_RV_U(7) << 20 | BM_RV_U(rs1) << 15 | 0x0b)
#define BM_TH_SYNC_S (BM_RV_U(0x19) << 20 | 0x0b)
#endif
