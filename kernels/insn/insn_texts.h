/* The instruction table's forms as the host tool sees them (issue 42):
 * generated from the same kernels/insn/forms_<isa>.tsv as the image's
 * bodies, so a form's text is the table's, matched by its id, never a
 * log's. */
#ifndef BM_INSN_TEXTS_H
#define BM_INSN_TEXTS_H

struct insn_text {
	const char *id;       /* "rv64.zbb.andn" */
	const char *isa;      /* "rv64", "a64" or "x86" */
	const char *ext;      /* "zbb" */
	const char *asm_text; /* one instance as the body writes it, concrete registers,
	                         e.g. "andn a2, a2, a3" (llvm-mca's input line) */
};
extern const struct insn_text insn_texts[];
extern const unsigned insn_ntexts;
#endif
