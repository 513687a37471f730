#include "chase_size.h"

#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "arena.h"
#include "platform.h"
#include "summary_record.h"
#include "point_path.h"

#define MIB (1ull << 20)
/* Where no size is known, the sweep reaches past the last-level caches
 * of the boards' cores (the K3's 4 MiB L2, the RK3588's 3 MiB L3), so
 * that cache.load.lat can find the step to memory itself: 8 MiB in the
 * quick and sim profiles (quick's cap anyway), 32 MiB in the full one.
 * On a core's RTL that costs the search's millions of instructions
 * (docs/simulators.md); baremark.llc= spares them. */
#define GUESSED_SWEEP_QUICK (8 * MIB)
#define GUESSED_SWEEP_FULL (32 * MIB)

/* The chase: twice the last level, bounded by half the free memory (the
 * kernel's own bookkeeping goes beside it). A chase walked one way round
 * a cycle twice the cache's size finds each line gone when it comes
 * back (the cache holds the half walked last). */
static void set_chase(struct bm_env *e, uint64_t largest, const char *from)
{
	uint64_t room = arena_free_bytes() / 2;
	e->beyond_cache_bytes = 2 * largest < room ? 2 * largest : room;
	e->beyond_cache_from = from;
}

/* Under sim, the code a sweep may run: a jump sled must come from a
 * cache, never from memory (the C906's RTL ran branch.btb.16's 64 KiB sled
 * from its testbench memory at 31.5 cycles a jump, and read the misses as
 * a second BTB level): half the last level (the harness's code shares it),
 * at most a few times the L1 I-cache (past it the sled runs from the
 * next level, which says nothing more about the branch predictors). */
static void set_code(struct bm_env *e, uint64_t largest)
{
	/* baremark.l1i= first (the user knows the core), else the tree's */
	uint64_t l1i = e->opt->l1i_kib ? (uint64_t)e->opt->l1i_kib << 10 : e->opt->selftest_nocaches ? 0 : e->board->l1i_bytes, max = 0;
	if (e->opt->profile != BM_PROFILE_SIM)
		return;
	if (!e->caches_guessed)
		max = largest / 2;
	if (l1i && (!max || 4 * l1i < max))
		max = 4 * l1i;
	e->code_max_bytes = max;
}

/* The sweep: 4x the last level (8 MiB at most in the quick profile);
 * under sim twice it, the first size a random chase misses it at (every
 * line built costs a simulated core time). Where the size is the
 * platform's guess, far enough to find the step to memory (above). */
static void set_sweep(struct bm_env *e, uint64_t largest)
{
	enum bm_profile p = e->opt->profile;
	uint64_t sweep = 4 * largest;
	if (p == BM_PROFILE_SIM)
		sweep = 2 * largest;
	if (e->caches_guessed && p != BM_PROFILE_FULL && sweep < GUESSED_SWEEP_QUICK)
		sweep = GUESSED_SWEEP_QUICK;
	if (e->caches_guessed && p == BM_PROFILE_FULL && sweep < GUESSED_SWEEP_FULL)
		sweep = GUESSED_SWEEP_FULL;
	if (p == BM_PROFILE_QUICK && sweep > 8 * MIB)
		sweep = 8 * MIB;
	/* every point is listed; one that does not fit in free memory is a
	 * skip record saying how much it needed and how much was free */
	e->sweep_max_bytes = sweep;
}

static const char *guessed_from(void)
{
	return "2x the platform's default (no cache sizes described, and cache.load.lat did not run before the "
	       "chases or found no step to memory: the chase may sit in a cache; baremark.llc= gives the last level)";
}

void chase_size_initial(struct bm_env *e)
{
	const struct bm_options *o = e->opt;
	const struct bm_board *b = e->board;
	/* baremark.selftest=nocaches: as a tree with no cache nodes */
	uint64_t described = o->selftest_nocaches ? 0 : b->largest_cache;
	uint64_t largest = o->llc_kib ? (uint64_t)o->llc_kib << 10 : described ? described
									    : platform_get()->sweep_cache_bytes;
	e->caches_guessed = !o->llc_kib && !described;
	set_sweep(e, largest);
	set_code(e, largest);
	set_chase(e, largest,
		  o->llc_kib ? "2x baremark.llc"
		  : !e->caches_guessed ? "2x the largest cache the board describes"
				       : guessed_from());
}

void chase_size_for_core(struct bm_env *e)
{
	static char from[96];
	uint64_t largest = e->caches_guessed && !e->opt->selftest_nocaches ? arch_core_largest_cache() : 0;
	if (!largest)
		return;
	e->caches_guessed = false;
	snprintf(from, sizeof(from), "2x the largest cache this core reports (%s)", arch_core_caches_source());
	set_sweep(e, largest);
	set_code(e, largest);
	set_chase(e, largest, from);
}

BM_POINT_PATH void chase_size_after(struct bm_env *e, const struct bm_kernel *k)
{
	static char from[200];
	uint64_t step;
	if (!e->caches_guessed || strcmp(k->name, "cache.load.lat") != 0 || !summary_memory_step(&step))
		return;
	/* the first size past the last step holds more than the last cache
	 * (a working set the cache held would not have stepped): twice it
	 * is beyond the cache */
	snprintf(from, sizeof(from),
		 "2x where this core's cache.load.lat stepped to its slowest level (%llu KiB; no cache sizes "
		 "described; a cache larger than its sweep's %llu KiB would hide)",
		 (unsigned long long)(step >> 10), (unsigned long long)(e->sweep_max_bytes >> 10));
	set_chase(e, step, from);
}
