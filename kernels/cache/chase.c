/* Load-to-use latency against working-set size: a pointer chase through a
 * random cyclic permutation of 64-byte lines (so neither a stride
 * prefetcher nor a next-line prefetcher can guess the next address).
 * Each line holds [next pointer, position in the cycle], so the self-check
 * knows exactly where the chase must end after any number of steps.
 * cache.seq.lat chases the same lines in address order instead, and
 * cache.tlb.lat one line per page, and cache.tlb.flush the same pages
 * with the TLB flushed before each load. */
#include "arch.h"
#include "chase_build.h"
#include "kernel.h"

#define LINE CHASE_LINE
#define UNROLL 64u
#define MIN_BYTES 1024u
#define SIM_MIN_ITERS 64u   /* 4,096 loads a body within the caches under sim */
#define SIM_EDGE_ITERS 512u /* 32,768 at the last cache's size (prepare) */

/* What a chase kernel walks: lines in random or address order, or one
 * line per 4 KiB page (the param then counts pages). */
struct chase_kind {
	bool sequential, per_page;
};

#define PAGE 4096u

struct chase_state {
	uint64_t *start; /* first field: the body loads it */
	uint64_t lines;
	struct bm_bodies flush; /* cache.tlb.flush: the port's flush bodies */
};

/* 1, 2, 4 ... KiB; the full profile adds the 1.5x points between. */
bool cache_sweep(const struct bm_env *env, unsigned i, uint64_t *value)
{
	bool full = env->opt->profile == BM_PROFILE_FULL;
	unsigned step = full ? i / 2 : i;
	if (step >= 40)
		return false;
	uint64_t v = (uint64_t)MIN_BYTES << step;
	if (full && (i & 1))
		v += v / 2;
	if (v > env->sweep_max_bytes)
		return false;
	*value = v;
	return true;
}

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t bytes, uint64_t *iters,
		     const char **why)
{
	const struct chase_kind *kind = k->arg;
	uint64_t n = kind->per_page ? bytes : bytes / LINE; /* per page, the parameter is pages */
	uint64_t free_bytes = arena_free_bytes(), buf_bytes = kind->per_page ? n * PAGE : bytes;
	struct chase_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *buf = arena_alloc(buf_bytes, 4096);
	if (!s || !buf) {
		*why = bm_no_memory("the working set", buf_bytes, free_bytes);
		return NULL;
	}
	/* One line per page only means one TLB entry per line where the
	 * pages are 4 KiB: the arch shows the buffer through such pages. */
	if (kind->per_page && !(buf = arch_small_pages_view(buf, n * PAGE, why)))
		return NULL;
	s->start = chase_build_strided(buf, n, kind->per_page ? PAGE : LINE,
				       kind->sequential ? 0 : 0x9E3779B97F4A7C15ull ^ bytes);
	s->lines = n;
	/* Each timed body walks the whole cycle at least twice. Under sim
	 * once: the untimed run before it has walked it, and a cycle-exact
	 * model needs no second lap to settle. Past the last cache (the
	 * lines the chase touches, one a page for cache.tlb.lat), where
	 * every load is a miss, no more than that (the 64 KiB point's 2,048
	 * loads cost the C906's RTL 1.9 M cycles, issue 45); within it at
	 * least 4,096 loads, so that what differs between the N and 2N
	 * bodies once (a line of the harness's evicting one of the chase's,
	 * at a cache's edge) stays under the L1 floor's 1%: at 512 loads
	 * the C906's 32 KiB L1 read 1.57 with a 32 KiB chase. At the last
	 * cache's size itself (the set fills every way, and a line it loses
	 * comes back from memory) 32,768: there the harness's own lines
	 * between and around the timed runs displace the chase's in every
	 * timed run, 40-47 misses a run on the C906's RTL (5,000-5,900
	 * cycles), and how many varies by a few from run to run, whatever
	 * the body's length. Nine repeats each: at 4,096 loads 2N - N read
	 * 7,689-8,381 cycles for a truth of 8,192 (1.88-2.05 an op), at
	 * 16,384 loads 32,157-33,016 for 32,768 (1.963-2.015): under the
	 * floor's 1% one run in six; at 32,768 loads the same spread is
	 * 1.98-2.01. */
	bool sim = env->opt->profile == BM_PROFILE_SIM;
	uint64_t need = ((sim ? 1 : 2) * n + UNROLL - 1) / UNROLL;
	if (sim) {
		uint64_t least = 2 * n * LINE >= env->beyond_cache_bytes ? SIM_EDGE_ITERS : SIM_MIN_ITERS;
		*iters = n * LINE >= env->beyond_cache_bytes || need > least ? need : least;
	} else if (*iters < need)
		*iters = need;
	return s;
}

static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct chase_state *s = state;
	uint64_t steps = iters * UNROLL * (variant + 1);
	const uint64_t *end = (const uint64_t *)(uintptr_t)result;
	return end && end[1] == steps % s->lines;
}

uint64_t bm_chase_x1(void *, uint64_t);
uint64_t bm_chase_x2(void *, uint64_t);

