/* A record's top-level facts without building its JSON tree (issue 44:
 * on a 500-core log jansson's parse of every record was most of the
 * time, though the records of cores past a column's 64 are let go).
 * record_peek checks the line as record_parse_line would (marker, CRC,
 * well-formed JSON: one object, no duplicate key, integers that fit 64
 * bits, reals that do not overflow, no control character in a string,
 * "v" and "type") and reads the few fields that decide whether it is
 * kept. What it cannot tell cheaply (an escape or a non-ASCII byte in a
 * string, more than PEEK_MAX_KEYS keys in an object, a long number) it
 * leaves to the full parse: REC_PEEK_UNSURE. */
#ifndef BM_TOOLS_RECPEEK_H
#define BM_TOOLS_RECPEEK_H
#include <stdbool.h>
#include <stddef.h>

#include "records.h"

#define PEEK_MAX_KEYS 48
#define REC_PEEK_UNSURE ((enum rec_status)100)

struct rec_peek {
	const char *type, *kernel, *k; /* "type", "kernel" and a short result's "k"; NULL if absent */
	size_t type_len, kernel_len, k_len;
	bool has_core, has_c, has_core_type, has_v, v_int;
	long long core, c, core_type, v;
};

/* REC_NONE, REC_BAD_CRC, REC_BAD_JSON, REC_VERSION as record_parse_line
 * says them; REC_OK with *p filled; or REC_PEEK_UNSURE. */
enum rec_status record_peek(const char *line, size_t len, struct rec_peek *p);
#endif
