/* Reading a RISC-V ISA string ("rv64imafdcv_zicsr_zvkned", as the device
 * tree's riscv,isa gives it or lib/board_fdt.c builds it from
 * riscv,isa-extensions). */
#ifndef BM_ISA_H
#define BM_ISA_H
#include <stdbool.h>

/* Does `isa` name extension `ext` itself? A single letter ("v") is looked for
 * among the base letters after "rv32"/"rv64", up to the first
 * multi-letter extension; a longer name ("zvkned") must match one
 * underscore-separated word exactly, ignoring case and a version suffix
 * ("zvkned1p0"). */
bool isa_names_ext(const char *isa, const char *ext);
/* The same, counting what a named extension brings: bundles (zvkn,
 * zvknc, zvkng, zvks, zvksc, zvksg) and supersets (zvbb over zvkb,
 * zvknhb over zvknha), as Linux's ISA parser reads them. */
bool isa_has_ext(const char *isa, const char *ext);
#endif
