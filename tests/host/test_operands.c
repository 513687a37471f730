/* The operands the divide and branch kernels feed a core: they change
 * every step, keep the widths they are named for, close their cycle, and
 * never come back the same from one run to the next. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "operands.h"

static unsigned bits_of(uint64_t v)
{
	unsigned b = 0;
	for (; v; v >>= 1)
		b++;
	return b;
}

void test_operands(void)
{
	static const unsigned widths[] = {8, 32};
	for (unsigned w = 0; w < 2; w++) {
		uint64_t n[32], seed = 12345 + w, x = operands_div_cycle(n, 32, widths[w], &seed);
		uint64_t x0 = x, prev_x = 0, prev_n = 0;
		unsigned changes = 0;
		for (unsigned i = 0; i < 32; i++) {
			CHECK(bits_of(x) == widths[w], "divisor %u has %u bits, not %u", i, bits_of(x), widths[w]);
			CHECK(bits_of(n[i]) >= 2 * widths[w] - 1 && bits_of(n[i]) <= 2 * widths[w],
			      "dividend %u: %u bits for %u-bit operands", i, bits_of(n[i]), widths[w]);
			changes += x != prev_x && n[i] != prev_n;
			prev_x = x;
			prev_n = n[i];
			uint64_t q = n[i] / x;
			CHECK(bits_of(q) == widths[w], "quotient %u has %u bits", i, bits_of(q));
			x = q;
		}
		CHECK(changes == 32, "both operands change at every one of the 32 steps (%u did)", changes);
		CHECK(x == x0, "the chain is a cycle: after 32 divisions it is back at its start");
	}
	/* the widest: a 64-bit dividend by a 32-bit divisor */
	uint64_t n[32], seed = 7;
	(void)operands_div_cycle(n, 32, 32, &seed);
	unsigned top = 0;
	for (int i = 0; i < 32; i++)
		top += bits_of(n[i]) == 64;
	CHECK(top > 0, "some dividends use all 64 bits (%u of 32)", top);

	double c[32];
	seed = 99;
	double fx = operands_fdiv_cycle(c, 32, &seed), x = fx;
	unsigned distinct = 0;
	for (int i = 0; i < 32; i++) {
		double next = c[i] / x;
		distinct += next != x;
		CHECK(next >= 1.0 && next < 2.0, "fp chain stays in [1, 2): step %d gives %g", i, next);
		x = next;
	}
	CHECK(distinct == 32, "the fp chain's value changes every step (%u of 32)", distinct);

	/* Outcomes: half taken, and a second fill is a different sequence. */
	static uint8_t a[65536], b[65536];
	seed = 1;
	uint64_t ones_a = operands_outcomes(a, sizeof(a), &seed);
	uint64_t ones_b = operands_outcomes(b, sizeof(b), &seed);
	uint64_t counted = 0, same = 0, odd = 0;
	for (size_t i = 0; i < sizeof(a); i++) {
		counted += a[i];
		same += a[i] == b[i];
		odd += a[i] > 1;
	}
	CHECK(odd == 0, "outcome bytes are 0 or 1 (%llu are not)", (unsigned long long)odd);
	CHECK(counted == ones_a, "the count of taken outcomes is returned (%llu)", (unsigned long long)ones_a);
	CHECK(ones_a > 32768 - 1024 && ones_a < 32768 + 1024 && ones_b > 32768 - 1024 && ones_b < 32768 + 1024,
	      "about half taken: %llu, %llu", (unsigned long long)ones_a, (unsigned long long)ones_b);
	CHECK(same > 32768 - 1024 && same < 32768 + 1024,
	      "a refill is a new sequence, agreeing with the last about half the time (%llu of 65536)",
	      (unsigned long long)same);
	/* an unaligned start and an odd length: bytes before and after the
	 * word-at-a-time part, and nothing written outside [b, b + n) */
	for (size_t off = 0; off < 8; off++) {
		size_t n = 1001 + off;
		memset(a, 7, 1100);
		uint64_t ones = operands_outcomes(a + off, n, &seed), c = 0, bad = 0;
		for (size_t i = 0; i < n; i++) {
			c += a[off + i];
			bad += a[off + i] > 1;
		}
		for (size_t i = 0; i < 1100; i++)
			bad += (i < off || i >= off + n) && a[i] != 7;
		CHECK(bad == 0 && c == ones && ones > 400 && ones < 600,
		      "outcomes at offset %zu, %zu of them: %llu counted, %llu returned, %llu bytes wrong", off, n,
		      (unsigned long long)c, (unsigned long long)ones, (unsigned long long)bad);
	}
}
