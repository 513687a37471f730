/* Multi-core measurements, timed on the architectural timer (the same
 * clock on every core) and reported from the boot core:
 *   multicore.c2c.lat         one-way handoff of a cache line between each
 *                             pair of cores (ping-pong), ns;
 *   multicore.bw.read|write|copy  MB/s with 1..N cores, each on its own
 *                             buffer, from the first start to the last end;
 *   multicore.primes          primes below a limit by trial division on
 *                             1..N cores at once, and the speed-up over one.
 * Each checks its own result: the handoff count, the read sum, the copy,
 * and the prime count against a sieve. */
#include "multicore.h"

#include <stdio.h>
#include <string.h>

#include "bodies.h"
#include "arch.h"
#include "arena.h"
#include "cores.h"
#include "harness.h"
#include "log.h"
#include "noinit.h"
#include "stats.h"

#define REPEATS 5

static int64_t ns_milli(uint64_t ticks, uint64_t ops, uint64_t hz)
{
	return (int64_t)((__int128)ticks * 1000000000 * 1000 / ((__int128)hz * ops));
}

static void skip(const char *kernel, const char *why)
{
	struct rec r;
	rec_begin(&r, "skip");
	rec_core(&r);
	rec_str(&r, "kernel", kernel);
	rec_str(&r, "reason", why);
	bm_emit(&r);
	bm_printf("%-28s  skipped: %s\n", kernel, why);
}

static void cores_array(struct rec *r, const int *idx, int n)
{
	rec_arr(r, "cores");
	for (int k = 0; k < n; k++)
		rec_u64(r, NULL, cores.slot[idx[k]].hwid);
	rec_close(r);
}

/* An error record naming the cores that took part, as results do. */
static void error(const char *kernel, const char *what, const int *idx, int n)
{
	struct rec r;
	rec_begin(&r, "error");
	rec_core(&r);
	rec_str(&r, "kernel", kernel);
	rec_str(&r, "what", what);
	cores_array(&r, idx, n);
	bm_emit(&r);
	bm_printf("%-28s  ERROR: %s\n", kernel, what);
}

static unsigned c2c(const struct bm_env *env, const int *up, int nup)
{
	const char *name = "multicore.c2c.lat";
	if (nup < 2) {
		skip(name, "needs two cores up");
		return 0;
	}
	uint64_t hz = env->board->timebase_hz;
	bool full = env->opt->profile == BM_PROFILE_FULL;
	unsigned errors = 0, pair = 0;
	for (int a = 0; a < nup; a++)
		for (int b = a + 1; b < nup; b++, pair++) {
			uint64_t mark = arena_mark();
			volatile uint64_t *line = arena_alloc(128, 128);
			int64_t v[REPEATS];
			bool ok = line != NULL;
			for (int r = 0; r < REPEATS && ok; r++) {
				*line = 0;
				struct mc_pingpong pa = {line, 16, full ? 2000 : 200, hz, 0, false, 0, 0};
				struct mc_pingpong pb = pa;
				pb.side = 1;
				int idx[2] = {up[a], up[b]};
				void *args[2] = {&pa, &pb};
				cores_run_many(idx, 2, mc_pingpong, args);
				ok = pa.ok && pb.ok && *line == 2 * (pa.warm + pa.rounds);
				/* one round trip is two handoffs */
				v[r] = ns_milli(pa.t1 - pa.t0, 2 * pa.rounds, hz);
			}
			arena_release(mark);
			uint64_t ha = cores.slot[up[a]].hwid, hb = cores.slot[up[b]].hwid;
			int idx[2] = {up[a], up[b]};
			if (!ok) {
				error(name, "the other core stopped answering (1 s) or the handoff count is wrong", idx, 2);
				errors++;
				continue;
			}
			struct bm_spread s = stats_spread(v, REPEATS);
			struct rec r;
			rec_begin(&r, "result");
			rec_core(&r);
			rec_str(&r, "kernel", name);
			rec_str(&r, "op", "one-way cache-line handoff");
			rec_obj(&r, "param");
			rec_str(&r, "name", "pair");
			rec_u64(&r, "value", pair);
			rec_close(&r);
			cores_array(&r, idx, 2);
			rec_u64(&r, "repeats", REPEATS);
			rec_milli(&r, "ns_per_op", s.med);
			rec_obj(&r, "ns_per_op_spread");
			rec_milli(&r, "min", s.min);
			rec_milli(&r, "med", s.med);
			rec_milli(&r, "max", s.max);
			rec_close(&r);
			rec_str(&r, "check", "ok");
			bm_emit(&r);
			char m[24];
			fmt_milli(m, sizeof(m), s.med);
			bm_printf("%-28s 0x%llx <-> 0x%llx  %s ns  ok\n", name, (unsigned long long)ha,
				  (unsigned long long)hb, m);
		}
	return errors;
}

