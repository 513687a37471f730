/* The report's multi-core section, from the boot core's multicore.*
 * records of each log: the core-to-core handoff matrix as a heat map, and
 * how memory bandwidth and prime counting scale with the number of cores
 * (with the ideal line for the speed-up). */
#include "report_multicore.h"
#include "lognum.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

/* Cores a heat map takes; one past them is counted and said under it. */
#define MAX_IDS 256
/* The heat map's canvas is at most this wide, so that the page (960 px)
 * shows it unscaled and its text is the size of the other figures'. */
#define MAP_MAX_PX 900
/* A cell holds its number from this many pixels on; tick labels stand at
 * least this far apart. */
#define MAP_LABEL_PX 28
#define TICK_GAP_PX 22

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static bool is_result(const json_t *o, const char *kernel)
{
	return strcmp(str(o, "type"), "result") == 0 && strcmp(str(o, "kernel"), kernel) == 0;
}

/* "qemu-a64 (path/to/run.log)": multi-core plots are one per log. */
static void log_title(FILE *s, const struct run_log *l)
{
	gp_label(s, l->run ? str(l->run, "platform") : "?");
	fputs(" (", s);
	gp_label(s, l->path);
	fputs(")", s);
}

/* Why a plot is absent: the first skip record's reason, if any log has one. */
static void absent(FILE *o, const char *id, const char *what, const char *kernel, const struct run_log *logs,
		   int nlogs)
{
	const char *why = NULL;
	for (int i = 0; i < nlogs && !why; i++) {
		size_t k;
		json_t *r;
		json_array_foreach(logs[i].records, k, r)
		{
			LOG_VISIT();
			if (strcmp(str(r, "type"), "skip") == 0 && strcmp(str(r, "kernel"), kernel) == 0) {
				why = str(r, "reason");
				break;
			}
		}
	}
	fprintf(o, "<p class=\"absent\" id=\"%s\">%s: no %s results in these logs", id, what, kernel);
	if (why) {
		fprintf(o, " (skipped: ");
		html_text(o, why);
		fprintf(o, ")");
	}
	fprintf(o, ".</p>\n");
}

static int id_index(json_int_t *ids, int *n, json_int_t id)
{
	for (int k = 0; k < *n; k++)
		if (ids[k] == id)
			return k;
	if (*n >= MAX_IDS)
		return -1;
	ids[*n] = id;
	return (*n)++;
}

/* One heat map per log: cell (a, b) = (b, a) = median one-way ns. Up to
 * MAP_MAX_PX wide whatever the number of cores: past about 20 cores a
 * cell is too small for its number, which the table of results then
 * gives, and the tick labels are thinned to every k-th core. */
static bool c2c_map(FILE *o, const struct run_log *l, int which)
{
	static json_int_t ids[MAX_IDS];
	int nids = 0;
	long pairs_out = 0; /* pairs of a core past MAX_IDS */
	size_t k;
	json_t *r;
	json_array_foreach(l->records, k, r)
	{
		LOG_VISIT();
		json_t *c = json_object_get(r, "cores");
		if (!is_result(r, "multicore.c2c.lat") || json_array_size(c) != 2)
			continue;
		int a = id_index(ids, &nids, json_integer_value(json_array_get(c, 0)));
		int b = id_index(ids, &nids, json_integer_value(json_array_get(c, 1)));
		pairs_out += a < 0 || b < 0;
	}
	if (nids < 2)
		return true;
	qsort(ids, (size_t)nids, sizeof(ids[0]), json_int_cmp);
	int side = 40 * nids < MAP_MAX_PX - 300 ? 40 * nids : MAP_MAX_PX - 300; /* the matrix, in px */
	double cell = (double)side / nids;
	int every = cell >= TICK_GAP_PX ? 1 : (int)(TICK_GAP_PX / cell) + 1;
	bool numbers = cell >= MAP_LABEL_PX;
	char *buf = NULL;
	size_t len = 0;
	FILE *s = open_memstream(&buf, &len);
	fprintf(s, "set terminal svg size %d,%d dynamic font 'sans,11' background '#ffffff'\n", 300 + side,
		240 + side);
	fprintf(s, "set title '");
	log_title(s, l);
	fprintf(s, "' noenhanced\nset xlabel 'core'\nset ylabel 'core'\nset cblabel 'ns, one-way handoff'\n");
	fprintf(s, "set palette defined (0 '#fff5eb', 1 '#fd8d3c', 2 '#7f2704')\nset size ratio -1\n");
	fprintf(s, "set xrange [-0.5:%d.5]\nset yrange [%d.5:-0.5]\nset tics scale 0\n", nids - 1, nids - 1);
	for (int axis = 0; axis < 2; axis++) {
		fprintf(s, "set %s (", axis ? "ytics" : "xtics");
		for (int i = 0; i < nids; i += every)
			fprintf(s, "%s'%lld' %d", i ? ", " : "", (long long)ids[i], i);
		fprintf(s, ")\n");
	}
	fprintf(s, "$m << EOD\n");
	json_array_foreach(l->records, k, r)
	{
		LOG_VISIT();
		json_t *c = json_object_get(r, "cores");
		json_t *ns = json_object_get(r, "ns_per_op");
		if (!is_result(r, "multicore.c2c.lat") || json_array_size(c) != 2 || !json_is_number(ns))
			continue;
		int a = id_index(ids, &nids, json_integer_value(json_array_get(c, 0)));
		int b = id_index(ids, &nids, json_integer_value(json_array_get(c, 1)));
		if (a < 0 || b < 0 || !plot_value(json_number_value(ns), false))
			continue;
		fprintf(s, "%d %d %.3f\n%d %d %.3f\n", a, b, json_number_value(ns), b, a, json_number_value(ns));
	}
	fprintf(s, "EOD\nplot $m using 1:2:(0.5):(0.5):3 with boxxyerror fs solid 1 noborder lc palette notitle");
	if (numbers)
		fprintf(s, ", $m using 1:2:(sprintf('%%.0f', $3)) with labels notitle");
	fprintf(s, "\n");
	fclose(s);
	char id[32];
	snprintf(id, sizeof(id), "c2c-%d", which);
	bool ok = plot_figure(o, id, "Core-to-core latency: one-way cache-line handoff, ns (median of 5)", buf);
	if (!numbers) {
		fprintf(o, "<p class=\"absent\">%d cores, every one in the map: a cell is too small for its number (each "
			   "pair's ns is in the table of results)",
			nids);
		if (every > 1)
			fprintf(o, "; the axes name every %d%s core", every, every == 2 ? "nd" : every == 3 ? "rd" : "th");
		fprintf(o, ".</p>\n");
	}
	if (pairs_out)
		fprintf(o, "<p class=\"absent\">%ld pairs of cores past the first %d are not in the map.</p>\n", pairs_out,
			MAX_IDS);
	free(buf);
	return ok;
}

