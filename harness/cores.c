/* Secondary-core bring-up and dispatch. Each secondary gets its own stack
 * and trap stack from here; the entry code (boot/<isa>/secondary.S) sets
 * up its traps (and on Arm its MMU and caches), then core_secondary_main
 * records what the core is, checks in, and sleeps (wfi / wfe) until a
 * job is posted. While one core measures, the others sleep; the poster
 * waits reading a flag nobody writes until the job ends (local cache
 * hits, no coherence traffic). */
#include "cores.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "arena.h"
#include "kernel.h"
#include "log.h"
#include "noinit.h"

#define CORE_STACK (48u << 10)
#define CORE_TRAP_STACK (8u << 10)

struct core_table cores BM_NOINIT; /* cores_start clears what it uses */
_Static_assert(offsetof(struct core_slot, stack_base) == 16, "arm64's arch_cpu_start reads the slot's third word");

void core_secondary_main(struct core_slot *s);

void core_secondary_main(struct core_slot *s)
{
	uint64_t hwid = s->hwid;
	arch_core_ident(&s->ident);
	s->ident.hwid = hwid;
	__atomic_store_n(&s->state, CORE_IDLE, __ATOMIC_RELEASE);
	for (;;) {
		uint32_t seen = __atomic_load_n(&s->done, __ATOMIC_RELAXED);
		while (__atomic_load_n(&s->posted, __ATOMIC_ACQUIRE) == seen)
			arch_cpu_wait();
		s->job(s->arg);
		__atomic_store_n(&s->done, seen + 1, __ATOMIC_RELEASE);
		arch_cpu_wake(cores.slot[cores.primary].hwid);
	}
}

/* Waits until *flag == want, for `ticks` of the timer and at most
 * MAX_POLLS looks (a timer that stands still must not hang the run:
 * QEMU 7.2 under -icount shift=0 was seen to stop the clock while the
 * boot hart spins, never running the started one). */
#define MAX_POLLS 500000000u
static bool wait_for(const int *flag, int want, uint64_t ticks)
{
	uint64_t t0 = arch_time();
	for (uint32_t polls = 0; __atomic_load_n(flag, __ATOMIC_ACQUIRE) != want; polls++)
		if (arch_time() - t0 > ticks || polls > MAX_POLLS)
			return false;
	return true;
}

/* A cleared slot at the end of the table (the caller checked room). */
static struct core_slot *new_slot(void)
{
	struct core_slot *s = &cores.slot[cores.n++];
	memset(s, 0, sizeof(*s));
	return s;
}

/* Both stacks of a core about to start, from the arena (below any mark a
 * kernel takes, so they outlive every kernel); false when it is full. */
static bool give_stacks(struct core_slot *s)
{
	uint8_t *p = arena_alloc(CORE_STACK + CORE_TRAP_STACK, 4096);
	if (!p)
		return false;
	s->stack_base = (uint64_t)(uintptr_t)p;
	s->stack_top = s->stack_base + CORE_STACK;
	s->trap_stack_top = s->stack_top + CORE_TRAP_STACK;
	return true;
}

void cores_start(const struct bm_board *b, bool start_others)
{
	uint64_t self = arch_core_id();
	uint64_t one_second = b->timebase_hz ? b->timebase_hz : 10000000;
	cores.n = cores.ntypes = cores.primary = 0;
	bool self_listed = false;
	/* b->ncpus is at most BM_MAX_CPUS (lib/board_fdt.c warns past it) */
	for (int i = 0; i < b->ncpus && cores.n < BM_MAX_CPUS; i++) {
		if (!b->cpus[i].enabled)
			continue;
		struct core_slot *s = new_slot();
		s->hwid = b->cpus[i].hartid;
		memcpy(s->ident.compatible, b->cpus[i].compatible, sizeof(s->ident.compatible));
		if (s->hwid == self && !self_listed) {
			self_listed = true;
			s->primary = true;
			cores.primary = cores.n - 1;
			arch_core_ident(&s->ident);
			s->ident.hwid = self;
			s->state = CORE_IDLE;
		}
	}
	if (!self_listed) {
		/* The tree does not list the boot core (or lists none): it still
		 * measures, as the only core, in the last slot if all are taken. */
		if (cores.n == BM_MAX_CPUS)
			cores.n--;
		struct core_slot *s = new_slot();
		s->hwid = self;
		s->primary = true;
		arch_core_ident(&s->ident);
		s->ident.hwid = self;
		s->state = CORE_IDLE;
		cores.primary = cores.n - 1;
	}
	for (int i = 0; i < cores.n; i++) {
		struct core_slot *s = &cores.slot[i];
		if (s->primary || !start_others)
			continue;
		s->state = CORE_STARTING;
		const char *why = NULL;
		uint64_t mark = arena_mark();
		if (!give_stacks(s)) {
			s->state = CORE_FAILED;
			s->why = "no free memory for its stacks (56 KiB a core)";
		} else if (arch_cpu_start(s->hwid, s, &why) != 0) {
			s->state = CORE_FAILED;
			s->why = why;
			arena_release(mark); /* refused: its stacks go back */
		} else if (!wait_for(&s->state, CORE_IDLE, one_second)) {
			/* started: it keeps its stacks, it may yet run on them */
			s->state = CORE_FAILED;
			s->why = "started by firmware but did not check in within 1 s of the timer";
		}
	}
	/* Types over the cores that are up, primary first (not on the stack:
	 * 56 KB of identities at BM_MAX_CPUS; written before read) */
	static struct core_ident id[BM_MAX_CPUS] BM_NOINIT;
	static int up[BM_MAX_CPUS] BM_NOINIT, type[BM_MAX_CPUS] BM_NOINIT;
	int n = cores_up(up, BM_MAX_CPUS);
	for (int k = 0; k < n; k++)
		id[k] = cores.slot[up[k]].ident;
	cores.ntypes = coretypes_group(id, n, type);
	for (int k = 0; k < n; k++) {
		cores.slot[up[k]].type = type[k];
		coretype_label(&id[k], cores.type_label[type[k]], sizeof(cores.type_label[0]));
	}
}

