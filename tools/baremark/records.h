/* Finding and verifying `@bm <json> *<crc32>` records in a console log
 * (format: ../shared/guide.md, "Record format"). */
#ifndef BM_TOOLS_RECORDS_H
#define BM_TOOLS_RECORDS_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Format versions this tool reads: 1, and 2 (short results: expand.h). */
#define BM_SUPPORTED_VERSION_MIN 1
#define BM_SUPPORTED_VERSION 2

enum rec_status {
	REC_NONE,      /* no record marker on this line */
	REC_OK,        /* CRC verified, JSON object with v and type */
	REC_BAD_CRC,   /* CRC missing, malformed or wrong */
	REC_BAD_JSON,  /* CRC right but not a JSON object with v and type */
	REC_VERSION,   /* a format version this tool does not know */
};

struct rec_counts {
	unsigned long ok, bad_crc, bad_json, version;
};

/* Looks at one line (without its newline). On REC_OK, *out holds the
 * parsed object (caller decrefs). Text before the marker (boot-loader
 * output interleaved with ours) is ignored. */
enum rec_status record_parse_line(const char *line, size_t len, json_t **out);
/* The marker and the CRC alone: REC_OK with the record's JSON text in
 * *json, *jlen (CRC verified, not parsed); REC_NONE or REC_BAD_CRC. */
enum rec_status record_text(const char *line, size_t len, const char **json, size_t *jlen);
void rec_count(struct rec_counts *c, enum rec_status s);

/* A result's cycles per op: "est" (the estimate), or "med" in logs
 * written before the harness estimated; false when the result has none. */
bool result_cycles(const json_t *rec, double *v);
/* A result whose cycles per op is a number no figure can be (past 10^15
 * either way: lognum.h), which result_cycles refuses. */
bool result_cycles_out_of_range(const json_t *rec);
/* A result's verdict: "ok", "unstable" or "below_floor" (with *why, ""
 * if none given); "ok" for logs written before results carried one. */
const char *result_verdict(const json_t *rec, const char **why);
/* Why a summary record lacks `key`: its own reason under `unavailable`,
 * else the whole summary's (`unavailable.summary`: an arm64 core without
 * FP derives none); NULL when the record gives neither. */
const char *summary_unavailable(const json_t *sum, const char *key);
/* A summary field whose knee moved between its sweep's two passes
 * ("unstable": both brackets): "unstable: 408/456; 256/320" (">= N" for
 * an open one) into buf; false, buf untouched, for any other field. */
bool summary_unstable(const json_t *field, char *buf, size_t cap);
#endif
