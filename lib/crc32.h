#ifndef BM_CRC32_H
#define BM_CRC32_H
#include <stddef.h>
#include <stdint.h>
/* CRC-32/IEEE 802.3 (reflected polynomial 0xEDB88320, initial and final
 * XOR 0xFFFFFFFF): the value zlib's crc32() returns. `crc` is the value so
 * far (0 to start), so a buffer can be fed in pieces. */
uint32_t bm_crc32(uint32_t crc, const void *data, size_t len);
#endif
