/* The Linux build's timer choice (clock.c). */
#ifndef BM_LINUX_CLOCK_H
#define BM_LINUX_CLOCK_H
#include <stddef.h>
#include <stdint.h>
/* Chooses arch_time()'s source; returns its rate in Hz and says which
 * source and why in `why`. */
uint64_t linux_clock_init(char *why, size_t cap);
/* CLOCK_MONOTONIC_RAW in ns (also the cycle estimate's clock). */
uint64_t linux_clock_ns(void);
/* What linux_clock_init chose, for the core record. */
extern char linux_clock_why[96];
#endif
