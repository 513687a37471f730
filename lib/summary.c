#include "summary.h"

#include <stdio.h>
#include <string.h>

#include "noinit.h"
#include "point_path.h"

int sm_decimal(char *buf, size_t cap, double v, int places)
{
	int64_t scale = 1;
	for (int i = 0; i < places && i < 6; i++)
		scale *= 10;
	double a = v < 0 ? -v : v;
	if (!(a < 1e12)) /* beyond any figure here, and NaN */
		return snprintf(buf, cap, "%s", a > 0 ? "(out of range)" : "(not a number)");
	int64_t x = (int64_t)(a * (double)scale + 0.5);
	const char *sign = v < 0 ? "-" : ""; /* as printf: -0.2 to no places is "-0" */
	if (scale == 1)
		return snprintf(buf, cap, "%s%lld", sign, (long long)x);
	return snprintf(buf, cap, "%s%lld.%0*lld", sign, (long long)(x / scale), places, (long long)(x % scale));
}

static const struct sm_point *find(const struct sm_point *p, int n, const char *kernel, int64_t param)
{
	for (int i = 0; i < n; i++)
		if (p[i].param == param && p[i].cyc > 0 && strcmp(p[i].kernel, kernel) == 0)
			return &p[i];
	return NULL;
}

static int curve_of(const struct sm_point *p, int n, const char *kernel, double *x, double *y);

/* The median of three, for the level finder's smoothing. */
static double mid3(double a, double b, double c)
{
	double lo = a < b ? a : b, hi = a < b ? b : a;
	return c < lo ? lo : c > hi ? hi : c;
}

/* One point that jumps out of its neighbours (an interrupt, another
 * tenant) is not a step: each inner point becomes the median of itself
 * and its neighbours, which keeps a real step where it is. */
static void smooth3(const double *y, double *out, int m)
{
	for (int i = 0; i < m; i++)
		out[i] = i == 0 || i == m - 1 ? y[i] : mid3(y[i - 1], y[i], y[i + 1]);
}

int summary_levels(const double *size, const double *lat, int m, struct sm_level *out, int cap, int *nsegments)
{
	int n = 0, segs = 0;
	if (m > SM_MAX_POINTS)
		m = SM_MAX_POINTS;
	double sm[SM_MAX_POINTS];
	smooth3(lat, sm, m);
	for (int i = 0; i < m;) {
		int j = i;
		while (j + 1 < m && sm[j + 1] <= sm[j] * SM_STEP_RATIO)
			j++;
		segs++;
		double lo = sm[i];
		for (int k = i; k <= j; k++)
			if (sm[k] < lo)
				lo = sm[k];
		/* the level's extent: the points still within SM_PLATEAU_RATIO
		 * of its lowest (a rise inside the segment is the level filling
		 * up, or its share of a cache that others use too) */
		int end = i;
		while (end + 1 <= j && sm[end + 1] <= lo * SM_PLATEAU_RATIO)
			end++;
		if (j < m - 1 && end > i && n < cap) {
			/* the level's latency: the lowest it measured (unsmoothed) */
			double best = lat[i];
			for (int k = i; k <= end; k++)
				best = lat[k] < best ? lat[k] : best;
			out[n].upto = size[end];
			out[n].next = size[end + 1];
			out[n].latency = best;
			n++;
		}
		i = j + 1;
	}
	if (nsegments)
		*nsegments = segs;
	return n;
}

/* The cache.load.lat curve (in the order it was measured: ascending
 * size), cut where it steps; see summary_levels. */
static void cache_levels(const struct sm_point *p, int n, struct sm_summary *s)
{
	double size[SM_MAX_POINTS], lat[SM_MAX_POINTS];
	int m = curve_of(p, n, "cache.load.lat", size, lat);
	if (m < 2)
		return;
	struct sm_level lv[SM_MAX_LEVELS];
	int segs;
	s->nlevels = summary_levels(size, lat, m, lv, SM_MAX_LEVELS, &segs);
	for (int i = 0; i < s->nlevels; i++) {
		s->upto[i] = lv[i].upto;
		s->next[i] = lv[i].next;
		s->latency[i] = lv[i].latency;
	}
	s->has_memory = segs > 1;
	s->memory_latency = lat[m - 1];
	s->memory_bytes = size[m - 1];
}

bool sm_memory_step(const struct sm_point *p, int n, double *next)
{
	struct sm_summary s;
	s.nlevels = 0;
	s.has_memory = false;
	cache_levels(p, n, &s);
	if (!s.has_memory || s.nlevels < 1)
		return false;
	*next = s.next[s.nlevels - 1];
	return true;
}

