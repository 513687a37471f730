/* Numeric sort: heapsort of 32-bit signed integers (nbench's numeric
 * sort). The check sorts the same input by insertion sort, another
 * algorithm, and compares every element. */
#include "workload.h"

static void fill(int32_t *a, uint32_t n, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0x50B7);
	for (uint32_t i = 0; i < n; i += 2) {
		uint64_t r = bm_rand(&g);
		a[i] = (int32_t)(uint32_t)r;
		if (i + 1 < n)
			a[i + 1] = (int32_t)(uint32_t)(r >> 32);
	}
}

/* Moves a[root] down the max-heap a[0..end) to its place. */
static void sift_down(int32_t *a, uint32_t root, uint32_t end)
{
	int32_t v = a[root];
	for (;;) {
		uint32_t child = 2 * root + 1;
		if (child >= end)
			break;
		if (child + 1 < end && a[child + 1] > a[child])
			child++;
		if (a[child] <= v)
			break;
		a[root] = a[child];
		root = child;
	}
	a[root] = v;
}

static void heapsort(int32_t *a, uint32_t n)
{
	for (uint32_t i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (uint32_t end = n; end-- > 1;) {
		int32_t t = a[0];
		a[0] = a[end];
		a[end] = t;
		sift_down(a, 0, end);
	}
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	int32_t *a = mem;
	uint32_t n = set / 4;
	fill(a, n, seed);
	heapsort(a, n);
	return wl_mix(wl_mix((uint32_t)a[0], (uint32_t)a[n / 2]), (uint32_t)a[n - 1]);
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	int32_t *a = mem, *ref = a + SET / 4;
	uint32_t n = SET / 4;
	run(a, SET, 1);
	fill(ref, n, 1);
	if (broken)
		ref[n / 3] ^= 1 << 20; /* the input a fault had changed */
	for (uint32_t i = 1; i < n; i++) {
		int32_t v = ref[i];
		uint32_t j = i;
		for (; j > 0 && ref[j - 1] > v; j--)
			ref[j] = ref[j - 1];
		ref[j] = v;
	}
	for (uint32_t i = 0; i < n; i++)
		if (a[i] != ref[i])
			return "heapsort differs from insertion sort of the same input";
	return NULL;
}

WORKLOAD(numsort, "numsort", WL_INT, "heapsort of set_bytes/4 random 32-bit integers (filled from the op's seed)",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck,
	 .check_bytes = 2 * SET);