#define CHASE_KERNEL(id, kname, opname, pname, pfn, verify_, structure_, largest_, ...)        \
	static const struct chase_kind id##_kind = {__VA_ARGS__};                              \
	BM_KERNEL(id) = {                                                                      \
		.name = kname, .op = opname, .param_name = pname, .param = pfn, .prepare = prepare, \
		.verify = verify_, .body = {bm_chase_x1, bm_chase_x2}, .ops_per_iter = UNROLL,    \
		.check = check, .arg = &id##_kind, .floor = BM_FLOOR_L1_LOAD,                      \
		.structure = structure_, .summary_reads_largest = largest_,                        \
		.warm_one_iteration = true,                                                        \
	}

CHASE_KERNEL(cache_latency, "cache.load.lat", "dependent load", "bytes", cache_sweep, NULL, true, false, false, false);

/* The same chase through the lines in address order: what a stride
 * prefetcher can follow. Beside cache.load.lat it shows how much of the
 * latency the prefetchers hide at each working set. */
CHASE_KERNEL(cache_sequential, "cache.seq.lat", "dependent load, next line", "bytes", cache_sweep, NULL, false, true,
	     true, false);

/* TLB reach: one line in each of `pages` 4 KiB pages (at a different
 * offset in each, so that the lines spread over the cache's sets), in a
 * random order. Beside cache.load.lat at pages x 64 bytes (the same
 * number of lines, packed), the difference is the translation's cost.
 * On bare metal the pages are a window onto the buffer
 * (arch/arm64/mmu.c, arch/riscv/paging.c). At most 16384 pages (64 MiB,
 * the window's size). */
static bool tlb_pages(const struct bm_env *env, unsigned i, uint64_t *value)
{
	uint64_t v = 16ull << i;
	if (i > 10 || v * PAGE > env->beyond_cache_bytes * 4)
		return false;
	*value = v;
	return true;
}

static const char *tlb_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)k, (void)env;
	const char *why = arch_small_pages();
	*skip = why != NULL;
	return why;
}

CHASE_KERNEL(cache_tlb, "cache.tlb.lat", "dependent load, one line per 4 KiB page", "pages", tlb_pages, tlb_verify, true,
	     false, false, true);

/* The cost of a TLB refill, and what counts it: the pages of
 * cache.tlb.lat with every translation flushed before each load, so each
 * load walks the page tables (through whatever page-walk caches the flush
 * leaves) and the loop's own code page is refetched through the
 * instruction TLB. Per op: the flush, one walk and one load. Its events
 * (dtlb_read_miss and itlb_miss where the SBI PMU counts them) say that
 * exactly one data-TLB miss happens per op where the core counts one;
 * QEMU's virt machine does, through OpenSBI, and reads 1.000. Only a few
 * pages: the walk's own loads stay in cache, so a point's cost is the
 * flush and the walk, not memory. */
static bool flush_pages(const struct bm_env *env, unsigned i, uint64_t *value)
{
	(void)env;
	if (i > 2)
		return false;
	*value = 16ull << (2 * i); /* 16, 64, 256 */
	return true;
}

#if defined(__riscv)
uint64_t bm_chase_flush_x1(void *, uint64_t);
uint64_t bm_chase_flush_x2(void *, uint64_t);
#elif defined(__aarch64__)
uint64_t bm_chase_flush_el1_x1(void *, uint64_t);
uint64_t bm_chase_flush_el1_x2(void *, uint64_t);
uint64_t bm_chase_flush_el2_x1(void *, uint64_t);
uint64_t bm_chase_flush_el2_x2(void *, uint64_t);
#endif

/* The flush the port runs at the image's level; false where none. */
static bool flush_bodies(struct bm_bodies *b, const char **why)
{
	int kind = arch_tlb_flush_kind(why);
#if defined(__riscv)
	*b = (struct bm_bodies){bm_chase_flush_x1, bm_chase_flush_x2};
#elif defined(__aarch64__)
	*b = kind == 2 ? (struct bm_bodies){bm_chase_flush_el2_x1, bm_chase_flush_el2_x2}
		       : (struct bm_bodies){bm_chase_flush_el1_x1, bm_chase_flush_el1_x2};
#else
	(void)b;
	if (kind)
		*why = "no TLB flush body for this ISA";
	kind = 0;
#endif
	return kind != 0;
}

static const char *flush_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	(void)k, (void)env;
	struct bm_bodies b;
	const char *why = NULL;
	*skip = !flush_bodies(&b, &why);
	return *skip ? why : NULL;
}

static void *flush_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t pages, uint64_t *iters,
			   const char **why)
{
	struct chase_state *s = prepare(k, env, pages, iters, why);
	if (s && !flush_bodies(&s->flush, why))
		return NULL;
	return s;
}

BM_STATE_BODIES(struct chase_state, flush)

static const struct chase_kind flush_kind = {.per_page = true};
BM_KERNEL(cache_tlb_flush) = {
	.name = "cache.tlb.flush",
	.op = "TLB flush, then a dependent load on another 4 KiB page",
	.param_name = "pages",
	.param = flush_pages,
	.prepare = flush_prepare,
	.verify = flush_verify,
	.body = {body_x1, body_x2},
	.ops_per_iter = UNROLL,
	.check = check,
	.arg = &flush_kind,
	.floor = BM_FLOOR_L1_LOAD,
};
