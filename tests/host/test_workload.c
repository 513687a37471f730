/* The workload group's programs, built standalone (WL_STANDALONE): each
 * passes its own check, fails it when one value is broken, gives the
 * same digest for the same input and another for another input, and
 * stays inside its working set at both sizes (AddressSanitizer: every
 * buffer is exactly the size the workload says). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "workload.h"

extern const struct workload *const __start_bm_workloads[], *const __stop_bm_workloads[];

static const char *const expected[] = {"numsort", "strsort", "bitfield", "fpemu", "fourier", "assign",
				       "idea",    "huffman", "neural",   "lu",    "lexer",   "crc"};
#define NEXPECTED (sizeof(expected) / sizeof(expected[0]))

static const struct workload *find(const char *name)
{
	for (const struct workload *const *w = __start_bm_workloads; w < __stop_bm_workloads; w++)
		if (strcmp((*w)->name, name) == 0)
			return *w;
	return NULL;
}

static uint64_t run_fresh(const struct workload *w, uint32_t set, uint64_t seed)
{
	void *mem = aligned_alloc(64, set);
	memset(mem, 0xA5, set); /* what the last op left: must not matter */
	uint64_t d = w->run(mem, set, seed);
	free(mem);
	return d;
}

void test_workload(void)
{
	size_t n = (size_t)(__stop_bm_workloads - __start_bm_workloads);
	CHECK_EQ_U(n, NEXPECTED);
	unsigned classes[2] = {0, 0};
	for (size_t i = 0; i < NEXPECTED; i++) {
		const struct workload *w = find(expected[i]);
		CHECK(w != NULL, "workload %s is registered", expected[i]);
		if (!w)
			continue;
		classes[w->cls]++;
		CHECK(w->set_bytes[0] >= 4096 && w->set_bytes[0] <= 16384,
		      "%s: the first set (%u bytes) fits a 32 KiB L1 with room to spare", w->name, w->set_bytes[0]);
		CHECK(w->set_bytes[1] == 0 || w->set_bytes[1] >= 128u << 10,
		      "%s: a larger set (%u bytes) is past every shipping L1", w->name, w->set_bytes[1]);
		CHECK(w->check_bytes >= w->set_bytes[0], "%s: the check has the working set", w->name);

		void *mem = malloc(w->check_bytes);
		const char *why = w->selfcheck(mem, false);
		CHECK(why == NULL, "%s: its self-check passes (%s)", w->name, why ? why : "");
		free(mem);
		mem = malloc(w->check_bytes);
		why = w->selfcheck(mem, true);
		CHECK(why != NULL, "%s: a broken value fails its self-check", w->name);
		free(mem);

		for (int s = 0; s < 2; s++) {
			uint32_t set = w->set_bytes[s];
			if (!set)
				continue;
			uint64_t a = run_fresh(w, set, 5), b = run_fresh(w, set, 5), c = run_fresh(w, set, 6);
			CHECK(a == b, "%s at %u bytes: the same input gives the same digest", w->name, set);
			CHECK(a != c, "%s at %u bytes: another input gives another digest", w->name, set);
		}
	}
	CHECK(classes[WL_INT] == 9 && classes[WL_FP] == 3, "nine integer workloads and three floating-point ones (%u, %u)",
	      classes[WL_INT], classes[WL_FP]);
}
