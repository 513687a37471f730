/* A stand-in for build/host/gen/insn_texts.c (the lead's generator makes
 * it from kernels/insn/forms_<isa>.tsv) until that generator lands: a few
 * forms of each ISA, written as a body would write them, so that the host
 * tool's `insn` command builds and its tests run. The texts are ordinary
 * assembly for each ISA's llvm-mca (AT&T syntax on x86, llvm-mca's
 * default). */
#include "insn_texts.h"

const struct insn_text insn_texts[] = {
	{"rv64.i.add", "rv64", "i", "add a2, a2, a3"},
	{"rv64.m.mul", "rv64", "m", "mul a2, a2, a3"},
	{"rv64.zbb.andn", "rv64", "zbb", "andn a2, a2, a3"},
	{"rv64.zbb.cpop", "rv64", "zbb", "cpop a2, a2"},
	{"rv64.zbc.clmul", "rv64", "zbc", "clmul a2, a2, a3"},
	{"rv64.d.fmadd.d", "rv64", "d", "fmadd.d fa2, fa2, fa3, fa4"},
	{"a64.base.add", "a64", "base", "add x2, x2, x3"},
	{"a64.base.madd", "a64", "base", "madd x2, x2, x3, x4"},
	{"a64.fp.fmadd", "a64", "fp", "fmadd d2, d2, d3, d4"},
	{"a64.lse.ldadd", "a64", "lse", "ldadd x2, x3, [x4]"},
	{"x86.base.add.r64", "x86", "base", "addq %r9, %r8"},
	{"x86.base.imul.r64", "x86", "base", "imulq %r9, %r8"},
	{"x86.bmi2.pdep.r64", "x86", "bmi2", "pdepq %r9, %r8, %r8"},
};
const unsigned insn_ntexts = sizeof(insn_texts) / sizeof(insn_texts[0]);
