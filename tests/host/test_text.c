/* lib/text.c: the console lines built without printf, held to what
 * snprintf writes for the same pieces, and never past their buffer. */
#include <stdio.h>

#include "check.h"
#include "text.h"

void test_text(void)
{
	char buf[64], want[64];
	struct text t;
	text_init(&t, buf, sizeof(buf));
	CHECK_EQ_S(t.buf, "");
	text_add(&t, "core ");
	text_u64(&t, 0);
	text_add(&t, ": ");
	text_u64(&t, 18446744073709551615ull);
	text_addn(&t, "rv64imafdc_zicsr", 10);
	CHECK_EQ_S(t.buf, "core 0: 18446744073709551615rv64imafdc");
	CHECK_EQ_U(t.len, strlen(t.buf));
	/* thousandths with three places, as "%lld.%03lld" */
	static const long long cases[] = {0, 1, 999, 1000, 999736, 1000394, -1, -1500, 123456789012345ll};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		long long v = cases[i];
		unsigned long long m = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
		snprintf(want, sizeof(want), "%s%llu.%03llu", v < 0 ? "-" : "", m / 1000, m % 1000);
		text_init(&t, buf, sizeof(buf));
		text_milli(&t, v);
		CHECK_EQ_S(t.buf, want);
	}
	/* full: cut at the buffer, terminated, the length what is there */
	char small[8];
	text_init(&t, small, sizeof(small));
	text_add(&t, "abcd");
	text_add(&t, "efghij");
	text_u64(&t, 12345);
	CHECK_EQ_S(small, "abcdefg");
	CHECK_EQ_U(t.len, 7);
	/* a count past the string stops at its end */
	text_init(&t, buf, sizeof(buf));
	text_addn(&t, "ab", 40);
	CHECK_EQ_S(buf, "ab");
	CHECK_EQ_U(t.len, 2);
}