static const char *const bw_names[] = {"multicore.bw.read", "multicore.bw.write", "multicore.bw.copy"};

static unsigned bandwidth(const struct bm_env *env, const int *up, int nup)
{
	unsigned errors = 0;
	uint64_t hz = env->board->timebase_hz;
	bool full = env->opt->profile == BM_PROFILE_FULL;
	for (int kind = MC_READ; kind <= MC_COPY; kind++) {
		if (!options_selects(env->opt, bw_names[kind]))
			continue;
		for (int n = 1; n <= nup; n++) {
			/* Together the buffers span the sweep's largest working set
			 * (4x the last-level cache): memory, not cache. */
			uint64_t room = arena_free_bytes() / 2, most = env->sweep_max_bytes < room ? env->sweep_max_bytes : room;
			uint64_t bytes = most / (uint64_t)(2 * n) & ~(uint64_t)63;
			uint64_t mark = arena_mark();
			/* not on the stack: 36 KB at BM_MAX_CPUS; each cleared below */
			static struct mc_bw bw[BM_MAX_CPUS] BM_NOINIT;
			static void *args[BM_MAX_CPUS] BM_NOINIT;
			bool ok = bytes >= 4096;
			for (int k = 0; k < n && ok; k++) {
				memset(&bw[k], 0, sizeof(bw[k]));
				bw[k].kind = (enum mc_bw_kind)kind;
				bw[k].words = bytes / 8;
				bw[k].reps = full ? 8 : 2;
				bw[k].src = arena_alloc(bytes, 4096);
				bw[k].dst = arena_alloc(bytes, 4096);
				ok = bw[k].src && bw[k].dst;
				for (uint64_t i = 0; ok && i < bw[k].words; i++)
					bw[k].src[i] = i * 0x9E3779B97F4A7C15ull + (uint64_t)k;
				args[k] = &bw[k];
			}
			if (!ok) {
				arena_release(mark);
				skip(bw_names[kind], "not enough free memory for the buffers");
				break;
			}
			cores_run_many(up, n, mc_bandwidth, args);
			uint64_t t0 = bw[0].t0, t1 = bw[0].t1;
			bool good = true;
			for (int k = 0; k < n; k++) {
				if (bw[k].t0 < t0)
					t0 = bw[k].t0;
				if (bw[k].t1 > t1)
					t1 = bw[k].t1;
				uint64_t expect = 0;
				if (kind == MC_READ)
					for (uint64_t i = 0; i < bw[k].words; i++)
						expect += bw[k].src[i];
				good &= kind != MC_READ || bw[k].sum == expect;
				good &= kind != MC_WRITE || (bw[k].dst[0] == bw[k].reps - 1 && bw[k].dst[bw[k].words - 1] == bw[k].reps - 1);
				good &= kind != MC_COPY || memcmp(bw[k].src, bw[k].dst, bytes) == 0;
			}
			arena_release(mark);
			if (!good || t1 <= t0) {
				error(bw_names[kind], good ? "no time passed" : "self-check failed", up, n);
				errors++;
				continue;
			}
			/* copy moves each byte twice (read and write) */
			uint64_t moved = bytes * bw[0].reps * (uint64_t)n * (kind == MC_COPY ? 2 : 1);
			int64_t mb_milli = (int64_t)((__int128)moved * hz / ((__int128)(t1 - t0) * 1000));
			struct rec r;
			rec_begin(&r, "result");
			rec_core(&r);
			rec_str(&r, "kernel", bw_names[kind]);
			rec_str(&r, "op", kind == MC_COPY ? "byte read and written" : "byte");
			rec_obj(&r, "param");
			rec_str(&r, "name", "cores");
			rec_u64(&r, "value", (uint64_t)n);
			rec_close(&r);
			cores_array(&r, up, n);
			rec_u64(&r, "bytes_per_core", bytes);
			rec_milli(&r, "mb_per_s", mb_milli);
			rec_str(&r, "check", "ok");
			bm_emit(&r);
			char m[24];
			fmt_milli(m, sizeof(m), mb_milli);
			bm_printf("%-28s cores=%-13d %s MB/s  ok\n", bw_names[kind], n, m);
		}
	}
	return errors;
}

