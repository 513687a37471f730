/* baremark against <figures.md> <core> <log>...: each summary record of
 * the logs beside a core's published figures, read from a Markdown file
 * (docs/cores.md): the section whose "## " heading contains <core> (case
 * ignored), and in it the table rows | field | published | source | note |.
 *
 * A field names a summary reading: L1, L2, L3 (a cache level's size) and
 * "L1 latency" ...; "memory latency"; window.nop, window.int, window.fp,
 * window.load, window.store, window.branch; btb, btb_16 (any level of
 * their steps; btb.2, btb_16.3 a named one), return_stack,
 * return_fixed, indirect_targets, tlb_reach, tlb_reach_last;
 * mispredict_penalty, issue_width, line_size. A published value is a
 * number with an optional KiB/MiB, or a range "lo-hi"; "-" or anything
 * else that is not a number is shown but not judged.
 *
 * Verdicts: a size agrees when it lies in the reading's bracket (the
 * largest that fit to the first that did not, inclusive); a latency,
 * penalty or width when it is within 15% (SCALAR_TOLERANCE) of the
 * published value or range. Otherwise "reads smaller" / "reads larger";
 * "not measured" with the summary's reason when the run has no reading.
 * Exit status: 0 when the table was printed, 1 when no row agreed or
 * there was no summary, 2 on a usage or I/O error. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "compare.h"
#include "lognum.h"
#include "records.h"

#define MAX_FIGURES 64
#define SCALAR_TOLERANCE 0.15

struct figure {
	char field[48], published[64], source[200], note[400];
};

static void trim(char *s)
{
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	size_t i = 0;
	while (s[i] && isspace((unsigned char)s[i]))
		i++;
	memmove(s, s + i, strlen(s + i) + 1);
	/* a field written as `code` */
	n = strlen(s);
	if (n >= 2 && s[0] == '`' && s[n - 1] == '`') {
		memmove(s, s + 1, n - 2);
		s[n - 2] = '\0';
	}
}

/* The rows of the section whose heading contains `core`; -1 (with the
 * reason said) when the file cannot be read or has no such section. */
static int read_figures(const char *path, const char *core, struct figure *f, int max, char *heading, size_t hcap)
{
	FILE *in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "against: %s: %s\n", path, strerror(errno));
		return -1;
	}
	char line[1024];
	bool in_section = false, found = false;
	int n = 0;
	while (fgets(line, sizeof(line), in)) {
		if (strncmp(line, "## ", 3) == 0) {
			in_section = strcasestr(line + 3, core) != NULL && !found;
			if (in_section) {
				found = true;
				snprintf(heading, hcap, "%.*s", (int)(hcap > 1 ? hcap - 1 : 0), line + 3);
				heading[strcspn(heading, "\n")] = '\0';
			}
			continue;
		}
		if (!in_section || line[0] != '|' || strstr(line, "---") || n >= max)
			continue;
		char *cell[5] = {0};
		int k = 0;
		for (char *p = strtok(line + 1, "|"); p && k < 5; p = strtok(NULL, "|"))
			cell[k++] = p;
		if (k < 3)
			continue;
		struct figure *x = &f[n];
		memset(x, 0, sizeof(*x));
		snprintf(x->field, sizeof(x->field), "%s", cell[0]);
		snprintf(x->published, sizeof(x->published), "%s", cell[1]);
		snprintf(x->source, sizeof(x->source), "%s", cell[2]);
		if (k > 3)
			snprintf(x->note, sizeof(x->note), "%s", cell[3]);
		trim(x->field), trim(x->published), trim(x->source), trim(x->note);
		if (strcmp(x->field, "field") == 0) /* the header row */
			continue;
		n++;
	}
	fclose(in);
	if (!found) {
		fprintf(stderr, "against: %s has no section whose heading contains \"%s\"\n", path, core);
		return -1;
	}
	return n;
}

/* "48 KiB", "1 MiB", "448", "13-15": false when it is not a number. */
static bool parse_one(const char *s, double *v, const char **end)
{
	char *e;
	errno = 0;
	double x = strtod(s, &e);
	if (e == s || errno)
		return false;
	while (*e == ' ')
		e++;
	if (strncmp(e, "KiB", 3) == 0)
		x *= 1024, e += 3;
	else if (strncmp(e, "MiB", 3) == 0)
		x *= 1048576, e += 3;
	*v = x;
	*end = e;
	return true;
}