/* y against the number of cores, one line per log (and kernel). */
static bool scaling_plot(FILE *o, const char *id, const char *caption, const char *ylabel, const char *field,
			 const char *const *kernels, int nkernels, bool ideal, const struct run_log *logs, int nlogs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *s = open_memstream(&buf, &len);
	fprintf(s, "set terminal svg size 860,440 dynamic font 'sans,12' background '#ffffff'\n");
	fprintf(s, "set grid\nset key below noenhanced\nset xlabel 'cores'\nset ylabel '%s'\n", ylabel);
	fprintf(s, "set yrange [0:*]\n");
	int lines = 0, maxn = 1;
	char *plot = NULL;
	size_t plen = 0;
	FILE *p = open_memstream(&plot, &plen);
	for (int i = 0; i < nlogs; i++)
		for (int kn = 0; kn < nkernels; kn++) {
			int points = 0;
			size_t k;
			json_t *r;
			fprintf(s, "$d%d_%d << EOD\n", i, kn);
			json_array_foreach(logs[i].records, k, r)
			{
				LOG_VISIT();
				/* a core count and a figure that can be (lognum.h) */
				long long n;
				double v;
				if (!is_result(r, kernels[kn]) ||
				    !ln_int_at(json_object_get(r, "param"), "value", 0, LN_COUNT_MAX, &n) ||
				    !ln_num_at(r, field, -LN_REAL_MAX, LN_REAL_MAX, &v))
					continue;
				fprintf(s, "%lld %.3f\n", n, v);
				points++;
				if (n > maxn)
					maxn = n > INT_MAX ? INT_MAX : (int)n;
			}
			fprintf(s, "EOD\n");
			if (!points)
				continue;
			fprintf(p, "%s$d%d_%d using 1:2 with linespoints title '", lines ? ", " : "", i, kn);
			log_title(p, &logs[i]);
			if (nkernels > 1)
				fprintf(p, " %s", kernels[kn]);
			fprintf(p, "'");
			lines++;
		}
	fclose(p);
	/* a tick a core up to 16, then about 16 ticks: 64 labels ran together */
	fprintf(s, "set xtics %d\nset xrange [0.5:%d.5]\nplot %s", maxn <= 16 ? 1 : (maxn + 15) / 16, maxn, plot);
	if (ideal)
		fprintf(s, ", x with lines dashtype 2 lc rgb '#888888' title 'ideal (n cores = n x one)'");
	fprintf(s, "\n");
	fclose(s);
	free(plot);
	bool ok = true;
	if (lines)
		ok = plot_figure(o, id, caption, buf);
	else
		absent(o, id, caption, kernels[0], logs, nlogs);
	free(buf);
	return ok;
}

bool report_multicore(FILE *o, const struct run_log *logs, int nlogs)
{
	bool ok = true, any = false;
	for (int i = 0; i < nlogs; i++) {
		size_t k;
		json_t *r;
		bool has = false;
		json_array_foreach(logs[i].records, k, r)
		{
			LOG_VISIT();
			has |= is_result(r, "multicore.c2c.lat");
		}
		if (has) {
			ok &= c2c_map(o, &logs[i], i);
			any = true;
		}
	}
	if (!any)
		absent(o, "c2c", "Core-to-core latency", "multicore.c2c.lat", logs, nlogs);
	static const char *const bw[] = {"multicore.bw.read", "multicore.bw.write", "multicore.bw.copy"};
	static const char *const primes[] = {"multicore.primes"};
	ok &= scaling_plot(o, "bw-scaling", "Memory bandwidth against the number of cores", "MB/s", "mb_per_s", bw, 3,
			   false, logs, nlogs);
	ok &= scaling_plot(o, "primes-scaling", "Prime counting: speed-up over one core", "speed-up", "speedup", primes,
			   1, true, logs, nlogs);
	return ok;
}
