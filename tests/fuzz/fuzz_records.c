/* libFuzzer target: the record-line parser of the host tool must survive
 * any line (AddressSanitizer and UBSan watch), and accept only lines whose
 * CRC and JSON both hold. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size ? size : 1); /* exact size: over-reads show */
	memcpy(line, data, size);
	json_t *o = NULL;
	enum rec_status s = record_parse_line(line, size, &o);
	if (s == REC_OK) {
		/* An accepted record is an object with an integer v and a type. */
		if (!json_is_object(o) || !json_is_integer(json_object_get(o, "v")) ||
		    !json_is_string(json_object_get(o, "type")))
			abort();
		json_decref(o);
	} else if (o) {
		abort(); /* a rejected line must not hand back an object */
	}
	free(line);
	return 0;
}