static bool parse_published(const char *s, double *lo, double *hi)
{
	const char *e;
	if (!parse_one(s, lo, &e))
		return false;
	*hi = *lo;
	if (*e == '-' && parse_one(e + 1, hi, &e) && *hi >= *lo)
		return *e == '\0' || *e == ' ';
	return *e == '\0' || *e == ' ';
}

/* Where a field's reading lies in the summary record: a bracket
 * (fits/exceeds, or at_least when open) or a scalar. */
struct reading {
	bool has, bracket, open;
	double fits, exceeds, value;
	const char *unavailable_key;
	const char *said; /* no reading, and why: a window kind the probe could not see, a knee that moved */
};

/* What a reading says when the log's number cannot be a size or a count
 * (negative, past 2^50, not an integer): never converted, never judged. */
static const char out_of_range[] = "out of range in the log";

/* o[k] as a size or count, range-checked (lognum.h); false, with the
 * reading marked out of range, when it cannot be one. */
static bool ival(const json_t *o, const char *k, double *v, struct reading *r)
{
	long long x;
	if (!ln_int_at(o, k, 0, LN_BYTES_MAX, &x)) {
		r->has = r->bracket = false;
		r->said = out_of_range;
		return false;
	}
	*v = (double)x;
	return true;
}

/* A bracket object: fits/exceeds, or at_least when open. False when o
 * is none, or when a bound is out of range (r->said then says so). */
static bool bracket_of(const json_t *o, struct reading *r)
{
	if (!json_is_object(o) || !(json_object_get(o, "fits") || json_object_get(o, "at_least")))
		return false;
	r->has = r->bracket = true;
	r->open = json_object_get(o, "at_least") != NULL;
	r->exceeds = 0;
	return ival(o, r->open ? "at_least" : "fits", &r->fits, r) && (r->open || ival(o, "exceeds", &r->exceeds, r));
}

/* A scalar reading (a latency, a width): finite and at most 10^15. */
static void scalar_of(const json_t *o, const char *k, struct reading *r)
{
	r->has = json_object_get(o, k) != NULL;
	if (r->has && !ln_num_at(o, k, -LN_REAL_MAX, LN_REAL_MAX, &r->value)) {
		r->has = false;
		r->said = out_of_range;
	}
}

static struct reading read_field(const json_t *sum, const char *field)
{
	struct reading r = {0};
	int level;
	char rest[32] = "";
	if (sscanf(field, "L%d%31[^\n]", &level, rest) >= 1 && level >= 1 && level <= 8) {
		r.unavailable_key = "caches";
		const json_t *c = json_array_get(json_object_get(sum, "caches"), (size_t)level - 1);
		if (!c)
			return r;
		r.has = true;
		if (strcmp(rest, " latency") == 0) {
			scalar_of(c, "latency_cycles", &r);
		} else {
			r.bracket = true;
			if (ival(c, "holds_bytes", &r.fits, &r))
				ival(c, "step_before_bytes", &r.exceeds, &r);
		}
		return r;
	}
	static const struct {
		const char *field, *obj, *key;
	} scalars[] = {{"memory latency", "memory", "latency_cycles"},
		       {"mispredict_penalty", "mispredict_penalty", "cycles"},
		       {"issue_width", "issue_width", "ipc"},
		       {"line_size", "line_size", "bytes"},
		       {"store_to_load_forwarding", "store_to_load_forwarding", "cycles"}};
	for (size_t i = 0; i < sizeof(scalars) / sizeof(scalars[0]); i++)
		if (strcmp(field, scalars[i].field) == 0) {
			const json_t *o = json_object_get(sum, scalars[i].obj);
			r.unavailable_key = scalars[i].obj;
			scalar_of(o, scalars[i].key, &r);
			return r;
		}
	const json_t *o;
	/* btb.2, btb_16.3: that level of the structure's steps */
	char base[16];
	int nth;
	if (sscanf(field, "%15[a-z_0-9].%d", base, &nth) == 2 && strncmp(base, "btb", 3) == 0 && nth >= 1) {
		r.unavailable_key = "btb";
		bracket_of(json_array_get(json_object_get(json_object_get(sum, base), "levels"), (size_t)nth - 1), &r);
		return r;
	}
	if (strncmp(field, "window.", 7) == 0) {
		r.unavailable_key = "window";
		o = json_object_get(json_object_get(sum, "window"), field + 7);
		r.said = json_string_value(json_object_get(o, "blind"));
	} else {
		r.unavailable_key = field;
		o = json_object_get(sum, field);
	}
	static char moved[96];
	if (summary_unstable(o, moved, sizeof(moved))) /* the knee moved between the sweep's two passes */
		r.said = moved;
	bracket_of(o, &r);
	return r;
}

