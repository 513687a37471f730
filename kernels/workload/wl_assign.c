/* The assignment problem (nbench's assignment test): the cheapest way to
 * give each of n workers one of n jobs, costs random in [0, 1024), solved
 * by the Hungarian method with row and column potentials (Kuhn and
 * Munkres; O(n^3)). One run solves PROBLEMS matrices, for the largest n
 * whose matrices and work arrays fit set_bytes (15 at 8 KiB, 63 at
 * 128 KiB): the method's work varies by about 16% from one random matrix
 * to the next (the lengths of its augmenting paths), and a run of eight
 * varies a third as much, little enough for a median over repeats to
 * settle. The check proves each answer optimal another way: the
 * potentials are a feasible dual (u_i + v_j <= c_ij everywhere, equal on
 * the assignment, so no assignment costs less, by LP duality), and on an
 * 8 x 8 matrix the method matches a search of all 40320 assignments. */
#include "workload.h"

#define BIG 0x3FFFFFFF
#define PROBLEMS 8

struct hung {
	uint32_t n;
	int32_t *c;                        /* n x n, row major */
	int32_t *u, *v, *p, *way, *minv, *used; /* n + 1 each; p[j]: the row (1-based) in column j */
};

static uint32_t size_for(uint32_t set)
{
	uint32_t n = 1;
	while (PROBLEMS * 4 * (n + 1) * (n + 1) + 24 * (n + 2) <= set)
		n++;
	return n;
}

/* The k-th problem's matrix; the work arrays, shared, after the last. */
static struct hung layout(void *mem, uint32_t n, uint32_t k)
{
	struct hung h;
	h.n = n;
	h.c = (int32_t *)mem + k * n * n;
	h.u = (int32_t *)mem + PROBLEMS * n * n;
	h.v = h.u + n + 1;
	h.p = h.v + n + 1;
	h.way = h.p + n + 1;
	h.minv = h.way + n + 1;
	h.used = h.minv + n + 1;
	return h;
}

static void fill(const struct hung *h, uint64_t seed, uint32_t k)
{
	uint64_t g = wl_seed(seed, 0xA551 + k);
	for (uint32_t i = 0; i < h->n * h->n; i += 4) {
		uint64_t r = bm_rand(&g);
		for (uint32_t k = 0; k < 4 && i + k < h->n * h->n; k++)
			h->c[i + k] = (int32_t)(r >> (16 * k) & 1023);
	}
}

/* Adds the rows one by one; each addition grows a tree of tight edges by
 * shortest augmenting path, adjusting the potentials by the least slack. */
static int64_t solve(const struct hung *h)
{
	uint32_t n = h->n;
	for (uint32_t j = 0; j <= n; j++)
		h->u[j] = h->v[j] = h->p[j] = h->way[j] = 0;
	for (uint32_t i = 1; i <= n; i++) {
		uint32_t j0 = 0;
		h->p[0] = (int32_t)i;
		for (uint32_t j = 0; j <= n; j++) {
			h->minv[j] = BIG;
			h->used[j] = 0;
		}
		do {
			h->used[j0] = 1;
			uint32_t i0 = (uint32_t)h->p[j0], j1 = 0;
			int32_t delta = BIG;
			const int32_t *row = h->c + (i0 - 1) * n;
			for (uint32_t j = 1; j <= n; j++) {
				if (h->used[j])
					continue;
				int32_t cur = row[j - 1] - h->u[i0] - h->v[j];
				if (cur < h->minv[j]) {
					h->minv[j] = cur;
					h->way[j] = (int32_t)j0;
				}
				if (h->minv[j] < delta) {
					delta = h->minv[j];
					j1 = j;
				}
			}
			for (uint32_t j = 0; j <= n; j++) {
				if (h->used[j]) {
					h->u[h->p[j]] += delta;
					h->v[j] -= delta;
				} else {
					h->minv[j] -= delta;
				}
			}
			j0 = j1;
		} while (h->p[j0]);
		do {
			uint32_t j1 = (uint32_t)h->way[j0];
			h->p[j0] = h->p[j1];
			j0 = j1;
		} while (j0);
	}
	int64_t cost = 0;
	for (uint32_t j = 1; j <= n; j++)
		cost += h->c[(uint32_t)(h->p[j] - 1) * n + j - 1];
	return cost;
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	uint32_t n = size_for(set);
	uint64_t d = 0;
	for (uint32_t k = 0; k < PROBLEMS; k++) {
		struct hung h = layout(mem, n, k);
		fill(&h, seed, k);
		int64_t cost = solve(&h);
		d = wl_mix(wl_mix(d, (uint64_t)cost), (uint64_t)h.p[1] << 32 | (uint32_t)h.p[n]);
	}
	return d;
}

