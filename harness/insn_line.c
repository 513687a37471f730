/* The instruction table's most common record, written in one pass
 * (insn_line.h). Under baremark.profile=sim a simulated core pays for
 * every instruction, and the general writer (lib/record.c: a call and a
 * JSON escape test a piece, a CRC-32 of the whole line) cost a form some
 * 1,700 of them for a 60-byte line; this one copies the constant head,
 * the form's id and the two figures, and starts the CRC from the head's,
 * worked out once. The bytes are the general writer's, exactly (tests/
 * qemu/test_insn.sh compares a run that shows the table, which takes the
 * general writer, with one that does not). */
#include "insn_line.h"

#include <stdint.h>

#include "arch.h"
#include "cores.h"
#include "crc32.h"
#include "log.h"
#include "record.h"
#include "console.h"

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
static union {
	char c[256];
	uint64_t w[32];
} line_buf;

/* A figure this writer can set down: measured, one number (one repeat,
 * or quartiles equal to it), judged ok with nothing to say. */
static bool plain_point(const struct insn_point *p)
{
	return p && p->measured && p->cyc.q1 == p->cyc.est && p->cyc.q3 == p->cyc.est &&
	       (!p->vd || insn_vd_ok(p->vd)) && !(p->why && p->why[0]);
}

static char *put_bytes(char *o, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		o[i] = s[i];
	return o + n;
}

static char *put_figure(char *o, const char *key, size_t key_len, int64_t milli)
{
	char b[32], *end = b + sizeof(b), *p = rec_milli_text(end, milli);
	o = put_bytes(o, key, key_len);
	return put_bytes(o, p, (size_t)(end - p));
}

#define KEY(s) s, sizeof(s) - 1

bool insn_line_emit(const struct insn_form *f, const struct insn_point *lat, const struct insn_point *thr)
{
	/* the table's line is the general writer's (emit) */
	if (log_table_shown())
		return false;
	if (f->form_insns > 1 || f->thr_insns_per_op > 1 || !plain_point(thr) || thr->repeats ||
	    thr->cycles_estimated)
		return false;
	if (f->lat_measured && (f->via || !plain_point(lat)))
		return false;
	if (arch_core_id() != cores.slot[cores.primary].hwid)
		return false;
	if (!log_records_shown())
		return true;
	/* ids are [a-z0-9_.] (tools/gen_insn.c): no escapes; one longer
	 * than this line allows goes the general way */
	char *line = line_buf.c;
	static uint32_t head_crc;
	static bool head_crc_known;
	if (!head_crc_known) {
		head_crc = bm_crc32(0, head.c + PREFIX_LEN, HEAD_LEN - PREFIX_LEN);
		head_crc_known = true;
	}
	for (unsigned i = 0; i < HEAD_WORDS; i++)
		line_buf.w[i] = head.w[i];
	char *o = line + HEAD_LEN;
	const char *id = f->id;
	for (; *id && o < line + 128; id++)
		*o++ = *id;
	if (*id)
		return false;
	*o++ = '"';
	if (f->lat_measured)
		o = put_figure(o, KEY(",\"lat\":"), lat->cyc.est);
	else
		o = put_bytes(o, KEY(",\"lat_why\":\"" INSN_NOLAT_WHY "\""));
	o = put_figure(o, KEY(",\"thr\":"), thr->cyc.est);
	*o++ = '}';
	rec_tail(bm_crc32(head_crc, line + HEAD_LEN, (size_t)(o - line) - HEAD_LEN), o);
	console_write(line, (size_t)(o - line) + REC_TAIL - 1);
	return true;
}