/* pi(limit) by the sieve of Eratosthenes: the check for trial division. */
static int64_t sieve_count(uint32_t limit)
{
	uint8_t *composite = arena_alloc(limit, 64);
	if (!composite)
		return -1;
	memset(composite, 0, limit);
	uint32_t count = 0;
	for (uint32_t n = 2; n < limit; n++) {
		if (composite[n])
			continue;
		count++;
		for (uint64_t m = (uint64_t)n * n; m < limit; m += n)
			composite[m] = 1;
	}
	return count;
}

static unsigned primes(const struct bm_env *env, const int *up, int nup)
{
	const char *name = "multicore.primes";
	uint32_t limit = env->opt->profile == BM_PROFILE_FULL ? 200000 : 20000;
	uint64_t mark = arena_mark();
	int64_t want = sieve_count(limit);
	arena_release(mark);
	if (want < 0) {
		skip(name, "no memory for the sieve that checks the count");
		return 0;
	}
	unsigned errors = 0;
	uint64_t one = 0;
	for (int n = 1; n <= nup; n++) {
		static struct mc_primes p[BM_MAX_CPUS] BM_NOINIT; /* each cleared below */
		static void *args[BM_MAX_CPUS] BM_NOINIT;
		for (int k = 0; k < n; k++) {
			memset(&p[k], 0, sizeof(p[k]));
			p[k].limit = limit;
			args[k] = &p[k];
		}
		cores_run_many(up, n, mc_primes, args);
		uint64_t t0 = p[0].t0, t1 = p[0].t1;
		bool good = true;
		for (int k = 0; k < n; k++) {
			good &= p[k].count == (uint32_t)want;
			if (p[k].t0 < t0)
				t0 = p[k].t0;
			if (p[k].t1 > t1)
				t1 = p[k].t1;
		}
		if (!good || t1 <= t0) {
			error(name, good ? "no time passed" : "prime count differs from the sieve's", up, n);
			errors++;
			continue;
		}
		if (n == 1)
			one = t1 - t0;
		struct rec r;
		rec_begin(&r, "result");
		rec_core(&r);
		rec_str(&r, "kernel", name);
		rec_str(&r, "op", "number tested");
		rec_obj(&r, "param");
		rec_str(&r, "name", "cores");
		rec_u64(&r, "value", (uint64_t)n);
		rec_close(&r);
		cores_array(&r, up, n);
		rec_u64(&r, "limit", limit);
		rec_u64(&r, "primes", (uint64_t)want);
		rec_milli(&r, "ns_per_op", ns_milli(t1 - t0, (uint64_t)n * (limit - 2), env->board->timebase_hz));
		/* n cores' work in the time taken, over one core's work in its time */
		if (one)
			rec_milli(&r, "speedup", ratio_milli((int64_t)(one * (uint64_t)n), (int64_t)(t1 - t0)));
		rec_str(&r, "check", "ok");
		bm_emit(&r);
		char m[24];
		fmt_milli(m, sizeof(m), one ? ratio_milli((int64_t)(one * (uint64_t)n), (int64_t)(t1 - t0)) : 0);
		bm_printf("%-28s cores=%-13d speedup %s  ok\n", name, n, m);
	}
	return errors;
}

unsigned multicore_run_all(const struct bm_env *env)
{
	int up[BM_MAX_CPUS];
	int nup = cores_up(up, BM_MAX_CPUS);
	unsigned errors = 0;
	if (!env->board->timebase_hz) {
		static const char *const all[] = {"multicore.c2c.lat", "multicore.bw.read", "multicore.bw.write",
						  "multicore.bw.copy", "multicore.primes"};
		for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
			if (options_selects(env->opt, all[i]))
				skip(all[i], "no timer rate: the multi-core kernels are timed on the timer");
		return 0;
	}
	if (options_selects(env->opt, "multicore.c2c.lat"))
		errors += c2c(env, up, nup);
	errors += bandwidth(env, up, nup);
	if (options_selects(env->opt, "multicore.primes"))
		errors += primes(env, up, nup);
	return errors;
}
