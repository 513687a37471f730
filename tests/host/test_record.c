/* Record writer and CRC-32 against zlib, the checksum the host tools and
 * users' scripts verify with. */
#include <stdint.h>
#include <stdlib.h>
#include <zlib.h>

#include "check.h"
#include "crc32.h"
#include "record.h"

/* Splits "@bm <json> *<crc>\n" and checks the CRC with zlib. */
static int line_ok(const char *line, size_t n, char *json_out, size_t cap)
{
	if (n < 16 || strncmp(line, "@bm ", 4) != 0 || line[n - 1] != '\n')
		return 0;
	const char *star = line + n - 11;
	if (star[0] != ' ' || star[1] != '*')
		return 0;
	size_t jlen = (size_t)(star - (line + 4));
	unsigned long crc = strtoul(star + 2, NULL, 16);
	if (jlen >= cap)
		return 0;
	memcpy(json_out, line + 4, jlen);
	json_out[jlen] = '\0';
	return crc32(0L, (const Bytef *)json_out, (uInt)jlen) == crc;
}

void test_record(void)
{
	CHECK_EQ_U(bm_crc32(0, "123456789", 9), 0xCBF43926u); /* the CRC-32 check value */
	CHECK_EQ_U(bm_crc32(0, "", 0), 0);
	uint8_t buf[1000];
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)(i * 7 + 3);
	CHECK_EQ_U(bm_crc32(0, buf, sizeof(buf)), crc32(0L, buf, sizeof(buf)));
	CHECK_EQ_U(bm_crc32(bm_crc32(0, buf, 100), buf + 100, 900), crc32(0L, buf, sizeof(buf)));
	/* four bytes a step: every start alignment and every length, so the
	 * head, the words and the tail each meet every case */
	unsigned bad = 0;
	for (size_t at = 0; at < 4; at++)
		for (size_t n = 0; n + at <= sizeof(buf); n++)
			bad += bm_crc32(0, buf + at, n) != crc32(0L, buf + at, (uInt)n);
	CHECK_EQ_U(bad, 0);

	static struct rec r;
	char line[BM_REC_MAX + 32], json[BM_REC_MAX];
	rec_begin(&r, "result");
	rec_str(&r, "kernel", "pipeline.add.lat");
	rec_u64(&r, "ops", 4096);
	rec_i64(&r, "delta", -5);
	rec_hex(&r, "epc", 0x80200000);
	rec_bool(&r, "ok", true);
	rec_obj(&r, "cycles_per_op");
	rec_milli(&r, "min", 1000);
	rec_milli(&r, "med", -1234);
	rec_milli(&r, "max", 5);
	rec_close(&r);
	rec_arr(&r, "list");
	rec_str(&r, NULL, "a\"b\\c\n\x01\xff");
	rec_u64(&r, NULL, 7);
	rec_close(&r);
	size_t n = rec_finish(&r, line, sizeof(line));
	CHECK(line_ok(line, n, json, sizeof(json)), "bad line: %s", line);
	CHECK_EQ_S(json, "{\"v\":2,\"type\":\"result\",\"kernel\":\"pipeline.add.lat\",\"ops\":4096,"
			 "\"delta\":-5,\"epc\":\"0x80200000\",\"ok\":true,"
			 "\"cycles_per_op\":{\"min\":1,\"med\":-1.234,\"max\":0.005},"
			 "\"list\":[\"a\\\"b\\\\c\\u000a\\u0001\\ufffd\",7]}");

	/* UTF-8 as it came, as code points; bytes that are not UTF-8 as U+FFFD
	 * (it was Latin-1 escapes of the bytes: "é" read back as "Ã©"). */
	static const struct {
		const char *in, *out;
	} u8[] = {
		{"caf\xc3\xa9", "caf\\u00e9"},                 /* 2 bytes */
		{"\xe2\x82\xac" "1", "\\u20ac1"},                   /* 3 bytes */
		{"\xf0\x9f\x98\x80", "\\ud83d\\ude00"},          /* 4 bytes: a surrogate pair */
		{"a\xc0\x80" "b", "a\\ufffd\\ufffdb"},            /* overlong */
		{"\xed\xa0\x80", "\\ufffd\\ufffd\\ufffd"},        /* an encoded surrogate */
		{"\xe2\x82", "\\ufffd\\ufffd"},                 /* cut short at the end */
		{"\x80x", "\\ufffdx"},                         /* a stray continuation byte */
	};
	for (size_t i = 0; i < sizeof(u8) / sizeof(u8[0]); i++) {
		char want[128];
		rec_begin(&r, "t");
		rec_str(&r, "s", u8[i].in);
		n = rec_finish(&r, line, sizeof(line));
		CHECK(line_ok(line, n, json, sizeof(json)), "utf-8 case %zu: bad line %s", i, line);
		snprintf(want, sizeof(want), "{\"v\":2,\"type\":\"t\",\"s\":\"%s\"}", u8[i].out);
		CHECK_EQ_S(json, want);
	}

	/* Too long: replaced by a valid error record naming the lost type. */
	rec_begin(&r, "core");
	for (int i = 0; i < BM_REC_MAX / 10; i++) /* 17 bytes each: past the buffer */
		rec_str(&r, "k", "0123456789");
	n = rec_finish(&r, line, sizeof(line));
	CHECK(line_ok(line, n, json, sizeof(json)), "overflow line: %s", line);
	CHECK_EQ_S(json, "{\"v\":2,\"type\":\"error\",\"what\":\"record too long or malformed; dropped\","
			 "\"record_type\":\"core\"}");

	/* Unbalanced nesting is malformed too. */
	rec_begin(&r, "run");
	rec_obj(&r, "options");
	n = rec_finish(&r, line, sizeof(line));
	CHECK(line_ok(line, n, json, sizeof(json)) && strstr(json, "\"type\":\"error\""), "unclosed: %s", line);

	char m[32];
	fmt_milli(m, sizeof(m), 0);
	CHECK_EQ_S(m, "0.000");
	fmt_milli(m, sizeof(m), INT64_MIN);
	CHECK_EQ_S(m, "-9223372036854775.808");

	/* The record's own number writers against printf, at the edges. */
	rec_begin(&r, "x");
	rec_u64(&r, "a", 0);
	rec_u64(&r, "b", UINT64_MAX);
	rec_i64(&r, "c", INT64_MIN);
	rec_i64(&r, "d", 0);
	rec_hex(&r, "e", 0);
	rec_hex(&r, "f", UINT64_MAX);
	rec_milli(&r, "g", INT64_MIN);
	rec_milli(&r, "h", 0);
	rec_milli(&r, "i", -1);
	rec_milli(&r, "j", INT64_MAX);
	rec_milli(&r, "k", 1500);
	rec_milli(&r, "l", 10);
	rec_milli(&r, "m", -2000);
	n = rec_finish(&r, line, sizeof(line));
	CHECK(line_ok(line, n, json, sizeof(json)), "bad line: %s", line);
	CHECK_EQ_S(json, "{\"v\":2,\"type\":\"x\",\"a\":0,\"b\":18446744073709551615,\"c\":-9223372036854775808,"
			 "\"d\":0,\"e\":\"0x0\",\"f\":\"0xffffffffffffffff\",\"g\":-9223372036854775.808,"
			 "\"h\":0,\"i\":-0.001,\"j\":9223372036854775.807,\"k\":1.5,\"l\":0.01,\"m\":-2}");
}