BM_POINT_PATH int64_t sm_retire_ceiling(int64_t widest)
{
	int64_t c = widest > 0 && widest <= SM_RETIRE_MAX ? widest * (100 + SM_RETIRE_SLACK_PCT) / 100 : SM_RETIRE_MAX;
	return c < SM_RETIRE_MAX ? c : SM_RETIRE_MAX;
}

/* over 1.5 misses (SM_ORDER_IN_ORDER_RATIO), in whole numbers */
static bool serialised(int64_t zero, int64_t miss)
{
	return zero * 2 > miss * 3;
}

bool sm_sim_serialised(const int64_t *zero, int n, int64_t own, int64_t miss)
{
	if (miss <= 0)
		return false;
	int serial = 0;
	for (int i = 0; i < n; i++)
		serial += serialised(zero[i], miss);
	return 2 * serial > n || (2 * serial == n && serialised(own, miss));
}

/* The most instructions a cycle a mix of one add to one `other` op can
 * retire, from the suite's throughput kernels (cycles per op); 0 when one
 * of them did not run. */
static double mix_bound(const struct sm_point *p, int n, const char *other)
{
	const struct sm_point *add = find(p, n, "pipeline.add.thr", -1), *o = other ? find(p, n, other, -1) : NULL;
	if (!add || !o)
		return 0;
	return 2.0 / (add->cyc > o->cyc ? add->cyc : o->cyc);
}

static void width(const struct sm_point *p, int n, struct sm_summary *s)
{
	/* one op is one independent instruction in each of these; the
	 * throughput kernel of each mix's other half (none for never-taken
	 * branches: their own throughput is not measured) */
	static const struct {
		const char *kernel, *other;
	} mixes[] = {{"pipeline.add.thr", NULL},
		     {"uarch.width.alu_load", "pipeline.load.thr"},
		     {"uarch.width.alu_branch", NULL},
		     {"uarch.width.alu_mul", "pipeline.mul.thr"}};
	size_t used = 0;
	s->width_left_out[0] = '\0';
	for (unsigned k = 0; k < sizeof(mixes) / sizeof(mixes[0]); k++) {
		const struct sm_point *q = find(p, n, mixes[k].kernel, -1);
		if (!q)
			continue;
		double ipc = 1.0 / q->cyc, bound = mix_bound(p, n, mixes[k].other);
		if (bound > 0 && ipc > bound * 1.03) {
			char a[32], b[32];
			sm_decimal(a, sizeof(a), ipc, 2);
			sm_decimal(b, sizeof(b), bound, 2);
			if (used < sizeof(s->width_left_out))
				used += (size_t)snprintf(s->width_left_out + used, sizeof(s->width_left_out) - used,
							 "%s%s %s > %s", used ? "; " : "", mixes[k].kernel, a, b);
			continue;
		}
		if (!s->has_width || ipc > s->width) {
			s->has_width = true;
			s->width = ipc;
			s->width_from = mixes[k].kernel;
			s->has_width_bound = bound > 0;
			s->width_bound = bound;
		}
	}
}

static void sm_steps(const struct sm_point *p, int n, const char *kernel, double above, struct sm_rise *first,
		     struct sm_rise *second);
static double median_of(const double *v, int n);

const char *const sm_window_fillers[SM_WINDOW_KINDS] = {"nop", "int", "fp", "load", "store", "branch"};
const char *const sm_shape_names[3] = {"none", "gradual", "step"};

