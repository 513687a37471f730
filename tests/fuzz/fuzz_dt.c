/* libFuzzer target: the device-tree reader and the board description
 * built from it must survive any bytes (AddressSanitizer and UBSan catch
 * what a test's assertions would not). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "dt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* An exact-size copy, so reading one byte past the end is caught. */
	uint8_t *blob = malloc(size ? size : 1);
	memcpy(blob, data, size);
	struct bm_board b;
	memset(&b, 0, sizeof(b));
	if (board_from_fdt(&b, blob, size, NULL) == 0) {
		/* Walk everything the reader offers on an accepted tree. */
		struct dt f;
		if (dt_open(&f, blob, size) == 0) {
			int depth = 0;
			for (int n = dt_root(&f); n >= 0; n = dt_next_node(&f, n, &depth)) {
				int len;
				(void)dt_name(&f, n);
				(void)dt_prop(&f, n, "reg", &len);
				(void)dt_prop_str(&f, n, "compatible");
			}
			(void)dt_by_phandle(&f, 1);
		}
	}
	free(blob);
	return 0;
}
