/* Bitwise CRC-32: records are short and the image has no room to spare for
 * a 1 KiB table per ISA; speed does not matter here. */
#include "crc32.h"

uint32_t bm_crc32(uint32_t crc, const void *data, size_t len)
{
	const uint8_t *p = data;
	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return ~crc;
}