static void window(const struct sm_point *p, int n, struct sm_summary *s)
{
	/* one miss: measured just before the window probes where it ran
	 * (uarch.window.miss), else uarch.mlp's, minutes earlier (a drifting
	 * memory latency moves the ratio) */
	const struct sm_point *miss = find(p, n, "uarch.window.miss", -1), *zero = NULL;
	s->miss_from = "uarch.window.miss";
	if (!miss) {
		miss = find(p, n, "uarch.mlp", 1);
		s->miss_from = "uarch.mlp chains=1";
	}
	char name[SM_WINDOW_KINDS][32];
	double ratio[SM_WINDOW_KINDS];
	int nz = 0, serial = 0;
	for (int k = 0; k < SM_WINDOW_KINDS; k++) {
		snprintf(name[k], sizeof(name[k]), "uarch.window.%s", sm_window_fillers[k]);
		/* with no fillers every kind is the same body: each filler-0
		 * point is one more reading of the same two misses */
		zero = miss ? find(p, n, name[k], 0) : NULL;
		if (zero && miss->cyc > 0)
			ratio[nz++] = zero->cyc / miss->cyc;
	}
	if (!nz)
		return;
	s->miss_cycles = miss->cyc;
	s->order_points = nz;
	s->overlap_ratio = median_of(ratio, nz);
	bool in_order = s->overlap_ratio > SM_ORDER_IN_ORDER_RATIO;
	for (int i = 0; i < nz; i++)
		serial += (ratio[i] > SM_ORDER_IN_ORDER_RATIO) == in_order;
	if (nz < SM_ORDER_MIN_POINTS || serial * 100 < SM_ORDER_AGREE_PCT * nz) {
		/* one point of two ops (the out-of-order RTL's store probe read
		 * 105 against a 69-cycle miss, "in-order"), or points that
		 * disagree: no order, and why, with each ratio */
		char a[16];
		int used = snprintf(s->order_why, sizeof(s->order_why),
				    nz < SM_ORDER_MIN_POINTS ? "one window kind's filler-0 point, too little to go on (ratio"
							     : "the window kinds' filler-0 points disagree (ratios");
		for (int i = 0; i < nz && used > 0 && used < (int)sizeof(s->order_why); i++) {
			sm_decimal(a, sizeof(a), ratio[i], 2);
			used += snprintf(s->order_why + used, sizeof(s->order_why) - (size_t)used, " %s", a);
		}
		if (used > 0 && used < (int)sizeof(s->order_why))
			snprintf(s->order_why + used, sizeof(s->order_why) - (size_t)used, " to one miss; over 1.5: in-order)");
		return;
	}
	s->order = in_order ? SM_IN_ORDER : SM_OUT_OF_ORDER;
	if (s->order != SM_OUT_OF_ORDER)
		return;
	/* The second load is the fillers and a few instructions of the loop
	 * after the first: they overlap while all of it fits, and the cost
	 * stays on a plateau (the fillers' own time hides under the misses).
	 * The structure the fillers occupy is full where the cost (smoothed
	 * by a median of three: a miss on a shared machine varies by a fifth
	 * from point to point) passes the plateau's median by half a miss. */
	for (int k = 0; k < SM_WINDOW_KINDS; k++) {
		struct sm_rise unused;
		sm_steps(p, n, name[k], 0.5 * miss->cyc, &s->window[k], &unused);
	}
}

/* A window probe sees a full structure only while the fillers between
 * two misses take less time than a miss: an op costs a miss while both
 * misses overlap and the fillers run beside them; once the fillers
 * alone take a miss, the cost rises with them whatever the window holds.
 * So a rise at `exceeds` fillers, whose 2 x exceeds fillers an op take
 * at least 2 x exceeds / width cycles at the core's best IPC, is no
 * reading when that is a miss or more. A core's RTL with no cache sizes
 * in its tree chased within its L2: each "miss" a 26-cycle hit, and its
 * window probes rose from 32 fillers on, which 3-wide issue takes 21
 * cycles to get through (issue 38). Needs the width (after width()). */
static void window_blind(struct sm_summary *s)
{
	if (s->order != SM_OUT_OF_ORDER || !s->has_width || s->width <= 0 || s->miss_cycles <= 0)
		return;
	for (int k = 0; k < SM_WINDOW_KINDS; k++) {
		const struct sm_rise *w = &s->window[k];
		if (!w->has || w->open)
			continue;
		s->window_fill_cycles[k] = 2 * w->exceeds / s->width;
		s->window_blind[k] = s->window_fill_cycles[k] >= s->miss_cycles;
	}
}

/* The first size (points in ascending order) whose cost passes `limit`
 * (or, with limit 0, SM_RISE_RATIO times the lowest cost before it: the
 * small sizes carry the loop's overhead over fewer ops). */
static struct sm_rise rise(const struct sm_point *p, int n, const char *kernel, double limit)
{
	struct sm_rise r = {0};
	double first = 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(p[i].kernel, kernel) != 0 || p[i].cyc <= 0)
			continue;
		if (!r.has) {
			first = p[i].cyc;
			r.has = r.open = true;
			r.fits = (double)p[i].param;
			continue;
		}
		if (p[i].cyc > (limit > 0 ? limit : first * SM_RISE_RATIO)) {
			r.open = false;
			r.exceeds = (double)p[i].param;
			return r;
		}
		if (p[i].cyc < first)
			first = p[i].cyc;
		r.fits = (double)p[i].param;
	}
	return r;
}

/* A kernel's curve, in the order measured (ascending parameter): its
 * parameters in x, cycles per op in y; returns the point count. */
static int curve_of(const struct sm_point *p, int n, const char *kernel, double *x, double *y)
{
	int m = 0;
	for (int i = 0; i < n && m < SM_MAX_POINTS; i++)
		if (strcmp(p[i].kernel, kernel) == 0 && p[i].cyc > 0) {
			x[m] = (double)p[i].param;
			y[m++] = p[i].cyc;
		}
	return m;
}

