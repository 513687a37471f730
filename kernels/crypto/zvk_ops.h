/* The vector instructions the Zvk backend (backend_riscv64.c) issues, one
 * macro each. In the image every macro is one instruction in an asm
 * statement (RVV 1.0 through binutils' `.option arch, +v`; the crypto
 * instructions as words from rv_insn.h). Register operands are literal
 * numbers. The code around them is rv64gc C, in which GCC 12 never uses a
 * vector register, so values stay in the v registers from one statement
 * to the next.
 *
 * Built with CR_ZVK_EMULATE (the host tests), each macro calls the
 * instruction model in tests/crypto/zvk_emu.c instead, so that the
 * backend's instruction sequence itself is checked against known answers
 * and OpenSSL where no hardware runs it. */
#ifndef BM_ZVK_OPS_H
#define BM_ZVK_OPS_H
#include <stddef.h>
#include <stdint.h>

#include "rv_insn.h"

#define ZV_SEW_e8 8
#define ZV_SEW_e32 32
#define ZV_SEW_e64 64
#define ZV_LMUL_m1 1
#define ZV_LMUL_m2 2
#define ZV_LMUL_m4 4
#define ZV_LMUL_m8 8

#ifdef CR_ZVK_EMULATE
#include "zvk_emu.h"
#define ZV_VSETVLI(avl, e, m) zemu_vsetvli((avl), ZV_SEW_##e, ZV_LMUL_##m)
#define ZV_VLE(eew, vd, p) zemu_vle(eew, vd, (p))
#define ZV_VSE(eew, vs, p) zemu_vse(eew, vs, (p))
#define ZV_VXOR_VV(vd, vs2, vs1) zemu_vxor_vv(vd, vs2, vs1)
#define ZV_VXOR_VI(vd, vs2, imm) zemu_vxor_vi(vd, vs2, imm)
#define ZV_VADD_VV(vd, vs2, vs1) zemu_vadd_vv(vd, vs2, vs1)
#define ZV_VADD_VX(vd, vs2, x) zemu_vadd_vx(vd, vs2, (x))
#define ZV_VAND_VI(vd, vs2, imm) zemu_vand_vi(vd, vs2, imm)
#define ZV_VSRL_VI(vd, vs2, sh) zemu_vsrl_vi(vd, vs2, sh)
#define ZV_VMSEQ_VI(vd, vs2, imm) zemu_vmseq_vi(vd, vs2, imm)
#define ZV_VMERGE_VVM(vd, vs2, vs1) zemu_vmerge_vvm(vd, vs2, vs1)
#define ZV_VMERGE_VXM(vd, vs2, x) zemu_vmerge_vxm(vd, vs2, (x))
#define ZV_VMV_VV(vd, vs) zemu_vmv_vv(vd, vs)
#define ZV_VMV_VX(vd, x) zemu_vmv_vx(vd, (x))
#define ZV_VID(vd) zemu_vid(vd)
#define ZV_VRGATHER_VV(vd, vs2, vs1) zemu_vrgather_vv(vd, vs2, vs1)
#define ZV_VSLIDEDOWN_VX(vd, vs2, x) zemu_vslidedown_vx(vd, vs2, (x))
#define ZV_VSETVLI_TU(avl, e, m) zemu_vsetvli_tu((avl), ZV_SEW_##e, ZV_LMUL_##m)
#define ZV_WORD(w) zemu_word(w)
#else
#define ZV_S2(x) #x
#define ZV_S(x) ZV_S2(x)
#define ZV_ASM(text, ...) __asm__ volatile(".option push\n.option arch, +v\n" text "\n.option pop" __VA_ARGS__)
#define ZV_VSETVLI(avl, e, m)                                                                              \
	({                                                                                                 \
		size_t vl_;                                                                                \
		ZV_ASM("vsetvli %0, %1, " #e ", " #m ", ta, ma", : "=r"(vl_) : "r"((size_t)(avl)) : "memory"); \
		vl_;                                                                                       \
	})
#define ZV_VLE(eew, vd, p) ZV_ASM("vle" #eew ".v v" ZV_S(vd) ", (%0)", : : "r"(p) : "memory")
#define ZV_VSE(eew, vs, p) ZV_ASM("vse" #eew ".v v" ZV_S(vs) ", (%0)", : : "r"(p) : "memory")
#define ZV_VV(op, vd, vs2, vs1) ZV_ASM(op " v" ZV_S(vd) ", v" ZV_S(vs2) ", v" ZV_S(vs1), : : : "memory")
#define ZV_VI(op, vd, vs2, imm) ZV_ASM(op " v" ZV_S(vd) ", v" ZV_S(vs2) ", " ZV_S(imm), : : : "memory")
#define ZV_VXOR_VV(vd, vs2, vs1) ZV_VV("vxor.vv", vd, vs2, vs1)
#define ZV_VXOR_VI(vd, vs2, imm) ZV_VI("vxor.vi", vd, vs2, imm)
#define ZV_VADD_VV(vd, vs2, vs1) ZV_VV("vadd.vv", vd, vs2, vs1)
#define ZV_VADD_VX(vd, vs2, x) ZV_ASM("vadd.vx v" ZV_S(vd) ", v" ZV_S(vs2) ", %0", : : "r"((uint64_t)(x)) : "memory")
#define ZV_VAND_VI(vd, vs2, imm) ZV_VI("vand.vi", vd, vs2, imm)
#define ZV_VSRL_VI(vd, vs2, sh) ZV_VI("vsrl.vi", vd, vs2, sh)
#define ZV_VMSEQ_VI(vd, vs2, imm) ZV_VI("vmseq.vi", vd, vs2, imm)
#define ZV_VMERGE_VVM(vd, vs2, vs1) ZV_ASM("vmerge.vvm v" ZV_S(vd) ", v" ZV_S(vs2) ", v" ZV_S(vs1) ", v0", : : : "memory")
#define ZV_VMERGE_VXM(vd, vs2, x) ZV_ASM("vmerge.vxm v" ZV_S(vd) ", v" ZV_S(vs2) ", %0, v0", : : "r"((uint64_t)(x)) : "memory")
#define ZV_VMV_VV(vd, vs) ZV_ASM("vmv.v.v v" ZV_S(vd) ", v" ZV_S(vs), : : : "memory")
#define ZV_VMV_VX(vd, x) ZV_ASM("vmv.v.x v" ZV_S(vd) ", %0", : : "r"((uint64_t)(x)) : "memory")
#define ZV_VID(vd) ZV_ASM("vid.v v" ZV_S(vd), : : : "memory")
#define ZV_VRGATHER_VV(vd, vs2, vs1) ZV_VV("vrgather.vv", vd, vs2, vs1)
#define ZV_VSLIDEDOWN_VX(vd, vs2, x) \
	ZV_ASM("vslidedown.vx v" ZV_S(vd) ", v" ZV_S(vs2) ", %0", : : "r"((uint64_t)(x)) : "memory")
/* tail undisturbed: elements past vl keep their values (the default,
 * ta, lets them be overwritten with ones) */
#define ZV_VSETVLI_TU(avl, e, m)                                                                           \
	({                                                                                                 \
		size_t vl_;                                                                                \
		ZV_ASM("vsetvli %0, %1, " #e ", " #m ", tu, ma", : "=r"(vl_) : "r"((size_t)(avl)) : "memory"); \
		vl_;                                                                                       \
	})
#define ZV_WORD(w) ZV_ASM(".word %0", : : "i"(w) : "memory")
#endif
#endif
