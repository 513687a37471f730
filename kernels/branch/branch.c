/* Conditional-branch kernels. One branch per op, taken or not as an array
 * of outcome bytes says:
 *   branch.predictable   always the same outcome;
 *   branch.random        a fresh random outcome every time (about half
 *                        of them mispredicted on any predictor): 64 Ki
 *                        branches or more per timed body, and every timed
 *                        run gets outcomes no earlier run had (refresh),
 *                        so no predictor can learn them;
 *   branch.pattern       a random pattern repeating every `period`
 *                        branches, new for each timed run and shown to
 *                        the core in the untimed run before it: short
 *                        periods are learnt, long ones are not, so the
 *                        step shows the predictor's reach;
 *   branch.history       groups of a random branch, `fillers` branches that
 *                        are never taken, and a branch that copies the
 *                        first: the copy is predictable only while the
 *                        global history still holds the first outcome, so
 *                        mispredicts per group go from 0.5 to 1 once the
 *                        fillers outrun the history. One mispredict among
 *                        fillers + 2 branches is lost in the cycles: the
 *                        summary reads this one from the br_miss event.
 * Random outcomes and history groups are new for every run; a pattern is
 * new for every timed run but shown to the core first (refresh).
 * The mispredict penalty is (random - predictable) cycles per op divided
 * by the mispredicts per op (the br_miss event where the core has it). */
#include <string.h>

#include "kernel.h"
#include "operands.h"

#define UNROLL 64u

enum mode { PREDICTABLE, RANDOM, PATTERN, HISTORY };

struct branch_state {
	const uint8_t *bytes; /* first field: the body loads it */
	uint64_t ones[2];     /* non-zero bytes each body will see */
	uint8_t *buf;
	uint64_t param, seed;
	enum mode mode;
	uint64_t generation, checks;    /* outcome sets made by refresh; checked runs */
	uint64_t warm_checks;           /* the warm-up's checked runs (bm_warmup_checks) */
	uint64_t generation_checked;    /* the set the last checked run saw */
};

static bool periods(const struct bm_env *env, unsigned i, uint64_t *value)
{
	/* 64 Ki / 4 Ki; 2 Ki under sim (the 4 Ki period alone cost a
	 * simulated core a million instructions) */
	unsigned top = env->opt->profile == BM_PROFILE_FULL ? 16 : env->opt->profile == BM_PROFILE_SIM ? 11 : 12;
	if (i + 1 > top)
		return false;
	*value = 2ull << i;
	return true;
}

/* 1, 2, 4 ... 256 fillers (1024 in the full profile) */
static bool fillers(const struct bm_env *env, unsigned i, uint64_t *value)
{
	unsigned top = env->opt->profile == BM_PROFILE_FULL ? 11 : 9;
	if (i >= top)
		return false;
	*value = 1ull << i;
	return true;
}

/* The non-zero bytes among the first n (each byte 0 or 1): eight at a
 * time, the multiply adding a word's bytes into its top byte. */
typedef uint64_t __attribute__((may_alias)) outcome_word;

static uint64_t ones_in(const uint8_t *b, uint64_t n)
{
	uint64_t ones = 0, i = 0;
	for (; i + 8 <= n; i += 8) /* b is the arena's, 64-byte aligned */
		ones += (*(const outcome_word *)(const void *)(b + i) * 0x0101010101010101ull) >> 56;
	for (; i < n; i++)
		ones += b[i] != 0;
	return ones;
}

/* Outcomes for the first n bytes from the state's generator: random
 * (fresh for every run), a random pattern of `param` repeated, or history
 * groups; returns the non-zero bytes among them. Each random draw gives
 * 64 outcomes, and what repeats is copied, not worked out a byte at a
 * time: on a simulated core the byte loop cost the pattern and history
 * sweeps 2 M instructions. */
static uint64_t fill(struct branch_state *s, uint64_t n)
{
	uint8_t *b = s->buf;
	if (s->mode == PREDICTABLE) {
		memset(b, 1, n);
		return n;
	}
	if (s->mode == RANDOM)
		return operands_outcomes(b, n, &s->seed);
	if (s->mode == PATTERN) {
		uint64_t len = s->param < n ? s->param : n;
		operands_outcomes(b, len, &s->seed);
		while (len < n) { /* b[i] = b[i - param]: the period, then twice it ... */
			uint64_t c = len < n - len ? len : n - len;
			memcpy(b + len, b, c);
			len += c;
		}
		return ones_in(b, n);
	}
	/* HISTORY: groups of a random outcome, `param` never-taken fillers
	 * and the copy of the first. The fillers in one memset first, the
	 * two outcomes of each group over them (a memset a group cost the
	 * history sweep 4,700 calls under sim, most of one byte) */
	uint64_t repeat = s->param + 2, r = 0;
	memset(b, 1, n);
	for (uint64_t g = 0, k = 0; g < n; g += repeat, k++) {
		if ((k & 63) == 0)
			r = bm_rand(&s->seed);
		uint8_t first = (uint8_t)(r >> (k & 63) & 1);
		b[g] = first;
		if (g + repeat - 1 < n)
			b[g + repeat - 1] = first;
	}
	return ones_in(b, n);
}

