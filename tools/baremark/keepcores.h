/* Which cores' results a log keeps in memory (issue 44: a 500-core log
 * held every record as a JSON tree, 1 GB). A column holds at most
 * COL_MAX_CORES cores of a type (logs.h), so past the first 64 cores of a
 * type, in the order their records come, a core's results, skips and
 * summary are counted and let go as they are read: no table, plot or
 * summary could show them. A core whose type is not known when its
 * record comes is always kept. */
#ifndef BM_TOOLS_KEEPCORES_H
#define BM_TOOLS_KEEPCORES_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct keep_cores;

/* `per_type`: how many cores of one type are kept. NULL when out of memory. */
struct keep_cores *keep_new(int per_type);
void keep_free(struct keep_cores *k);
/* Is core `core` of type `type` kept? The first time a core is asked
 * about, it is kept if fewer than per_type of its type are. */
bool keep_core(struct keep_cores *k, json_int_t type, json_int_t core);
/* Was it let go (asked about and not kept)? */
bool keep_dropped(const struct keep_cores *k, json_int_t type, json_int_t core);
/* Has any type its per_type cores already (else no record can be let go)? */
bool keep_any_full(const struct keep_cores *k);
/* How many cores were let go. */
size_t keep_ndropped(const struct keep_cores *k);
#endif
