/* Reading a RISC-V ISA string ("rv64imafdcv_zicsr_zvkned", as the device
 * tree's riscv,isa gives it or lib/board_fdt.c builds it from
 * riscv,isa-extensions). */
#ifndef BM_ISA_H
#define BM_ISA_H
#include <stdbool.h>
#include <stdint.h>

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

/* The multi-letter words of one ISA string, found once: a string such as
 * QEMU's (some 1.4 KB, a hundred words) is then not read again for each
 * extension asked (the instruction table asks for each of its
 * extensions, and under sim each read of that string cost a simulated
 * core some 4,000 instructions). It points into the string, which must
 * outlive it. A string of more words than it holds is read as
 * isa_names_ext reads it. */
#define ISA_INDEX_WORDS 256
struct isa_index {
	const char *isa;
	bool complete; /* every word is in off/len (else the string is read) */
	unsigned n;
	uint16_t off[ISA_INDEX_WORDS], len[ISA_INDEX_WORDS];
	/* each word's first two letters, lower case: most words and most
	 * names asked begin with z, and comparing the second first leaves a
	 * name a handful of words to read in full (under sim the first ask
	 * for each extension of the table read some 60 of QEMU's) */
	char first[ISA_INDEX_WORDS], second[ISA_INDEX_WORDS];
};
void isa_index_build(struct isa_index *ix, const char *isa);
/* isa_names_ext and isa_has_ext of the indexed string: the same answers */
bool isa_index_names(const struct isa_index *ix, const char *ext);
bool isa_index_has(const struct isa_index *ix, const char *ext);
#endif