/* The cheapest of all n! assignments (Heap's order of permutations). */
static int64_t brute_force(const int32_t *c, uint32_t n)
{
	uint32_t perm[8], cnt[8] = {0};
	for (uint32_t i = 0; i < n; i++)
		perm[i] = i;
	int64_t best = INT64_MAX;
	for (uint32_t i = 0;;) {
		int64_t s = 0;
		for (uint32_t r = 0; r < n; r++)
			s += c[r * n + perm[r]];
		if (s < best)
			best = s;
		while (i < n && cnt[i] >= i) {
			cnt[i] = 0;
			i++;
		}
		if (i >= n)
			break;
		uint32_t a = i % 2 ? cnt[i] : 0, t = perm[a];
		perm[a] = perm[i];
		perm[i] = t;
		cnt[i]++;
		i = 1;
	}
	return best;
}

#define SET 8192u

/* The optimality certificate of the problem just solved in h. */
static const char *certify(const struct hung *h, int64_t cost, bool broken)
{
	uint32_t n = h->n;
	int32_t *col_of = h->minv; /* reused: the column of each row */
	for (uint32_t j = 0; j <= n; j++)
		col_of[j] = 0;
	for (uint32_t j = 1; j <= n; j++) {
		if (h->p[j] < 1 || (uint32_t)h->p[j] > n || col_of[h->p[j]])
			return "the assignment is not one job per worker";
		col_of[h->p[j]] = (int32_t)j;
	}
	if (broken) /* a cost a fault changed: one of row 1's outside the assignment made cheap */
		h->c[col_of[1] == 1 ? 1 : 0] = -1000;
	int64_t dual = 0;
	for (uint32_t i = 1; i <= n; i++) {
		dual += h->u[i];
		for (uint32_t j = 1; j <= n; j++) {
			int32_t slack = h->c[(i - 1) * n + j - 1] - h->u[i] - h->v[j];
			if (slack < 0 || (col_of[i] == (int32_t)j && slack != 0))
				return "the potentials do not prove the assignment optimal";
		}
	}
	for (uint32_t j = 1; j <= n; j++)
		dual += h->v[j];
	if (dual != cost)
		return "the assignment's cost differs from its dual bound";
	return NULL;
}

static const char *selfcheck(void *mem, bool broken)
{
	uint32_t n = size_for(SET);
	for (uint32_t k = 0; k < PROBLEMS; k++) {
		struct hung h = layout(mem, n, k);
		fill(&h, 1, k);
		const char *why = certify(&h, solve(&h), broken && k == 0);
		if (why)
			return why;
	}
	/* and on a small matrix, against every assignment */
	struct hung s = layout(mem, 8, 0);
	fill(&s, 2, 0);
	if (brute_force(s.c, 8) != solve(&s))
		return "the Hungarian method differs from a search of all 8 x 8 assignments";
	return NULL;
}

WORKLOAD(assign, "assign", WL_INT,
	 "the cheapest assignments of eight n x n random cost matrices filling set_bytes (n = 15 at 8 KiB)",
	 .set_bytes = {SET, 128u << 10}, .run = run, .selfcheck = selfcheck, .check_bytes = SET);