static void human(char *buf, size_t cap, double v, bool bytes)
{
	/* v is a range-checked size (at most 2^50) or a count: the cast holds it */
	if (bytes && v >= 1048576 && v <= LN_BYTES_MAX && (long long)v % 1048576 == 0)
		snprintf(buf, cap, "%.0f MiB", v / 1048576);
	else if (bytes && v >= 1024)
		snprintf(buf, cap, "%.0f KiB", v / 1024);
	else
		snprintf(buf, cap, "%.4g", v);
}

/* A structure read in levels (btb, btb_16): the level whose bracket
 * holds the published figure, 1-based; 0 if none does. */
static int level_holding(const json_t *sum, const char *field, double lo, double hi)
{
	const json_t *lv = json_object_get(json_object_get(sum, field), "levels");
	for (size_t i = 0; i < json_array_size(lv); i++) {
		struct reading r = {0};
		if (bracket_of(json_array_get(lv, i), &r) && (r.open ? hi >= r.fits : hi >= r.fits && lo <= r.exceeds))
			return (int)i + 1;
	}
	return 0;
}

static int judge(const json_t *sum, const struct figure *f, int *agreed)
{
	double plo, phi;
	/* "btb" names no level: it agrees where any level's bracket holds
	 * the figure (a manual's 12K is Golden Cove's last level, which
	 * the first step is not), and is judged as that level */
	char named[64];
	snprintf(named, sizeof(named), "%.40s", f->field);
	if ((strcmp(f->field, "btb") == 0 || strcmp(f->field, "btb_16") == 0) && parse_published(f->published, &plo, &phi)) {
		int k = level_holding(sum, f->field, plo, phi);
		if (k > 1)
			snprintf(named, sizeof(named), "%.40s.%d", f->field, k);
	}
	struct reading r = read_field(sum, named);
	bool bytes = f->field[0] == 'L' && !strstr(f->field, "latency");
	char measured[96], a[32], b[32];
	const char *verdict;
	double lo, hi;
	bool numeric = parse_published(f->published, &lo, &hi);
	if (!r.has) {
		const char *why = r.said ? r.said : summary_unavailable(sum, r.unavailable_key);
		snprintf(measured, sizeof(measured), "%s",
			 !r.said				     ? "-"
			 : r.said == out_of_range		     ? "out of range"
			 : strncmp(r.said, "unstable", 8) == 0 ? "unstable"
								     : "blind");
		printf("%-26s | %-26s | %-14s | not measured (%s) | %s\n", f->field, measured, f->published,
		       why ? why : "no reading in this run", f->source);
		return 0;
	}
	if (r.bracket) {
		human(a, sizeof(a), r.fits, bytes);
		human(b, sizeof(b), r.exceeds, bytes);
		if (r.open)
			snprintf(measured, sizeof(measured), ">= %s (never stepped)", a);
		else
			snprintf(measured, sizeof(measured), "%s fit, %s do not", a, b);
		if (!numeric)
			verdict = "not judged";
		else if (r.open)
			verdict = hi >= r.fits ? "agrees (at least)" : "reads larger";
		else if (hi < r.fits)
			verdict = "reads larger";
		else if (lo > r.exceeds)
			verdict = "reads smaller";
		else
			verdict = "agrees";
	} else {
		snprintf(measured, sizeof(measured), "%.3g", r.value);
		if (!numeric)
			verdict = "not judged";
		else if (r.value < lo * (1 - SCALAR_TOLERANCE))
			verdict = "reads smaller";
		else if (r.value > hi * (1 + SCALAR_TOLERANCE))
			verdict = "reads larger";
		else
			verdict = "agrees";
	}
	*agreed += strncmp(verdict, "agrees", 6) == 0;
	if (strcmp(named, f->field) != 0) { /* which level of the steps it was judged by */
		size_t used = strlen(measured);
		snprintf(measured + used, sizeof(measured) - used, " (level %.8s)", strchr(named, '.') + 1);
	}
	printf("%-26s | %-26s | %-14s | %-17s | %s%s%s\n", f->field, measured, f->published, verdict, f->source,
	       f->note[0] && strncmp(verdict, "agrees", 6) != 0 ? "; why: " : "",
	       f->note[0] && strncmp(verdict, "agrees", 6) != 0 ? f->note : "");
	return 1;
}

