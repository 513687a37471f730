/* tools/baremark/jsonline.c against jansson's json_dumps (COMPACT,
 * ENSURE_ASCII, PRESERVE_ORDER; DEL then escaped as \u007F): the same
 * text for every record of the host tool's fuzz corpus and the fixture
 * logs, and for crafted
 * values (every control and escape, DEL, two- three- and four-byte
 * UTF-8, integers at both ends, reals that print as integers, with
 * exponents and with 17 digits, nesting, empty containers). */
#include <jansson.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jsonline.h"

void *read_file(const char *path, size_t *len);

/* json_dumps's text, with DEL as the escape JSON gives it */
static char *reference(const json_t *v)
{
	char *s = json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
	size_t dels = 0, n = strlen(s);
	for (size_t i = 0; i < n; i++)
		dels += s[i] == 0x7F;
	char *out = malloc(n + 5 * dels + 1);
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == 0x7F) {
			memcpy(out + w, "\\u007F", 6);
			w += 6;
		} else {
			out[w++] = s[i];
		}
	}
	out[w] = '\0';
	free(s);
	return out;
}

static void same(struct jl_buf *b, const json_t *v, const char *what)
{
	char *want = reference(v);
	const char *got = jl_line(b, v);
	CHECK(strcmp(want, got) == 0, "%s:\n  json_dumps: %s\n  jl_line:    %s", what, want, got);
	free(want);
}

static unsigned corpus_file(struct jl_buf *b, const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	unsigned n = 0;
	if (!text)
		return 0;
	for (char *line = text, *end; line < text + len; line = end + 1) {
		end = memchr(line, '\n', (size_t)(text + len - line));
		if (!end)
			end = text + len;
		/* a JSON line, or a log's "@bm {...} *crc": the braces' span */
		char *open = memchr(line, '{', (size_t)(end - line)), *close = end;
		while (close > line && close[-1] != '}')
			close--;
		if (!open || close <= open)
			continue;
		json_t *v = json_loadb(open, (size_t)(close - open), 0, NULL);
		if (v) {
			same(b, v, path);
			n++;
			json_decref(v);
		}
	}
	free(text);
	return n;
}

void test_jsonline(void)
{
	struct jl_buf b = {0};
	static const char *const crafted[] = {
		"{\"s\":\"plain\",\"q\":\"a\\\"b\\\\c/d\",\"c\":\"\\b\\f\\n\\r\\t\\u0000\\u0001\\u001f\\u007f\"}",
		"{\"u\":\"\\u00e9\\u07ff\\u0800\\uffff\\ud83d\\ude00\\udbff\\udfff\",\"k\\u00e9y\\n\":1}",
		"[9223372036854775807,-9223372036854775808,0,-1,10,1000000]",
		"[1.0,-0.0,0.5,1e300,-1e-300,5e-324,1.7976931348623157e308,1.009,123456789012345678.0,1e16,1e17,100.0]",
		"{\"a\":[],\"o\":{},\"n\":null,\"t\":true,\"f\":false,\"x\":[[[{\"y\":[1,{\"z\":\"\"}]}]]]}",
		"{\"z\":1,\"a\":2,\"m\":3}",
	};
	for (size_t i = 0; i < sizeof(crafted) / sizeof(crafted[0]); i++) {
		json_t *v = json_loads(crafted[i], JSON_DECODE_ANY | JSON_ALLOW_NUL, NULL);
		CHECK(v != NULL, "crafted value %zu does not parse", i);
		if (v)
			same(&b, v, crafted[i]);
		json_decref(v);
	}
	/* the order a record's fields were set in, not sorted */
	json_t *o = json_object();
	json_object_set_new(o, "zeta", json_integer(1));
	json_object_set_new(o, "alpha", json_real(2.5));
	json_object_set_new(o, "mid", json_string("x\x7f"));
	CHECK_EQ_S(jl_line(&b, o), "{\"zeta\":1,\"alpha\":2.5,\"mid\":\"x\\u007F\"}");
	same(&b, o, "set order");
	json_decref(o);
	static const char *const corpus[] = {
		"tests/fuzz/corpus/tools/format2-quick.jsonl",
		"tests/fuzz/corpus/tools/format2-odd.jsonl",
		"tests/fuzz/corpus/tools/multicore.jsonl",
		"tests/fuzz/corpus/tools/small-run.jsonl",
		"tests/fixtures/format1-quick-rv64.log",
		"tests/fixtures/insn-qemu-rv64-max.log",
		"tests/fixtures/insn-qemu-rv64-c906.log",
	};
	unsigned records = 0;
	for (size_t i = 0; i < sizeof(corpus) / sizeof(corpus[0]); i++)
		records += corpus_file(&b, corpus[i]);
	CHECK(records > 450, "%u records read", records);
	jl_free(&b);
}
