/* CSV output of strings that come from logs (RFC 4180). */
#ifndef BM_TOOLS_CSV_H
#define BM_TOOLS_CSV_H
#include <stdio.h>

/* One text cell: in double quotes with inner quotes doubled, so a comma,
 * quote or line break stays inside it; a cell a spreadsheet would take
 * for a formula (starting with = + - @, a tab or a carriage return) gets
 * a leading apostrophe. NULL (a field the record lacks) is an empty cell. */
void csv_text(FILE *o, const char *s);
#endif
