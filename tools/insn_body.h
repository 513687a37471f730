/* Where a generated body goes, shared by tools/gen_insn.c and
 * tools/gen_insn_rvv.c. A body's lines go to a buffer (outf between
 * body_open and body_place), and body_place sets the body down on the
 * least power of two that holds it, 64 bytes at least and a page at
 * most, with an end label after it. A body then never crosses a
 * boundary of its own size or any larger (a page, a cache way), and a
 * form's N and 2N bodies sit alike towards every smaller one: on the
 * C906's RTL a loop that crossed such a boundary in one body and not in
 * the other read its 2N - N a few cycles off (docs/simulators.md).
 * tests/qemu/lib.sh (body_misfits) checks each linked body against its
 * start's alignment; an assembler .if cannot, as relaxation leaves a
 * body's length open there. Needs insn_tsv.h (die) first. */
#ifndef BM_INSN_BODY_H
#define BM_INSN_BODY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *body_out; /* the body being written, or NULL: stdout */
#define outf(...) fprintf(body_out ? body_out : stdout, __VA_ARGS__)

static char *body_text;
static size_t body_len;

static void body_open(int line)
{
	body_out = open_memstream(&body_text, &body_len);
	if (!body_out)
		die(line, "open_memstream failed");
}

/* The instructions a body's text holds: a line that starts with a tab
 * and is no directive but .insn or .word, the more for each ';' in it,
 * and one more for bm_loop_back (a decrement and a branch). */
static unsigned body_insns(const char *text)
{
	unsigned insns = 0;
	for (const char *l = text; *l;) {
		const char *e = strchr(l, '\n');
		size_t n = e ? (size_t)(e - l) : strlen(l);
		if (l[0] == '\t' &&
		    (l[1] != '.' || strncmp(l + 1, ".insn", 5) == 0 || strncmp(l + 1, ".word", 5) == 0)) {
			insns++;
			for (size_t i = 0; i < n; i++)
				insns += l[i] == ';';
			insns += n >= 13 && strncmp(l + 1, "bm_loop_back", 12) == 0;
		}
		l += n + (e != NULL);
	}
	return insns;
}

/* The body written since body_open, as the global `name`, sized at
 * max_insn bytes an instruction (the ISA's longest). */
static void body_place(const char *name, unsigned max_insn, int line)
{
	fclose(body_out);
	body_out = NULL;
	unsigned align = 64, bytes = body_insns(body_text) * max_insn;
	while (align < bytes && align < 4096)
		align <<= 1;
	if (bytes > align)
		die(line, "a body larger than a page");
	printf("\t.globl\t%s\n\t.balign %u\n%s:\n%s%s_end:\n", name, align, name, body_text, name);
	free(body_text);
	body_text = NULL;
}

#endif
