/* The result and skip records of a log, indexed once by (kernel,
 * parameter value, core), so that a table's cell costs a look-up per
 * core, not a pass over the log (issue 28: a 64-core log took 219 s to
 * compare, a pass over 21,000 records for every core of every cell).
 * The first record of a key, in log order, is the one found. */
#ifndef BM_TOOLS_RECINDEX_H
#define BM_TOOLS_RECINDEX_H
#include <jansson.h>

struct rec_index;

/* NULL when out of memory. */
struct rec_index *recindex_build(const json_t *records);
const json_t *recindex_find(const struct rec_index *x, const char *kernel, json_int_t param, json_int_t core);
void recindex_free(struct rec_index *x);

/* Records visited by every pass and look-up of the host tool so far
 * (each record a pass reads, each slot a look-up probes): a count that a
 * test can hold to the log's size, where wall time is noise. Written to
 * stderr at exit when BAREMARK_COUNT_VISITS is set. */
extern unsigned long long log_visits;
#define LOG_VISIT() (log_visits++)
#endif
