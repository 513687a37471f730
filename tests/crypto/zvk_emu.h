/* A model of the RVV 1.0 subset and the vector crypto instructions the
 * Zvk backend (kernels/crypto/backend_riscv64.c) uses, so that the host
 * tests can run that backend's exact instruction sequence: QEMU 7.2 has
 * no Zvk*, and no board is here. The crypto instructions arrive as the
 * 32-bit words rv_insn.h builds and are decoded here, so the encoder is
 * exercised too. Semantics follow the RISC-V Vector Cryptography
 * specification's instruction pages (their operation pseudo-code) and the
 * RVV 1.0 specification, written here from those texts. */
#ifndef BM_ZVK_EMU_H
#define BM_ZVK_EMU_H
#include <stddef.h>
#include <stdint.h>

/* A fresh register file with VLEN = 8 x vlenb bits (vlenb 16..512). */
void zemu_reset(unsigned vlenb);
/* Instructions the model met that it does not implement (a test fails). */
unsigned long zemu_unknown(void);
/* Vector instructions the model ran since zemu_reset (the scalar code
 * around them runs natively and is not counted). */
unsigned long zemu_executed(void);

size_t zemu_vsetvli(size_t avl, unsigned sew, unsigned lmul);    /* ta: tails filled with ones */
size_t zemu_vsetvli_tu(size_t avl, unsigned sew, unsigned lmul); /* tu: tails kept */
void zemu_vle(unsigned eew, unsigned vd, const void *p);
void zemu_vse(unsigned eew, unsigned vs, void *p);
void zemu_vxor_vv(unsigned vd, unsigned vs2, unsigned vs1);
void zemu_vxor_vi(unsigned vd, unsigned vs2, int64_t imm);
void zemu_vadd_vv(unsigned vd, unsigned vs2, unsigned vs1);
void zemu_vadd_vx(unsigned vd, unsigned vs2, uint64_t x);
void zemu_vand_vi(unsigned vd, unsigned vs2, int64_t imm);
void zemu_vsrl_vi(unsigned vd, unsigned vs2, unsigned sh);
void zemu_vmseq_vi(unsigned vd, unsigned vs2, int64_t imm);
void zemu_vmerge_vvm(unsigned vd, unsigned vs2, unsigned vs1);
void zemu_vmerge_vxm(unsigned vd, unsigned vs2, uint64_t x);
void zemu_vmv_vv(unsigned vd, unsigned vs);
void zemu_vmv_vx(unsigned vd, uint64_t x);
void zemu_vid(unsigned vd);
void zemu_vrgather_vv(unsigned vd, unsigned vs2, unsigned vs1);
void zemu_vslidedown_vx(unsigned vd, unsigned vs2, uint64_t off);
/* One instruction word from rv_insn.h (Zvkned, Zvknh, Zvkg, Zvksed,
 * Zvksh, Zvkb vrev8). */
void zemu_word(uint32_t w);
#endif