/* The random outcomes one timed body sees: far more branches than any
 * predictor's tables hold (64 Ki in the N body). */
#define RANDOM_MIN_BRANCHES 65536u

static void *prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		     const char **why)
{
	enum mode mode = (enum mode)(uintptr_t)k->arg;
	/* See each pattern repeat at least 8 times inside one timed body, and
	 * at least 64 history groups (fillers + 2 branches each). Under sim
	 * a quarter of each, and of the random branches: fresh random
	 * outcomes mispredict as often in 4 Ki branches as in 64 Ki, and a
	 * cycle-exact model needs no more to average them (on a simulated
	 * core these three kernels cost 23 M instructions). */
	bool sim = env->opt->profile == BM_PROFILE_SIM;
	uint64_t repeat = mode == HISTORY ? param + 2 : param, times = (mode == HISTORY ? 64 : 8) / (sim ? 4 : 1);
	uint64_t random_min = RANDOM_MIN_BRANCHES / (sim ? 16 : 1);
	if (sim && *iters > 8)
		*iters /= 4;
	if ((mode == PATTERN || mode == HISTORY) && *iters * UNROLL < times * repeat)
		*iters = (times * repeat + UNROLL - 1) / UNROLL;
	/* the always-taken kernel runs as many branches as the random one:
	 * the penalty is their difference, and what a pass leaves over (a
	 * few hundred cycles on a small core, by where the build puts its
	 * code) must weigh the same in both. At 512 under sim the C906's RTL
	 * read it at 6.0 to 6.86 cycles by build, the random kernel's 4 Ki
	 * within 0.1, and the penalty at 1.4 to 3.3 */
	if ((mode == RANDOM || mode == PREDICTABLE) && *iters * UNROLL < random_min)
		*iters = random_min / UNROLL;
	uint64_t len = 2 * UNROLL * *iters; /* what body[1] reads */
	struct branch_state *s = arena_alloc(sizeof(*s), 64);
	uint8_t *b = arena_alloc(len, 64);
	if (!s || !b) {
		*why = "not enough free memory for the outcome array";
		return NULL;
	}
	*s = (struct branch_state){.bytes = b, .buf = b, .param = param, .mode = mode,
				   .seed = 0x2545F4914F6CDD1Dull + param, .warm_checks = bm_warmup_checks(env)};
	s->ones[1] = fill(s, len);
	s->ones[0] = ones_in(b, len / 2);
	return s;
}

/* Outcomes the core has never seen, so nothing a predictor learnt in the
 * warm-up or an earlier repeat is replayed: random outcomes and history
 * groups new for the untimed run and again for the timed one. A pattern
 * is meant to be learnt: a new one for the untimed run (both bodies'
 * length), which the timed run then sees again, so the N and 2N bodies
 * both measure the pattern once the core has seen it for 8 periods or
 * more (while it is still being learnt, as near a predictor's capacity,
 * their difference measures nothing steady). The always-taken kernel has
 * nothing to renew. */
static void refresh(void *state, unsigned variant, uint64_t iters, bool timed)
{
	struct branch_state *s = state;
	if (s->mode == PREDICTABLE || (s->mode == PATTERN && timed))
		return;
	uint64_t n = UNROLL * iters;
	if (s->mode == PATTERN) {
		s->ones[1] = fill(s, 2 * n);
		s->ones[0] = ones_in(s->buf, n);
	} else {
		s->ones[variant] = fill(s, n * (variant + 1));
	}
	s->generation++;
}

/* Besides the count of taken outcomes, the protocol: the warm-up's
 * checked runs (two; one under sim) see the outcomes prepare made, and
 * every checked run after them (a timed one) a set newer than any
 * checked run saw. A timed run
 * that replayed outcomes fails here, so it is never reported. */
static bool check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	(void)iters;
	struct branch_state *s = (struct branch_state *)state;
	if (s->mode != PREDICTABLE && ++s->checks > s->warm_checks) {
		if (s->generation <= s->generation_checked)
			return false;
		s->generation_checked = s->generation;
	}
	return result == s->ones[variant];
}

uint64_t bm_branch_x1(void *, uint64_t);
uint64_t bm_branch_x2(void *, uint64_t);

#define BRANCH(id, kname, mode, pname, pfn, structure_)                                                \
	BM_KERNEL(id) = {                                                                              \
		.name = kname, .op = "conditional branch", .param_name = pname, .param = pfn,          \
		.prepare = prepare, .body = {bm_branch_x1, bm_branch_x2}, .ops_per_iter = UNROLL,      \
		.check = check, .refresh = refresh, .structure = structure_,                           \
		.arg = (const void *)(uintptr_t)mode,                                                  \
	}

BRANCH(branch_predictable, "branch.predictable", PREDICTABLE, NULL, NULL, false);
BRANCH(branch_random, "branch.random", RANDOM, NULL, NULL, false);
BRANCH(branch_pattern, "branch.pattern", PATTERN, "period", periods, true);
BRANCH(branch_history, "branch.history", HISTORY, "fillers", fillers, true);
