/* bm_memcpy / bm_memset against byte-by-byte references at every
 * alignment of source and destination and lengths 0 to 200, with guard
 * bytes on both sides that must not change. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "wordcopy.h"

void test_wordcopy(void)
{
	uint8_t src[256], dst[256], want[256];
	for (int i = 0; i < 256; i++)
		src[i] = (uint8_t)(i * 37 + 11);
	int bad_copy = 0, bad_fill = 0, bad_ret = 0;
	for (int so = 0; so < 8; so++)
		for (int dof = 0; dof < 8; dof++)
			for (size_t n = 0; n <= 200; n++) {
				memset(dst, 0xA5, sizeof(dst));
				memcpy(want, dst, sizeof(want));
				for (size_t k = 0; k < n; k++)
					want[dof + 16 + k] = src[so + k];
				bad_ret += bm_memcpy(dst + dof + 16, src + so, n) != dst + dof + 16;
				bad_copy += memcmp(dst, want, sizeof(dst)) != 0;
				memset(dst, 0x5A, sizeof(dst));
				memcpy(want, dst, sizeof(want));
				for (size_t k = 0; k < n; k++)
					want[dof + 16 + k] = (uint8_t)(0x1C3 & 0xff);
				bad_ret += bm_memset(dst + dof + 16, 0x1C3, n) != dst + dof + 16;
				bad_fill += memcmp(dst, want, sizeof(dst)) != 0;
			}
	CHECK(bad_copy == 0, "bm_memcpy: every alignment and length copies exactly, guards intact (%d wrong)", bad_copy);
	CHECK(bad_fill == 0, "bm_memset: every alignment and length fills exactly with the low byte (%d wrong)", bad_fill);
	CHECK(bad_ret == 0, "both return the destination");
}