/* Several summaries of one kind of core (runs, or cores of one type):
 * each bracketed field whose bracket is not the same in all of them is
 * unstable, with every bracket, never one stated as the fact. On a busy
 * Emerald Rapids guest a second run read the ROB 256/320, the first
 * 448/512 (issue 38). */
#define MAX_SUMS 16
static void between(json_t *const *sums, const char *const *labels, int n, const struct figure *f, int nf)
{
	bool said = false;
	for (int k = 0; k < nf; k++) {
		struct reading r[MAX_SUMS];
		int first = -1;
		bool differs = false;
		for (int i = 0; i < n; i++) {
			r[i] = read_field(sums[i], f[k].field);
			if (!r[i].has || !r[i].bracket)
				continue;
			if (first < 0)
				first = i;
			else if (r[i].open != r[first].open || r[i].fits != r[first].fits || r[i].exceeds != r[first].exceeds)
				differs = true;
		}
		if (!differs)
			continue;
		if (!said)
			printf("# between the %d summaries: fields whose knee moved (unstable: each bracket as read)\n", n);
		said = true;
		bool bytes = f[k].field[0] == 'L' && !strstr(f[k].field, "latency");
		printf("%-26s | unstable:", f[k].field);
		for (int i = first; i < n; i++) {
			if (!r[i].has || !r[i].bracket)
				continue;
			char lo[32], hi[32];
			human(lo, sizeof(lo), r[i].fits, bytes);
			human(hi, sizeof(hi), r[i].exceeds, bytes);
			if (r[i].open)
				printf(" %s >= %s;", labels[i], lo);
			else
				printf(" %s %s/%s;", labels[i], lo, hi);
		}
		printf("\n");
	}
	if (said)
		printf("\n");
}

int cmd_against(int argc, char **argv)
{
	if (argc < 3 || argv[0][0] == '-') {
		fprintf(stderr, "usage: baremark against <figures.md> <core> <log>...\n");
		return 2;
	}
	static struct figure figs[MAX_FIGURES];
	char heading[200] = "";
	int nf = read_figures(argv[0], argv[1], figs, MAX_FIGURES, heading, sizeof(heading));
	if (nf < 0)
		return 2;
	static struct cmp_set set;
	int st = cmp_load(&set, (const char **)argv + 2, argc - 2, "against", false);
	if (st)
		return st;
	int sums = 0, agreed = 0;
	json_t *seen[MAX_SUMS];
	const char *seen_label[MAX_SUMS];
	for (int c = 0; c < set.ncols; c++) {
		size_t i;
		json_t *o;
		json_array_foreach(set.cols[c].log->records, i, o)
		{
			LOG_VISIT();
			const char *t = json_string_value(json_object_get(o, "type"));
			json_t *core = json_object_get(o, "core");
			if (!t || strcmp(t, "summary") != 0 || !json_is_integer(core) || json_integer_value(core) != set.cols[c].core[0])
				continue;
			sums++;
			printf("# %s (%s%s) against %s (%s)\n", set.cols[c].label, set.cols[c].type_label,
			       json_is_true(json_object_get(o, "cycles_estimated")) ? ", cycles ESTIMATED" : "", heading,
			       argv[0]);
			printf("%-26s | %-26s | %-14s | %-17s | %s\n", "field", "measured", "published", "verdict",
			       "source");
			for (int k = 0; k < nf; k++)
				judge(o, &figs[k], &agreed);
			printf("\n");
			if (sums <= MAX_SUMS) {
				seen[sums - 1] = o;
				seen_label[sums - 1] = set.cols[c].label;
			}
		}
	}
	if (sums > 1)
		between(seen, seen_label, sums < MAX_SUMS ? sums : MAX_SUMS, figs, nf);
	cmp_free(&set);
	if (!sums) {
		fprintf(stderr, "against: no summary record in these logs\n");
		return 1;
	}
	return agreed ? 0 : 1;
}
