/* The instruction table's common records, written in one pass
 * (insn_line.h). Under baremark.profile=sim a simulated core pays for
 * every instruction, and the general writer (lib/record.c: a call and a
 * JSON escape test a piece, a CRC-32 of the whole line) cost a form some
 * 1,700 of them for a 60-byte line; this one copies the constant head,
 * the form's id, its companion's where it has one, and the figures, and
 * starts the CRC from the head's, worked out once. The bytes are the
 * general writer's, exactly (tests/qemu/test_insn.sh compares a run that
 * shows the table, which takes the general writer, with one that does
 * not, over every shape). */
#include "insn_line.h"

#include <stdint.h>

#include "arch.h"
#include "cores.h"
#include "console.h"
#include "crc32.h"
#include "log.h"
#include "point_path.h"
#include "record.h"
#include "text.h"

#define STR_(x) #x
#define STR(x) STR_(x)
/* the line up to the form's id: "@bm " and the JSON's head, as
 * rec_begin(&r, "insn") and rec_str(&r, "f", ...) write it */
#define HEAD REC_PREFIX "{\"v\":" STR(BM_RECORD_VERSION) ",\"type\":\"insn\",\"f\":\""
#define HEAD_LEN (sizeof(HEAD) - 1)
#define PREFIX_LEN (sizeof(REC_PREFIX) - 1)
/* by words: copied as five loads and stores */
#define HEAD_WORDS ((HEAD_LEN + 7) / 8)
static const union {
	char c[HEAD_WORDS * 8];
	uint64_t w[HEAD_WORDS];
} head = {.c = HEAD};
#define ID_MAX 80 /* the longest id this writer takes (put_id) */
/* the longest line: the head, two ids, a round trip's reason, five
 * numbers of at most 22 characters with their keys, the tail */
static union {
	char c[512];
	uint64_t w[64];
} line_buf;
_Static_assert(HEAD_LEN + 2 * (ID_MAX + 1) + sizeof(",\"via\":\"\",\"lat_why\":\"" INSN_RT_WHY "\"") +
			   5 * (12 + 22) + 1 + REC_TAIL <=
		       sizeof(line_buf),
	       "insn_line_emit: the longest line fits");

/* A figure this writer can set down: measured, one number (one repeat,
 * or quartiles equal to it), judged ok with nothing to say. */
BM_POINT_PATH static bool plain_point(const struct insn_point *p)
{
	return p && p->measured && p->cyc.q1 == p->cyc.est && p->cyc.q3 == p->cyc.est &&
	       (!p->vd || insn_vd_ok(p->vd)) && !(p->why && p->why[0]);
}

BM_POINT_PATH static char *put_bytes(char *o, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		o[i] = s[i];
	return o + n;
}

BM_POINT_PATH static char *put_figure(char *o, const char *key, size_t key_len, int64_t milli)
{
	char b[32], *end = b + sizeof(b), *p = rec_milli_text(end, milli);
	o = put_bytes(o, key, key_len);
	return put_bytes(o, p, (size_t)(end - p));
}

BM_POINT_PATH static char *put_count(char *o, const char *key, size_t key_len, unsigned n)
{
	char b[24], *end = b + sizeof(b), *p = bm_digits(end, n, 10);
	o = put_bytes(o, key, key_len);
	return put_bytes(o, p, (size_t)(end - p));
}

/* A form's id (the table's [a-z0-9_.], tools/gen_insn.c: no escapes) and
 * its closing quote; NULL for one longer than the line allows for it. */
BM_POINT_PATH static char *put_id(char *o, const char *id)
{
	const char *stop = id + ID_MAX;
	while (*id && id < stop)
		*o++ = *id++;
	if (*id)
		return NULL;
	*o++ = '"';
	return o;
}

#define KEY(s) s, sizeof(s) - 1

BM_POINT_PATH bool insn_line_emit(const struct insn_form *f, const struct insn_point *lat, const struct insn_point *thr,
		    const int64_t *via_lat)
{
	/* the table's line is the general writer's (emit) */
	if (log_table_shown())
		return false;
	if (!plain_point(thr) || thr->repeats || thr->cycles_estimated)
		return false;
	/* a latency through a companion: net of its latency, or a round
	 * trip; one whose companion was not measured goes the general way */
	if (f->lat_measured && (!plain_point(lat) || (f->via && !f->cross && !via_lat)))
		return false;
	if (arch_core_id() != cores.slot[cores.primary].hwid)
		return false;
	if (!log_records_shown())
		return true;
	char *line = line_buf.c;
	static uint32_t head_crc;
	static bool head_crc_known;
	if (!head_crc_known) {
		head_crc = bm_crc32(0, head.c + PREFIX_LEN, HEAD_LEN - PREFIX_LEN);
		head_crc_known = true;
	}
	for (unsigned i = 0; i < HEAD_WORDS; i++)
		line_buf.w[i] = head.w[i];
	char *o = put_id(line + HEAD_LEN, f->id);
	if (!o)
		return false;
	if (f->form_insns > 1)
		o = put_count(o, KEY(",\"ins\":"), f->form_insns);
	if (!f->lat_measured) {
		o = put_bytes(o, KEY(",\"lat_why\":\"" INSN_NOLAT_WHY "\""));
	} else {
		int64_t e = lat->cyc.est;
		if (f->via) {
			o = put_bytes(o, KEY(",\"via\":\""));
			if (!(o = put_id(o, f->via)))
				return false;
		}
		if (f->via && f->cross) {
			o = put_figure(o, KEY(",\"rt\":"), e);
			o = put_bytes(o, KEY(",\"lat_why\":\"" INSN_RT_WHY "\""));
		} else {
			if (f->via) {
				o = put_figure(o, KEY(",\"via_lat\":"), *via_lat);
				e -= *via_lat;
			}
			o = put_figure(o, KEY(",\"lat\":"), e);
		}
	}
	o = put_figure(o, KEY(",\"thr\":"), thr->cyc.est);
	if (f->thr_insns_per_op > 1)
		o = put_count(o, KEY(",\"thr_ins\":"), f->thr_insns_per_op);
	*o++ = '}';
	rec_tail(bm_crc32(head_crc, line + HEAD_LEN, (size_t)(o - line) - HEAD_LEN), o);
	console_write(line, (size_t)(o - line) + REC_TAIL - 1);
	return true;
}
