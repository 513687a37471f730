#include "csv.h"

#include <string.h>

void csv_text(FILE *o, const char *s)
{
	if (!s)
		return;
	fputc('"', o);
	if (*s && strchr("=+-@\t\r", *s))
		fputc('\'', o);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', o);
		fputc(*s, o);
	}
	fputc('"', o);
}
