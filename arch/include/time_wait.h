/* The loop behind each port's arch_time_wait (arch.h), written once; the
 * port passes its timer read as an expression, so that it is inline and
 * a turn of the loop is a handful of instructions. */
#ifndef BM_TIME_WAIT_H
#define BM_TIME_WAIT_H
#include <stdint.h>

#define BM_TIME_WAIT(read, until, max_reads, reads)                                                                    \
	({                                                                                                             \
		uint64_t now_, n_ = 0;                                                                                 \
		do {                                                                                                   \
			now_ = (read);                                                                                 \
			n_++;                                                                                          \
		} while ((int64_t)(now_ - (until)) < 0 && n_ < (max_reads));                                           \
		*(reads) = n_;                                                                                         \
		now_;                                                                                                  \
	})
#endif
