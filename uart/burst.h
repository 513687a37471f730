/* The write loop of both UART drivers, written once: n bytes of s, each
 * "\n" as "\r\n", polling the UART only once for every `burst` bytes.
 * READY is the drivers' poll (true when `burst` bytes may be written at
 * once: an empty transmit FIFO, or with none an empty holding register);
 * PUT(c) writes one byte. With a FIFO (burst > 1) up to burst - 1 bytes of
 * s go out a poll, so that a '\n' and the '\r' before it always fit (each
 * '\r' takes the place of one byte of s): five instructions a byte on
 * RISC-V, where every printed byte goes (issue 30: a core's RTL in a
 * simulator pays for each). Without one, one byte a poll. A UART that is
 * not ready within `max_polls` polls stops the write. Evaluates to how
 * many bytes of s went out. */
#ifndef BM_UART_BURST_H
#define BM_UART_BURST_H
#include <stdbool.h>
#include <stddef.h>

#define UART_WRITE_BURST(READY, PUT, s, n, burst, max_polls)                                                          \
	({                                                                                                             \
		const char *p_ = (s), *end_ = p_ + (n);                                                                \
		bool cr_ = false; /* no FIFO: the '\r' of the '\n' at p_ has gone */                                   \
		while (p_ < end_) {                                                                                    \
			unsigned polls_ = 0;                                                                           \
			while (!(READY) && ++polls_ < (max_polls))                                                     \
				;                                                                                      \
			if (polls_ == (max_polls))                                                                     \
				break;                                                                                 \
			if ((burst) == 1) {                                                                            \
				cr_ = *p_ == '\n' && !cr_;                                                             \
				PUT((uint8_t)(cr_ ? '\r' : *p_++));                                                    \
				continue;                                                                              \
			}                                                                                              \
			size_t take_ = (size_t)(end_ - p_) < (burst) - 1 ? (size_t)(end_ - p_) : (burst) - 1;          \
			for (const char *stop_ = p_ + take_; p_ < stop_;) {                                            \
				char c_ = *p_++;                                                                       \
				if (c_ == '\n') {                                                                      \
					PUT('\r');                                                                     \
					stop_--;                                                                       \
				}                                                                                      \
				PUT((uint8_t)c_);                                                                      \
			}                                                                                              \
		}                                                                                                      \
		(size_t)(p_ - (s));                                                                                    \
	})
#endif