static double median_of(const double *v, int n)
{
	double t[SM_MAX_POINTS];
	for (int i = 0; i < n; i++) {
		int j = i;
		for (; j > 0 && t[j - 1] > v[i]; j--)
			t[j] = t[j - 1];
		t[j] = v[i];
	}
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* Up to two steps of a structure's cost curve: after a median of three,
 * a point costing more than `above` cycles over the median of the points
 * since the last step (or, with `above` 0, SM_RISE_RATIO times it). */
/* Every step of a curve: lv[0] from the first point to its first step,
 * each next level from one step to the next; the last level open where
 * the curve ends on it. At most `max`; returns how many. */
static int sm_step_levels(const struct sm_point *p, int n, const char *kernel, double above, struct sm_rise *lv,
			  int max)
{
	double x[SM_MAX_POINTS], y[SM_MAX_POINTS], sm[SM_MAX_POINTS];
	int m = curve_of(p, n, kernel, x, y);
	if (!m || max < 1)
		return 0;
	smooth3(y, sm, m);
	int k = 0, seg = 0;
	lv[0] = (struct sm_rise){true, true, x[0], 0};
	for (int i = 1; i < m; i++) {
		double base = median_of(sm + seg, i - seg);
		bool step = above > 0 ? sm[i] - base > above : sm[i] > base * SM_RISE_RATIO;
		if (!step) {
			lv[k].fits = x[i];
			continue;
		}
		if (i - seg < 2) { /* one point is no plateau to step from: start again here */
			seg = i;
			lv[k].fits = x[i];
			continue;
		}
		lv[k].open = false;
		lv[k].exceeds = x[i];
		if (k + 1 == max)
			return max;
		lv[++k] = (struct sm_rise){true, true, x[i], 0};
		seg = i;
	}
	return k + 1;
}

static void sm_steps(const struct sm_point *p, int n, const char *kernel, double above, struct sm_rise *first,
		     struct sm_rise *second)
{
	struct sm_rise lv[2];
	int k = sm_step_levels(p, n, kernel, above, lv, 2);
	*first = k > 0 ? lv[0] : (struct sm_rise){0};
	*second = k > 1 ? lv[1] : (struct sm_rise){0};
}

/* The y side of line_fit's sums: the same for every f fitted to one
 * curve, so summed once a curve. */
struct fit_y {
	double sy, syy, my, cyy; /* the sums, the mean, the centred sum of squares */
};

static struct fit_y fit_y_of(const double *y, int m)
{
	struct fit_y s = {0, 0, 0, 0};
	for (int i = 0; i < m; i++) {
		s.sy += y[i];
		s.syy += y[i] * y[i];
	}
	s.my = s.sy / m;
	s.cyy = s.syy - s.sy * s.my;
	return s;
}

/* The least-squares line y = a + b f over m points, where f is 0 before
 * point `from` (a knee's shapes are 0 up to the knee); false when f does
 * not vary. One pass over the points from `from` on (a 0 adds nothing to
 * the sums, so they are those of a pass over all m, to the bit), the
 * residual from the sums (sse = Syy - b Sfy about the means): on a core
 * without FP hardware every operation here is a call, and the return
 * stack's knee fits this line some 250 times a curve. */
static bool fit_sums(double sf, double sff, double sfy, int m, const struct fit_y *ys, double *a, double *b,
		     double *sse)
{
	double mf = sf / m, my = ys->my;
	double cff = sff - sf * mf, cfy = sfy - sf * my, cyy = ys->cyy;
	if (cff <= 1e-12 * (sff > 0 ? sff : 1))
		return false;
	*b = cfy / cff;
	*a = my - *b * mf;
	*sse = cyy - *b * cfy;
	if (*sse < 0) /* rounding on a perfect fit */
		*sse = 0;
	return true;
}

static bool line_fit(const double *f, const double *y, int m, int from, const struct fit_y *ys, double *a, double *b,
		     double *sse)
{
	double sf = 0, sff = 0, sfy = 0;
	for (int i = from; i < m; i++) {
		sf += f[i];
		sff += f[i] * f[i];
		sfy += f[i] * y[i];
	}
	return fit_sums(sf, sff, sfy, m, ys, a, b, sse);
}

/* The gradual shape's sums for every R at a few operations each: past
 * the knee f_i = (x_i + 1 - R) / x_i = c_i - R v_i (c_i = 1 + 1/x_i,
 * v_i = 1/x_i), so its sums are R-polynomials of sums over the points
 * from `from` on, kept as suffix sums (sm_knee). On a core without FP
 * hardware each operation is a call: the return stack's two fits over
 * every R to 128 cost the C906's RTL 1.61 M cycles point by point. */
struct knee_sums {
	double c, v, cc, cv, vv, cy, vy;
};

/* Between two of the depths measured, `from` stays put and the gradual
 * fit's centred sums are polynomials in R with coefficients fixed by the
 * suffix sums: Cff(R) = alpha - R (2 beta - R gamma), Cfy(R) = delta -
 * R eps; Sff(R) = cc - R (cv2 - R vv) only for the degenerate test.
 * Worked out once an interval, each R is then 7 multiplies and one
 * divide (the C906's RTL spent 1.5 M cycles of soft-float in this
 * summary's fits with 10 and 3 an R, issue 45). */
struct knee_poly {
	double alpha, beta2, gamma, delta, eps, cc, cv2, vv;
};

static void knee_poly_of(const struct knee_sums *t, int m, const struct fit_y *ys, struct knee_poly *q)
{
	double my = ys->my;
	q->alpha = t->cc - t->c * t->c / m;
	q->beta2 = 2 * (t->cv - t->c * t->v / m);
	q->gamma = t->vv - t->v * t->v / m;
	q->delta = t->cy - t->c * my;
	q->eps = t->vy - t->v * my;
	q->cc = t->cc;
	q->cv2 = 2 * t->cv;
	q->vv = t->vv;
}

/* fit_sums for the gradual shape at R, off the interval's polynomials. */
static bool knee_fit_at(const struct knee_poly *q, double r, const struct fit_y *ys, double tiny, double *b,
			double *sse)
{
	double cff = q->alpha - r * (q->beta2 - r * q->gamma);
	/* fit_sums' test, cff <= 1e-12 Sff: every f is within [0, 1], so Sff
	 * <= m and a cff over 1e-12 m (`tiny`) passes it without Sff */
	if (cff <= tiny) {
		double sff = q->cc - r * (q->cv2 - r * q->vv);
		if (cff <= 1e-12 * (sff > 0 ? sff : 1))
			return false;
	}
	double cfy = q->delta - r * q->eps;
	*b = cfy / cff;
	*sse = ys->cyy - *b * cfy;
	if (*sse < 0)
		*sse = 0;
	return true;
}

static void knee_suffix(const double *x, const double *y, int m, struct knee_sums *t)
{
	t[m] = (struct knee_sums){0, 0, 0, 0, 0, 0, 0};
	for (int i = m - 1; i >= 0; i--) {
		double v = 1 / x[i], c = 1 + v;
		t[i] = (struct knee_sums){t[i + 1].c + c,	   t[i + 1].v + v,	 t[i + 1].cc + c * c,
					  t[i + 1].cv + c * v,   t[i + 1].vv + v * v,  t[i + 1].cy + c * y[i],
					  t[i + 1].vy + v * y[i]};
	}
}

/* The gradual shape at depth x for a stack of R entries (sm_knee). */
static double knee_f(double x, int R)
{
	return x + 1 <= R ? 0 : (x + 1 - R) / x;
}

/* A structure's capacity off the knee of its cost curve (x ascending:
 * calls deep), by fitting both shapes a full structure gives and keeping
 * the better:
 *   gradual  a + b max(0, x + 1 - R) / x: a stack of R entries holds the
 *            x returns of a pass and the body's own call into it; past
 *            that, the oldest x + 1 - R of every x miss (a return stack
 *            that overwrites its bottom). R runs over every whole number
 *            up to the deepest point, so it is read between the sizes
 *            tried; its range is every R whose fit is no worse than the
 *            best by SM_KNEE_CHI2 times the best fit's residual variance
 *            (a 95% profile interval for one parameter).
 *   step     a + b [x > x_k]: all of them miss at once (a target buffer
 *            that stops holding the returns); x_k runs over the sizes
 *            tried, so the capacity reads "x_k fit, the next did not".
 * A fit counts only where its rise b is at least `min_rise` and it leaves
 * at most SM_KNEE_UNEXPLAINED of the curve's variance around its mean;
 * with none, the curve is open (no knee as far as the sweep went). */
static void sm_knee(const struct sm_point *p, int n, const char *kernel, double min_rise, struct sm_rise *r,
		    struct sm_knee_fit *k)
{
	double x[SM_MAX_POINTS], y[SM_MAX_POINTS], f[SM_MAX_POINTS];
	static double sse_of[SM_MAX_KNEE + 1] BM_NOINIT; /* [2, top] written before read */
	int m = curve_of(p, n, kernel, x, y);
	*r = (struct sm_rise){0};
	*k = (struct sm_knee_fit){SM_SHAPE_NONE, 0};
	if (!m)
		return;
	*r = (struct sm_rise){true, true, x[m - 1], 0};
	double mean = 0, total = 0, best = -1;
	for (int i = 0; i < m; i++)
		mean += y[i] / m;
	for (int i = 0; i < m; i++)
		total += (y[i] - mean) * (y[i] - mean);
	int top = x[m - 1] < SM_MAX_KNEE ? (int)x[m - 1] : SM_MAX_KNEE;
	int64_t xi[SM_MAX_POINTS]; /* the depths, whole numbers: compared without a float call */
	for (int i = 0; i < m; i++)
		xi[i] = (int64_t)x[i];
	struct fit_y ys = fit_y_of(y, m);
	bool ascending = true; /* as measured; else every point is worked out for every R */
	double xlo = x[0], xhi = x[0]; /* the depths measured: the rise a fit draws is f(xhi) - f(xlo) */
	for (int i = 1; i < m; i++) {
		ascending = ascending && xi[i] > xi[i - 1] && xi[i] > 0;
		xlo = x[i] < xlo ? x[i] : xlo;
		xhi = x[i] > xhi ? x[i] : xhi;
	}
	static struct knee_sums suf[SM_MAX_POINTS + 1] BM_NOINIT; /* [0, m] written before read */
	if (ascending)
		knee_suffix(x, y, m, suf);
	int from = 0; /* the first point a stack of R entries does not hold */
	struct knee_poly poly;
	double tiny = 1e-12 * m, unexplained = SM_KNEE_UNEXPLAINED * total;
	for (int R = 2; R <= top; R++) {
		sse_of[R] = -1;
		double a, b, sse;
		bool fitted;
		if (ascending) {
			if (R == 2 || (from < m && xi[from] + 1 <= R)) {
				while (from < m && xi[from] + 1 <= R)
					from++;
				knee_poly_of(&suf[from], m, &ys, &poly);
			}
			fitted = knee_fit_at(&poly, (double)R, &ys, tiny, &b, &sse);
		} else {
			for (int i = 0; i < m; i++)
				f[i] = knee_f(x[i], R);
			fitted = line_fit(f, y, m, 0, &ys, &a, &b, &sse);
		}
		/* the rise the fit draws over the depths measured, not b (its
		 * cost of a return that always misses): a stack smaller than the
		 * first depth draws the curve already up at its start, and
		 * alone, with the half-the-lowest-cost least, the C906's RTL
		 * curve (4.9 cycles over 13.4) passed only as R = 2, b 10.8 */
		if (!fitted || b < min_rise || sse > unexplained || b * (knee_f(xhi, R) - knee_f(xlo, R)) < min_rise)
			continue;
		sse_of[R] = sse;
		if (best < 0 || sse < best) {
			best = sse;
			*k = (struct sm_knee_fit){SM_SHAPE_GRADUAL, R};
		}
	}
	/* the step after point j: f is 1 past it; with the depths ascending,
	 * its sums are the count and a suffix sum of y */
	double ysuf[SM_MAX_POINTS + 1];
	ysuf[m] = 0;
	for (int i = m - 1; i >= 0; i--)
		ysuf[i] = ysuf[i + 1] + y[i];
	for (int j = 0; j + 1 < m; j++) {
		double a, b, sse;
		bool fitted;
		if (ascending) {
			double ones = m - 1 - j;
			fitted = fit_sums(ones, ones, ysuf[j + 1], m, &ys, &a, &b, &sse);
		} else {
			for (int i = 0; i < m; i++)
				f[i] = x[i] <= x[j] ? 0 : 1;
			fitted = line_fit(f, y, m, 0, &ys, &a, &b, &sse);
		}
		if (!fitted || b < min_rise || sse > unexplained)
			continue;
		if (best < 0 || sse < best) {
			best = sse;
			*k = (struct sm_knee_fit){SM_SHAPE_STEP, 0};
			*r = (struct sm_rise){true, false, x[j], x[j + 1]};
		}
	}
	if (k->shape != SM_SHAPE_GRADUAL)
		return;
	double slack = m > 3 ? SM_KNEE_CHI2 * best / (m - 3) : 0;
	int lo = (int)k->entries, hi = lo;
	while (lo > 2 && sse_of[lo - 1] >= 0 && sse_of[lo - 1] <= best + slack)
		lo--;
	while (hi < top && sse_of[hi + 1] >= 0 && sse_of[hi + 1] <= best + slack)
		hi++;
	/* in entries: a stack of `lo` fits the curve, one past `hi` does not */
	*r = (struct sm_rise){true, false, lo, hi + 1};
}

/* sm_knee with, where no mispredict penalty was measured, a rise of
 * SM_RISE_RATIO - 1 times the curve's lowest cost as the least. */
static void sm_knee_or_ratio(const struct sm_point *p, int n, const char *kernel, double min_rise,
			     struct sm_rise *r, struct sm_knee_fit *k)
{
	if (min_rise <= 0) {
		double lo = 0;
		for (int i = 0; i < n; i++)
			if (strcmp(p[i].kernel, kernel) == 0 && p[i].cyc > 0 && (lo == 0 || p[i].cyc < lo))
				lo = p[i].cyc;
		min_rise = (SM_RISE_RATIO - 1) * lo;
	}
	sm_knee(p, n, kernel, min_rise, r, k);
}

static void tlb(const struct sm_point *p, int n, struct sm_summary *s)
{
	double prev = 0, prev_pages = 0, best = 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(p[i].kernel, "cache.tlb.lat") != 0 || p[i].cyc <= 0)
			continue;
		const struct sm_point *dense = find(p, n, "cache.load.lat", p[i].param * 64);
		double pages = (double)p[i].param;
		if (!s->tlb_first.has || s->tlb_first.open) {
			if (dense && p[i].cyc > SM_STEP_RATIO * dense->cyc && s->tlb_first.has) {
				s->tlb_first.open = false;
				s->tlb_first.exceeds = pages;
			} else if (dense) {
				s->tlb_first.has = s->tlb_first.open = true;
				s->tlb_first.fits = pages;
			}
		}
		if (prev > 0 && p[i].cyc - prev > best) {
			best = p[i].cyc - prev;
			s->tlb_last = (struct sm_rise){true, false, prev_pages, pages};
		}
		prev = p[i].cyc;
		prev_pages = pages;
	}
}

