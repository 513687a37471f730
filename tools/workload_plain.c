/* The workload group as an ordinary Linux program: the same program files
 * (kernels/workload/wl_*.c), built with the Linux build's compiler and
 * flags, run without the harness (no pinning, no huge-page arena, memory
 * from aligned_alloc, the clock read around each block of runs). make
 * bench prints its figures beside the Linux build's: what the harness
 * and its setting add or take away.
 *
 *   workload-plain [--only NAME]
 * prints, per program and working set, "NAME SET NS_PER_RUN DIGEST" (the
 * median over 11 blocks of the runs the harness's full profile times: 8
 * at the first set, 1 at the larger; the digest of the last block), after
 * the program's self-check. Exit 1 if a self-check fails, 2 on a usage
 * error. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "workload.h"

extern const struct workload *const __start_bm_workloads[], *const __stop_bm_workloads[];

#define BLOCKS 11

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* ns per run: the median over BLOCKS blocks of `runs` runs, after one
 * untimed block. Every run has an input of its own, as in the harness:
 * a block that replayed the last block's inputs would let the branch
 * predictor learn them. */
static double time_runs(const struct workload *w, void *mem, uint32_t set, unsigned runs, uint64_t *digest)
{
	double per[BLOCKS];
	for (int b = -1; b < BLOCKS; b++) {
		uint64_t d = 0;
		double t0 = now_ns();
		uint64_t first = 1 + (uint64_t)(b + 1) * runs;
		for (unsigned i = 0; i < runs; i++)
			d = wl_mix(d, w->run(mem, set, first + i));
		double t1 = now_ns();
		*digest = d;
		if (b >= 0)
			per[b] = (t1 - t0) / runs;
	}
	qsort(per, BLOCKS, sizeof(per[0]), by_value);
	return per[BLOCKS / 2];
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	if (argc == 3 && strcmp(argv[1], "--only") == 0)
		only = argv[2];
	else if (argc != 1) {
		fprintf(stderr, "usage: workload-plain [--only NAME]\n");
		return 2;
	}
	int status = 0;
	for (const struct workload *const *p = __start_bm_workloads; p < __stop_bm_workloads; p++) {
		const struct workload *w = *p;
		if (only && strcmp(only, w->name) != 0)
			continue;
		void *check = aligned_alloc(64, (w->check_bytes + 63) / 64 * 64);
		const char *why = check ? w->selfcheck(check, false) : "no memory for the self-check";
		free(check);
		if (why) {
			fprintf(stderr, "workload-plain: %s: self-check failed: %s\n", w->name, why);
			status = 1;
			continue;
		}
		for (int s = 0; s < 2; s++) {
			uint32_t set = w->set_bytes[s];
			if (!set)
				continue;
			void *mem = aligned_alloc(64, set);
			if (!mem) {
				fprintf(stderr, "workload-plain: %s: no memory for %u bytes\n", w->name, set);
				return 1;
			}
			uint64_t d;
			double ns = time_runs(w, mem, set, s == 0 ? 8 : 1, &d);
			printf("%s %u %.0f %016llx\n", w->name, set, ns, (unsigned long long)d);
			free(mem);
		}
	}
	return status;
}
