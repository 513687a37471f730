#include "bodies.h"

#include "arch.h"

void mc_pingpong(void *arg)
{
	struct mc_pingpong *p = arg;
	uint64_t total = p->warm + p->rounds;
	p->ok = true;
	for (uint64_t i = 0; i < total; i++) {
		if (p->side == 0 && i == p->warm)
			p->t0 = arch_time();
		uint64_t want = 2 * i + (uint64_t)p->side;
		/* Spin on the shared line; look at the timer only now and then. */
		uint64_t since = 0;
		for (uint32_t spins = 0; *p->line != want; spins++) {
			if ((spins & 1023) == 1023) {
				uint64_t t = arch_time();
				if (!since)
					since = t;
				else if (t - since > p->limit) {
					p->ok = false;
					return;
				}
			}
		}
		*p->line = want + 1;
	}
	if (p->side == 0) {
		for (uint64_t t = arch_time(); *p->line != 2 * total;)
			if (arch_time() - t > p->limit) {
				p->ok = false;
				return;
			}
		p->t1 = arch_time();
	}
}

void mc_bandwidth(void *arg)
{
	struct mc_bw *b = arg;
	uint64_t sum = 0;
	b->t0 = arch_time();
	for (uint64_t r = 0; r < b->reps; r++) {
		switch (b->kind) {
		case MC_READ:
			sum = 0;
			for (uint64_t i = 0; i < b->words; i += 4)
				sum += b->src[i] + b->src[i + 1] + b->src[i + 2] + b->src[i + 3];
			break;
		case MC_WRITE:
			for (uint64_t i = 0; i < b->words; i++)
				b->dst[i] = r;
			break;
		case MC_COPY:
			for (uint64_t i = 0; i < b->words; i++)
				b->dst[i] = b->src[i];
			break;
		}
		__asm__ volatile("" ::: "memory");
	}
	b->t1 = arch_time();
	b->sum = sum;
}

void mc_primes(void *arg)
{
	struct mc_primes *p = arg;
	uint32_t count = 0;
	p->t0 = arch_time();
	for (uint32_t n = 2; n < p->limit; n++) {
		bool prime = true;
		for (uint32_t d = 2; d * d <= n; d++)
			if (n % d == 0) {
				prime = false;
				break;
			}
		count += prime;
	}
	p->t1 = arch_time();
	p->count = count;
}
