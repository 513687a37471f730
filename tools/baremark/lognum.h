/* Numbers read from a log, range-checked before they are converted or
 * used in arithmetic (issue 44): a shared log can say anything, and a
 * cast of a double past its type's range, or a sum past INT64_MAX, is
 * undefined behaviour that prints a wrong number. A value outside the
 * range a field can physically take is read as absent, and the caller
 * says "unavailable" (or "out of range") instead of a figure. */
#ifndef BM_TOOLS_LOGNUM_H
#define BM_TOOLS_LOGNUM_H
#include <jansson.h>
#include <stdbool.h>

/* Bytes: 2^50 (1 PiB) is past any cache, memory or buffer a run sweeps. */
#define LN_BYTES_MAX (1ll << 50)
/* Counts of entries, fillers, pages, cores, repeats, line numbers. */
#define LN_COUNT_MAX (1ll << 40)
/* Cycles, nanoseconds, MB/s, MHz, ratios: 10^15 is past any of them (a
 * cycle count of a second at 1 PHz). */
#define LN_REAL_MAX 1e15

/* v as an integer in [lo, hi] (a real is not an integer); false when v is
 * NULL, of another type, or out of range. */
bool ln_int(const json_t *v, long long lo, long long hi, long long *out);
/* v as a finite number (integer or real) in [lo, hi]; false otherwise. */
bool ln_num(const json_t *v, double lo, double hi, double *out);
/* The same for o[key]. */
bool ln_int_at(const json_t *o, const char *key, long long lo, long long hi, long long *out);
bool ln_num_at(const json_t *o, const char *key, double lo, double hi, double *out);
#endif
