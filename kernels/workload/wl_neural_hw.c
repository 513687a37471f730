/* A small neural network's training (nbench's neural-net test): a
 * fully connected 8-16-4 network with softsign units, x / (1 + |x|),
 * whose weights start from the op's seed, trained by backpropagation and
 * online gradient descent for two epochs over the (set_bytes - 3392)/96
 * input/target pairs the op builds (50 at 8 KiB). Softsign needs no exp:
 * the work is the multiply-adds and one divide per unit, on any libm.
 * The check compares the backpropagated gradient with central finite
 * differences of the loss, weight by weight, and sees the loss fall.
 * Built with the FPU on RISC-V (*_hw.c). */
#include "workload.h"

#define IN 8
#define HID 16
#define OUT 4
#define W1 (HID * (IN + 1)) /* with a bias each */
#define NW (W1 + OUT * (HID + 1))
#define PAT (IN + OUT)
#define EPOCHS 2
#define RATE 0.05

static double softsign(double x)
{
	return x / (1 + (x < 0 ? -x : x));
}

/* d softsign / dx, from the unit's input */
static double slope(double x)
{
	double d = 1 + (x < 0 ? -x : x);
	return 1 / (d * d);
}

/* Half the squared error for one pair; fills the units' inputs. */
static double forward(const double *w, const double *pat, double *zh, double *zo)
{
	double loss = 0;
	for (int j = 0; j < HID; j++) {
		const double *r = w + j * (IN + 1);
		double z = r[IN];
		for (int i = 0; i < IN; i++)
			z += r[i] * pat[i];
		zh[j] = z;
	}
	for (int k = 0; k < OUT; k++) {
		const double *r = w + W1 + k * (HID + 1);
		double z = r[HID];
		for (int j = 0; j < HID; j++)
			z += r[j] * softsign(zh[j]);
		zo[k] = z;
		double e = softsign(z) - pat[IN + k];
		loss += 0.5 * e * e;
	}
	return loss;
}

static double gradient(const double *w, const double *pat, double *g)
{
	double zh[HID], zo[OUT], dh[HID] = {0};
	double loss = forward(w, pat, zh, zo);
	for (int k = 0; k < OUT; k++) {
		double d = (softsign(zo[k]) - pat[IN + k]) * slope(zo[k]);
		const double *r = w + W1 + k * (HID + 1);
		double *gr = g + W1 + k * (HID + 1);
		for (int j = 0; j < HID; j++) {
			gr[j] = d * softsign(zh[j]);
			dh[j] += d * r[j];
		}
		gr[HID] = d;
	}
	for (int j = 0; j < HID; j++) {
		double d = dh[j] * slope(zh[j]);
		double *gr = g + j * (IN + 1);
		for (int i = 0; i < IN; i++)
			gr[i] = d * pat[i];
		gr[IN] = d;
	}
	return loss;
}

static double uniform(uint64_t *g, double scale)
{
	return (double)(int64_t)bm_rand(g) / 9223372036854775808.0 * scale;
}

struct net {
	uint32_t np;
	double *w, *g, *pats;
};

static struct net layout(void *mem, uint32_t set)
{
	struct net n;
	n.w = mem;
	n.g = n.w + NW;
	n.pats = n.g + NW;
	n.np = (set - 2 * NW * 8) / (PAT * 8);
	return n;
}

static void fill(const struct net *n, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0x4E7E);
	for (int i = 0; i < NW; i++)
		n->w[i] = uniform(&g, 0.5);
	for (uint32_t p = 0; p < n->np * PAT; p++)
		n->pats[p] = uniform(&g, p % PAT < IN ? 1.0 : 0.5);
}

/* Returns the loss summed over the last epoch. */
static double train(const struct net *n)
{
	double loss = 0;
	for (int e = 0; e < EPOCHS; e++) {
		loss = 0;
		for (uint32_t p = 0; p < n->np; p++) {
			loss += gradient(n->w, n->pats + p * PAT, n->g);
			for (int i = 0; i < NW; i++)
				n->w[i] -= RATE * n->g[i];
		}
	}
	return loss;
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	struct net n = layout(mem, set);
	fill(&n, seed);
	double loss = train(&n);
	return wl_mix(wl_mix(wl_dbits(loss), wl_dbits(n.w[0])), wl_dbits(n.w[NW - 1]));
}

#define SET 8192u

static double total_loss(const struct net *n)
{
	double zh[HID], zo[OUT], l = 0;
	for (uint32_t p = 0; p < n->np; p++)
		l += forward(n->w, n->pats + p * PAT, zh, zo);
	return l;
}

static const char *selfcheck(void *mem, bool broken)
{
	struct net n = layout(mem, SET);
	double zh[HID], zo[OUT];
	fill(&n, 1);
	gradient(n.w, n.pats, n.g);
	if (broken)
		n.g[NW / 2] += 1e-3; /* a gradient a fault changed */
	for (int i = 0; i < NW; i++) {
		const double h = 1e-6, keep = n.w[i];
		n.w[i] = keep + h;
		double up = forward(n.w, n.pats, zh, zo);
		n.w[i] = keep - h;
		double down = forward(n.w, n.pats, zh, zo);
		n.w[i] = keep;
		double numeric = (up - down) / (2 * h), diff = numeric - n.g[i];
		double tol = 1e-7 + 1e-5 * (numeric < 0 ? -numeric : numeric);
		if (diff > tol || diff < -tol)
			return "the backpropagated gradient differs from finite differences of the loss";
	}
	double before = total_loss(&n);
	train(&n);
	if (!(total_loss(&n) < before))
		return "training did not lower the loss";
	return NULL;
}

WORKLOAD(neural, "neural", WL_FP,
	 "two epochs of backpropagation through an 8-16-4 softsign network over (set_bytes-3392)/96 pairs",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck, .check_bytes = SET,
	 .needs_fpu = true);
