/* The harness side of the workload group (workload.h): one op is one run
 * of the program; body[0] runs `iters` of them, body[1] twice as many,
 * on inputs base+1 .. base+iters and base+1 .. base+2*iters. Before every
 * run the harness calls refresh, which moves `base` past every input used
 * so far: no input is ever run twice, so no predictor meets a sequence of
 * outcomes it saw before (replaying inputs 1..8 each repeat, Zen 5 sorted
 * 204 strings 40% faster the second time). The digests of a body's runs
 * are chained in order, and the check computes the chain the run must
 * have given, after it and untimed, with the same code: a timed run that
 * computed anything else (a corrupted register, a stray write into the
 * working set) fails its check. That each program is right at all is
 * proved before any timing by its selfcheck, against a result computed
 * another way (verify). */
#ifndef WL_STANDALONE
#include <stdio.h>

#include "workload.h"

struct wl_state {
	const struct workload *w;
	void *mem;
	uint32_t set;
	uint64_t base;      /* the runs use inputs base+1, base+2, ... */
	uint64_t next_base; /* the first input no run has used */
	uint64_t digest;    /* wl_digest */
};

bool wl_param_of(const struct workload *w, const struct bm_env *env, unsigned i, uint64_t *value)
{
	/* the larger set runs on the full profile only */
	unsigned n = env->opt->profile == BM_PROFILE_FULL && w->set_bytes[1] ? 2 : 1;
	if (i >= n)
		return false;
	*value = w->set_bytes[i];
	return true;
}

static uint64_t chain(const struct wl_state *s, uint64_t first, uint64_t ops, uint64_t d)
{
	for (uint64_t i = 0; i < ops; i++)
		d = wl_mix(d, s->w->run(s->mem, s->set, first + i));
	return d;
}

uint64_t wl_x1(void *state, uint64_t iters)
{
	const struct wl_state *s = state;
	return chain(s, s->base + 1, iters, 0);
}

/* The same loop with two runs in it: inputs base+1 ... base+2*iters in order. */
uint64_t wl_x2(void *state, uint64_t iters)
{
	const struct wl_state *s = state;
	uint64_t d = 0, first = s->base + 1;
	for (uint64_t i = 0; i < iters; i++) {
		d = wl_mix(d, s->w->run(s->mem, s->set, first + 2 * i));
		d = wl_mix(d, s->w->run(s->mem, s->set, first + 2 * i + 1));
	}
	return d;
}

/* New inputs for the next run. */
void wl_refresh(void *state, unsigned variant, uint64_t iters, bool timed)
{
	(void)timed;
	struct wl_state *s = state;
	s->base = s->next_base;
	s->next_base += iters * (variant + 1);
}

void *wl_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t param, uint64_t *iters,
		 const char **why)
{
	const struct workload *w = k->arg;
	struct wl_state *s = arena_alloc(sizeof(*s), 64);
	void *mem = arena_alloc((size_t)param, 64);
	if (!s || !mem) {
		*why = bm_no_memory("the working set", param + sizeof(*s), arena_free_bytes());
		return NULL;
	}
	s->w = w;
	s->mem = mem;
	s->set = (uint32_t)param;
	/* An op runs for 10^5 to 10^8 instructions, far above the loop and
	 * the counter reads. Its work varies with its input (the Hungarian
	 * method's augmenting paths: +-5% from run to run), and every run has
	 * a new input, so a body averages several: 8 runs (16 on the full
	 * profile) at the first set keep the spread of the estimate near 2%.
	 * At the larger set one run is 10^7 to 10^8 instructions, and the
	 * larger input averages itself. */
	if (param == w->set_bytes[0])
		*iters = env->opt->profile == BM_PROFILE_FULL ? 16 : 8;
	else
		*iters = 1;
	/* the program's fingerprint: its digest of input 0 at the first
	 * working set (the timed runs use inputs from 1 on) */
	s->digest = w->run(mem, w->set_bytes[0], 0);
	/* the warm-up runs (inputs 1..2*iters) before the first refresh */
	s->base = 0;
	s->next_base = 2 * *iters;
	return s;
}

/* The digest the run must have given, computed after it, untimed: the
 * run just timed never follows a run of its own inputs. The state's
 * working set is scratch, so the check may run the programs in it. */
bool wl_check(const void *state, unsigned variant, uint64_t iters, uint64_t result)
{
	const struct wl_state *s = state;
	return result == chain(s, s->base + 1, iters * (variant + 1), 0);
}

/* The same on every ISA: the programs are integer code or IEEE double
 * arithmetic in a fixed order (C11 mode: no contraction into fused
 * multiply-adds, no reassociation). */
uint64_t wl_digest(const void *state)
{
	return ((const struct wl_state *)state)->digest;
}

/* Once per kernel, before any timing: the program against another way. */
const char *wl_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip)
{
	const struct workload *w = k->arg;
	if (w->needs_fpu) {
		const char *no = bm_needs("fpu", skip);
		if (no)
			return no;
	}
	/* the harness releases this after verify, whatever happened */
	void *mem = arena_alloc(w->check_bytes, 64);
	if (!mem)
		return "no memory for the self-check";
	/* baremark.selftest=break: the check of a broken value must fail,
	 * and so the kernel; a check that passes it is the error */
	if (env->opt->selftest_break) {
		static char said[200];
		const char *why = w->selfcheck(mem, true);
		if (!why)
			return "(selftest=break) the check PASSED a broken value";
		snprintf(said, sizeof(said), "(selftest=break) the check failed, as it must, on a broken value: %s", why);
		return said;
	}
	return w->selfcheck(mem, false);
}
#endif