static void line_size(const struct sm_point *p, int n, struct sm_summary *s)
{
	const struct sm_point *first = NULL;
	double kept = 0;
	int points = 0;
	for (int i = 0; i < n; i++)
		if (strcmp(p[i].kernel, "cache.line.lat") == 0 && p[i].cyc > 0) {
			if (!first)
				first = &p[i];
			if (!points++ || p[i].cyc < kept)
				kept = p[i].cyc;
		}
	if (points < 2) {
		s->line_why = "cache.line.lat did not run at two offsets or more (its skip record says why)";
		return;
	}
	s->line_flushed = first->cyc;
	s->line_kept = kept;
	if (first->cyc < SM_LINE_CONTRAST * kept) {
		/* the harness names the cause where it knows it (an emulator's
		 * cycles); on silicon this is all that can be said */
		s->line_no_contrast = true;
		s->line_why = "loads in the flushed line cost less than twice those beside it: the flush does not "
			      "reach the cache the loads hit, or memory is not much slower than it";
		return;
	}
	double mid = (first->cyc + kept) / 2;
	bool below = false;
	for (int i = 0; i < n; i++) {
		if (strcmp(p[i].kernel, "cache.line.lat") != 0 || p[i].cyc <= 0)
			continue;
		if (p[i].cyc < mid && !below) {
			below = true;
			s->line_size = (double)p[i].param;
		} else if (p[i].cyc >= mid && below) {
			s->line_why = "cache.line.lat crosses its midpoint more than once: no single step";
			return;
		}
	}
	s->has_line = true;
}

