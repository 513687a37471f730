/* A CRC loop: CRC-32 (the IEEE 802.3 / zlib polynomial, reflected) of
 * set_bytes - 1 KiB of data from the op's seed, a byte at a time through
 * a 256-entry table that the op also builds, the way most firmware and
 * zlib's simplest path do it. The check: the catalogued check value of
 * "123456789" (0xCBF43926) and the op's buffer against lib/crc32.c,
 * which computes bit by bit without a table. */
#include "crc32.h"
#include "workload.h"

#define TABLE 1024u

static void make_table(uint32_t *t)
{
	for (uint32_t b = 0; b < 256; b++) {
		uint32_t c = b;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
		t[b] = c;
	}
}

static uint32_t crc_table(const uint32_t *t, const uint8_t *p, uint32_t n)
{
	uint32_t c = 0xFFFFFFFFu;
	for (uint32_t i = 0; i < n; i++)
		c = t[(c ^ p[i]) & 0xFF] ^ (c >> 8);
	return ~c;
}

static void fill(uint8_t *p, uint32_t n, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0xC3C3), r = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (i % 8 == 0)
			r = bm_rand(&g);
		p[i] = (uint8_t)r;
		r >>= 8;
	}
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	uint32_t *t = mem;
	uint8_t *p = (uint8_t *)mem + TABLE;
	fill(p, set - TABLE, seed);
	make_table(t);
	return crc_table(t, p, set - TABLE);
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	uint32_t *t = mem;
	uint8_t *p = (uint8_t *)mem + TABLE;
	uint32_t c = (uint32_t)run(mem, SET, 1);
	if (crc_table(t, (const uint8_t *)"123456789", 9) != 0xCBF43926u)
		return "the CRC-32 of \"123456789\" is not the catalogued 0xCBF43926";
	if (broken)
		p[SET / 3] ^= 0x08; /* a byte a fault changed */
	if (bm_crc32(0, p, SET - TABLE) != c)
		return "the table-driven CRC-32 differs from the bitwise one";
	return NULL;
}

WORKLOAD(crc, "crc", WL_INT, "CRC-32 of set_bytes-1024 bytes a byte at a time through a 256-entry table the op builds",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck, .check_bytes = SET);
