/* The instruction tables' line format (kernels/insn/forms_*.tsv), shared by
 * tools/gen_insn.c and tools/gen_insn_rvv.c: one form a line, fields
 * separated by tabs (a run of tabs is one separator), '#' a comment. A
 * malformed line stops the generator with the table's name and the line. */
#ifndef BM_INSN_TSV_H
#define BM_INSN_TSV_H

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *table_path; /* the table being read, for the errors */

static void die(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void die(int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: %s:%d: ", tsv_prog, table_path, line);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

/* [a-z0-9_.], not empty: a form's id is made of these. */
static bool valid_ident(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_' || *s == '.'))
			return false;
	return true;
}

/* The next form line of `in` split into at most `max` fields (buf holds
 * them); its number in *line. Returns the number of fields, 0 at the end. */
static int tsv_next(FILE *in, int *line, char *buf, size_t cap, char **field, int max)
{
	while (fgets(buf, (int)cap, in)) {
		++*line;
		size_t n = strlen(buf);
		if (n && buf[n - 1] == '\n')
			buf[--n] = 0;
		else if (n == cap - 1)
			die(*line, "line too long");
		if (!buf[0] || buf[0] == '#')
			continue;
		int nf = 0;
		for (char *p = buf; p && nf < max;) {
			while (*p == '\t')
				p++;
			if (!*p)
				break;
			field[nf++] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = 0;
		}
		for (int i = nf; i < max; i++)
			field[i] = NULL;
		if (nf)
			return nf;
	}
	return 0;
}

/* Opens a table (table_path names it in the errors). */
static FILE *tsv_open(const char *path)
{
	table_path = path;
	FILE *in = fopen(path, "r");
	if (!in) {
		perror(path);
		exit(1);
	}
	return in;
}

static void tsv_text(int line, const char *what, const char *from, char *to, size_t cap)
{
	if (strlen(from) >= cap || strchr(from, '"') || strchr(from, '\\'))
		die(line, "%s too long, or with a quote or backslash", what);
	snprintf(to, cap, "%s", from);
}

/* The fields every form has: extension, name, template, and the optional
 * llvm-mca text (field 5), checked and copied. */
#define TSV_COMMON(line, field, f)                                                                        \
	do {                                                                                              \
		if (!valid_ident(field[0]) || strchr(field[0], '.') || strlen(field[0]) >= sizeof(f->ext)) \
			die(line, "extension '%s': [a-z0-9_], shorter than %zu", field[0], sizeof(f->ext)); \
		if (!valid_ident(field[1]) || strlen(field[1]) >= sizeof(f->name))                          \
			die(line, "name '%s': [a-z0-9_.], shorter than %zu", field[1], sizeof(f->name));     \
		snprintf(f->ext, sizeof(f->ext), "%s", field[0]);                                         \
		snprintf(f->name, sizeof(f->name), "%s", field[1]);                                       \
		tsv_text(line, "template", field[2], f->tmpl, sizeof(f->tmpl));                           \
		if (field[4])                                                                             \
			tsv_text(line, "llvm-mca text", field[4], f->mca, sizeof(f->mca));                \
	} while (0)

#endif
