/* Test helper: each JSON line on stdin out as a record line,
 * "@bm <json> *<crc32 of the json, 8 lowercase hex digits>" (the record
 * format, ../shared/guide.md), so tests can craft logs with valid CRCs
 * in one process. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>

int main(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, stdin)) >= 0) {
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		printf("@bm %s *%08lx\n", line, crc32(0L, (const Bytef *)line, (uInt)n));
	}
	free(line);
	return 0;
}