int cores_up(int *idx, int cap)
{
	int n = 0;
	if (cap > 0)
		idx[n++] = cores.primary;
	for (int i = 0; i < cores.n && n < cap; i++)
		if (i != cores.primary && cores.slot[i].state == CORE_IDLE)
			idx[n++] = i;
	return n;
}

void cores_fields(struct rec *r)
{
	static const char *const names[] = {"off", "starting", "up", "failed"};
	rec_arr(r, "cores");
	for (int i = 0; i < cores.n; i++) {
		const struct core_slot *s = &cores.slot[i];
		rec_obj(r, NULL);
		rec_u64(r, "id", s->hwid);
		rec_str(r, "state", names[s->state]);
		if (s->state == CORE_IDLE)
			rec_u64(r, "type", (uint64_t)s->type);
		if (s->primary)
			rec_bool(r, "boot", true);
		rec_close(r);
	}
	rec_close(r);
	rec_arr(r, "core_types");
	for (int t = 0; t < cores.ntypes; t++)
		rec_str(r, NULL, cores.type_label[t]);
	rec_close(r);
}

unsigned cores_report_failures(void)
{
	unsigned n = 0;
	for (int i = 0; i < cores.n; i++) {
		const struct core_slot *s = &cores.slot[i];
		if (s->state != CORE_FAILED)
			continue;
		struct rec r;
		rec_begin(&r, "error");
		rec_u64(&r, "core", s->hwid);
		rec_str(&r, "what", "core did not start");
		rec_str(&r, "detail", s->why ? s->why : "unknown");
		bm_emit(&r);
		bm_printf("core 0x%llx did not start: %s\n", (unsigned long long)s->hwid, s->why ? s->why : "unknown");
		n++;
	}
	return n;
}

static void post(struct core_slot *s, void (*fn)(void *), void *arg)
{
	s->job = fn;
	s->arg = arg;
	__atomic_store_n(&s->posted, s->posted + 1, __ATOMIC_RELEASE);
	arch_cpu_wake(s->hwid);
}

static void wait_done(struct core_slot *s)
{
	while (__atomic_load_n(&s->done, __ATOMIC_ACQUIRE) != __atomic_load_n(&s->posted, __ATOMIC_RELAXED))
		;
}

void cores_run(int i, void (*fn)(void *), void *arg)
{
	cores_run_many(&i, 1, fn, &arg);
}

void cores_run_many(const int *idx, int n, void (*fn)(void *), void *const *args)
{
	int mine = -1;
	for (int k = 0; k < n; k++) {
		if (idx[k] == cores.primary)
			mine = k;
		else
			post(&cores.slot[idx[k]], fn, args[k]);
	}
	if (mine >= 0)
		fn(args[mine]);
	for (int k = 0; k < n; k++)
		if (idx[k] != cores.primary)
			wait_done(&cores.slot[idx[k]]);
}

static bool parse_id(const char *p, size_t len, uint64_t *v)
{
	uint64_t x = 0;
	int base = 10;
	if (len > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2, len -= 2, base = 16;
	if (!len)
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = p[i];
		int d = c >= '0' && c <= '9' ? c - '0' : base == 16 && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
		if (d < 0)
			return false;
		x = x * (uint64_t)base + (uint64_t)d;
	}
	*v = x;
	return true;
}

int cores_select(const struct bm_options *o, int *idx, int cap)
{
	int up[BM_MAX_CPUS];
	int nup = cores_up(up, BM_MAX_CPUS), n = 0;
	if (strcmp(o->cores, "all") == 0) {
		for (int k = 0; k < nup && n < cap; k++)
			idx[n++] = up[k];
		return n;
	}
	if (o->cores[0] == '\0' || strcmp(o->cores, "types") == 0) {
		for (int t = 0; t < cores.ntypes && n < cap; t++)
			for (int k = 0; k < nup; k++) /* primary first in up[] */
				if (cores.slot[up[k]].type == t) {
					idx[n++] = up[k];
					break;
				}
		return n;
	}
	/* A list of ids: each core that is up runs once, in the order named;
	 * a repeated id, one that is not up and a word that is no id are
	 * each said in a warning. */
	for (const char *p = o->cores; *p && n < cap;) {
		size_t len = strcspn(p, ",");
		uint64_t id;
		if (!parse_id(p, len, &id)) {
			bm_warn("baremark.cores: '%.*s' is not a core id (decimal or 0x hex); left out", (int)(len > 32 ? 32 : len), p);
		} else {
			int found = -1, dup = 0;
			for (int k = 0; k < nup && found < 0; k++)
				if (cores.slot[up[k]].hwid == id)
					found = up[k];
			for (int i = 0; i < n; i++)
				dup |= idx[i] == found;
			if (found < 0)
				bm_warn("baremark.cores names core 0x%llx, which is not up; left out", (unsigned long long)id);
			else if (dup)
				bm_warn("baremark.cores names core 0x%llx more than once; it runs once", (unsigned long long)id);
			else
				idx[n++] = found;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return n;
}