static void history(const struct sm_point *p, int n, struct sm_summary *s)
{
	s->history_why = "branch.history did not run";
	for (int i = 0; i < n; i++) {
		if (strcmp(p[i].kernel, "branch.history") != 0 || p[i].cyc <= 0)
			continue;
		if (!p[i].has_br_miss) {
			s->history = (struct sm_rise){0};
			s->history_why = SM_HISTORY_NO_BR_MISS;
			return;
		}
		s->history_why = NULL;
		double per_group = p[i].br_miss * (double)(p[i].param + 2);
		if (per_group > SM_HISTORY_LOST) {
			s->history.has = true;
			s->history.open = false;
			s->history.exceeds = (double)p[i].param;
			return;
		}
		s->history.has = s->history.open = true;
		s->history.fits = (double)p[i].param;
	}
}

void summary_derive(const struct sm_point *p, int n, struct sm_summary *s)
{
	memset(s, 0, sizeof(*s));
	cache_levels(p, n, s);
	window(p, n, s); /* the order first: the penalty below depends on it */
	const struct sm_point *rnd = find(p, n, "branch.random", -1), *pred = find(p, n, "branch.predictable", -1);
	if (rnd && pred) {
		s->mispredicts_counted = rnd->has_br_miss && rnd->br_miss > 0.05;
		double per_op = s->mispredicts_counted ? rnd->br_miss : 0.5;
		s->has_mispredict = true;
		s->mispredict_penalty = (rnd->cyc - pred->cyc) / per_op;
		/* branch.random's condition is a byte loaded just before the
		 * branch: an out-of-order core resolves a mispredicted one a
		 * load-to-use after it could, and only when mispredicted (a
		 * predicted one never waits), so that latency is in the
		 * difference and is taken out; an in-order core waits for the
		 * load either way, and it cancels. Zen 4 read 20.8 with it, 16.8
		 * without (AMD: 11-18) */
		const struct sm_point *load = find(p, n, "pipeline.load.lat", -1);
		if (s->order == SM_OUT_OF_ORDER && load && load->cyc < s->mispredict_penalty) {
			s->mispredict_load = load->cyc;
			s->mispredict_penalty -= load->cyc;
		}
	}
	width(p, n, s);
	window_blind(s);
	tlb(p, n, s);
	line_size(p, n, s);
	history(p, n, s);
	sm_steps(p, n, "branch.btb.4", 0, &s->btb4, &s->btb4_next);
	sm_steps(p, n, "branch.btb.16", 0, &s->btb16, &s->btb16_next);
	s->nbtb4_levels = sm_step_levels(p, n, "branch.btb.4", 0, s->btb4_levels, SM_MAX_LEVELS);
	s->nbtb16_levels = sm_step_levels(p, n, "branch.btb.16", 0, s->btb16_levels, SM_MAX_LEVELS);
	/* a return or target the structure lost is a mispredict */
	double penalty = s->has_mispredict && s->mispredict_penalty > 0 ? s->mispredict_penalty : 0;
	s->steps_by_penalty = penalty > 0;
	struct sm_rise unused;
	/* a full return stack loses its oldest entries: (d-R)/d of the
	 * returns miss past R, a gradual rise the knee fit reads; a target
	 * buffer that helps the fixed returns ends in a step */
	double knee_rise = penalty > 0 ? SM_KNEE_PENALTY_SHARE * penalty : 0;
	sm_knee_or_ratio(p, n, "branch.ret.random", knee_rise, &s->ras, &s->ras_knee);
	sm_knee_or_ratio(p, n, "branch.ret.fixed", knee_rise, &s->ret_fixed, &s->ret_fixed_knee);
	sm_steps(p, n, "branch.indirect", SM_MISPREDICTED_SHARE * penalty, &s->indirect, &unused);
	if (rnd && pred && rnd->cyc > pred->cyc)
		s->pattern = rise(p, n, "branch.pattern", pred->cyc + (rnd->cyc - pred->cyc) / 2);
	const struct sm_point *one = find(p, n, "uarch.mlp", 1);
	for (int i = 0; one && i < n; i++)
		if (strcmp(p[i].kernel, "uarch.mlp") == 0 && p[i].cyc > 0) {
			double m = (double)p[i].param * one->cyc / p[i].cyc;
			if (!s->has_mlp || m > s->mlp)
				s->mlp = m;
			s->has_mlp = true;
		}
	for (int i = 0; i < n; i++)
		if (strcmp(p[i].kernel, "cache.bw.read") == 0 && p[i].cyc > 0) {
			if (!s->has_bandwidth) {
				s->bw_small = 64.0 / p[i].cyc;
				s->bw_small_bytes = (double)p[i].param;
			}
			s->has_bandwidth = true;
			s->bw_large = 64.0 / p[i].cyc; /* the sweep ascends: the last is the largest */
			s->bw_large_bytes = (double)p[i].param;
		}
	for (int i = 0; i < n; i++)
		if (strcmp(p[i].kernel, "cache.bw.vread") == 0 && p[i].cyc > 0 && p[i].bytes > 0) {
			if (!s->has_vbandwidth)
				s->vbw_small = p[i].bytes / p[i].cyc;
			s->has_vbandwidth = true;
			s->vbw_large = p[i].bytes / p[i].cyc;
		}
	const struct sm_point *seq = s->has_memory ? find(p, n, "cache.seq.lat", (int64_t)s->memory_bytes) : NULL;
	if (seq) {
		s->has_prefetch = true;
		s->sequential_latency = seq->cyc;
	}
	const struct sm_point *stlf = find(p, n, "uarch.stlf.lat", -1), *add = find(p, n, "pipeline.add.lat", -1);
	const struct sm_point *addi = find(p, n, "pipeline.addi.lat", -1);
	if (addi && add) {
		s->has_addi = true;
		s->addi_latency = addi->cyc;
		s->add_latency = add->cyc;
		s->addi_eliminated = addi->cyc < SM_ELIMINATED * add->cyc;
	}
	if (stlf && add) {
		s->has_stlf = true;
		s->stlf_latency = stlf->cyc - add->cyc; /* the chain is store -> load -> add */
	}
}
