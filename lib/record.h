/* The record writer: one place that turns fields into the line format of
 * ../shared/guide.md,  `@bm <json> *<crc32 of json, 8 lowercase hex>`.
 *
 * Usage: rec_begin(&r, "result"); rec_str(&r, "kernel", "x"); ...;
 * n = rec_finish(&r, line, sizeof line). Objects and arrays nest with
 * rec_obj/rec_arr ... rec_close. A record that would not fit its buffer is
 * replaced by a short `error` record saying so, so a line is always valid.
 */
#ifndef BM_RECORD_H
#define BM_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* 2: result records in their short form, with a `kernel` record before a
 * kernel's first result (docs/records.md); every other type as in 1. */
#define BM_RECORD_VERSION 2
#define BM_REC_MAX 8192 /* the longest record, the summary, is about 4 KiB on an out-of-order core with every level read (4,035 bytes on Zen 4, 2026-12-04) */
#define BM_REC_DEPTH 8

struct rec {
	char buf[BM_REC_MAX];
	size_t len;
	bool overflow;
	int depth;
	bool need_comma[BM_REC_DEPTH];
	char closer[BM_REC_DEPTH];
	char type[16];
};

void rec_begin(struct rec *r, const char *type);
void rec_str(struct rec *r, const char *key, const char *val);
void rec_u64(struct rec *r, const char *key, uint64_t val);
void rec_i64(struct rec *r, const char *key, int64_t val);
void rec_hex(struct rec *r, const char *key, uint64_t val); /* "0x..." string */
void rec_bool(struct rec *r, const char *key, bool val);
void rec_null(struct rec *r, const char *key); /* key NULL inside arrays */
/* A fixed-point number with 3 decimals: milli = 1234 -> 1.234 */
void rec_milli(struct rec *r, const char *key, int64_t milli);
void rec_obj(struct rec *r, const char *key); /* key NULL inside arrays */
void rec_arr(struct rec *r, const char *key);
void rec_close(struct rec *r);
/* Writes the whole line, with '\n', NUL-terminated; returns its length. */
size_t rec_finish(struct rec *r, char *out, size_t cap);
/* The same line in three pieces, without copying the record: closes it
 * (or replaces it by the error record when it overflowed), fills `tail`
 * with " *<crc>\n" and returns the JSON's length; the line is REC_PREFIX,
 * then r->buf, then tail. */
#define REC_PREFIX "@bm "
#define REC_TAIL 12
size_t rec_seal(struct rec *r, char tail[REC_TAIL]);

/* The tail after a record's JSON whose CRC-32 is crc: " *<8 hex>\n". */
void rec_tail(uint32_t crc, char tail[REC_TAIL]);
/* milli as a record writes it ("-1.234", "1.5", "4"), ending at end
 * (at least 24 bytes after the buffer's start); returns where it starts. */
char *rec_milli_text(char *end, int64_t milli);

/* Formats milli as "-1.234" into buf (at least 24 bytes). */
void fmt_milli(char *buf, size_t cap, int64_t milli);

#endif
