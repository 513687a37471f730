/* The code each core runs in the multi-core kernels (harness/multicore.c
 * orchestrates, times and reports). */
#ifndef BM_MC_BODIES_H
#define BM_MC_BODIES_H
#include <stdbool.h>
#include <stdint.h>

/* Ping-pong on one cache line: side 0 writes odd values when it sees the
 * even one before, side 1 the even ones. Side 0 times `rounds` round
 * trips after `warm` of them. False when the other side stopped answering
 * for `limit` timer ticks. */
struct mc_pingpong {
	volatile uint64_t *line;
	uint64_t warm, rounds, limit;
	int side;
	bool ok;
	uint64_t t0, t1; /* side 0: timer at the start and end of the timed rounds */
};
void mc_pingpong(void *arg);

/* Sweeps a buffer `reps` times: read (sum of words), write (a constant),
 * or copy (src to dst), 64-bit words, timing itself. */
enum mc_bw_kind { MC_READ, MC_WRITE, MC_COPY };
struct mc_bw {
	enum mc_bw_kind kind;
	uint64_t *src, *dst;
	uint64_t words, reps;
	uint64_t sum;    /* read: the last sweep's sum */
	uint64_t t0, t1;
};
void mc_bandwidth(void *arg);

/* Counts the primes below `limit` by trial division (like sysbench's cpu
 * test), timing itself. */
struct mc_primes {
	uint32_t limit;
	uint32_t count;
	uint64_t t0, t1;
};
void mc_primes(void *arg);
#endif
