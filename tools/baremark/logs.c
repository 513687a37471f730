#include "logs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "expand.h"
#include "textbuf.h"
#include "textsafe.h"

bool log_raw_strings;

/* Reading and checking records runs at about 14 MB/s on the development
 * machine (a 58 MB log of 500 cores: 4 s): past LOG_BIG_BYTES a log takes
 * over a second, and a line on stderr says so. */
#define LOG_BYTES_PER_S (14ll << 20)
#define LOG_BIG_BYTES (16ll << 20)

static bool load_stream(struct run_log *l, const char *path, FILE *f);

bool log_load(struct run_log *l, const char *path)
{
	memset(l, 0, sizeof(*l));
	l->path = path;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		perror(path);
		return false;
	}
	/* a log that takes more than a second to read (16 MB and up: about
	 * 45 cores of a quick profile, or a full one of 10) says so first */
	struct stat st;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= LOG_BIG_BYTES)
		fprintf(stderr, "%s: reading %lld MB of log (about %lld s)\n", path, (long long)st.st_size >> 20,
			(long long)(st.st_size / LOG_BYTES_PER_S) + 1);
	return load_stream(l, path, f);
}

bool log_load_text(struct run_log *l, const char *name, const char *text)
{
	memset(l, 0, sizeof(*l));
	l->path = name;
	FILE *f = fmemopen((void *)text, strlen(text), "rb");
	if (!f) {
		perror(name);
		return false;
	}
	return load_stream(l, name, f);
}

/* Reads the records of f and closes it (unless it is stdin). */
static bool load_stream(struct run_log *l, const char *path, FILE *f)
{
	l->records = json_array();
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	json_int_t lineno = 0;
	struct expand_state ex;
	expand_init(&ex);
	errno = 0;
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		size_t len = (size_t)n;
		if (len && line[len - 1] == '\n')
			len--;
		json_t *o;
		enum rec_status s = record_parse_line(line, len, &o);
		rec_count(&l->counts, s);
		if (s != REC_OK)
			continue;
		const char *type = json_string_value(json_object_get(o, "type"));
		if (strcmp(type, "end") == 0)
			l->ended = true;
		bool is_run = strcmp(type, "run") == 0; /* type goes with o, which may be replaced */
		json_object_set_new(o, "_log", json_string(path));
		json_object_set_new(o, "_line", json_integer(lineno));
		o = expand_record(&ex, o); /* format 2's short results in their long form */
		if (!log_raw_strings)
			ts_json(o);
		json_array_append_new(l->records, o);
		if (is_run && !l->run)
			l->run = o;
	}
	free(line);
	expand_free(&ex);
	/* A directory opens but cannot be read (EISDIR): an I/O error, with
	 * the system's reason, never an empty log. */
	int read_errno = ferror(f) ? errno : 0;
	if (f != stdin)
		fclose(f);
	if (read_errno) {
		fprintf(stderr, "%s: %s\n", path, strerror(read_errno));
		json_decref(l->records);
		l->records = NULL;
		l->run = NULL;
		return false;
	}
	l->index = recindex_build(l->records);
	if (!l->index) {
		fprintf(stderr, "%s: no memory to index %zu records\n", path, json_array_size(l->records));
		exit(2);
	}
	return true;
}

bool add_log_path(const char **paths, int *n, int max, const char *path, const char *who)
{
	if (*n >= max) {
		fprintf(stderr, "%s: more than %d logs; give at most %d\n", who, max, max);
		return false;
	}
	paths[(*n)++] = path;
	return true;
}

void log_free(struct run_log *l)
{
	json_decref(l->records); /* NULL-safe */
	l->records = NULL;
	recindex_free(l->index);
	l->index = NULL;
}

void log_report_counts(const struct run_log *l)
{
	fprintf(stderr, "parse: %s: %lu records ok, %lu bad CRC, %lu malformed, %lu unknown version%s\n", l->path,
		l->counts.ok, l->counts.bad_crc, l->counts.bad_json, l->counts.version,
		l->ended ? "" : "; the run did not reach its end record");
}

static const char *str(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static bool col_has(const struct core_col *c, json_int_t core)
{
	for (int k = 0; k < c->ncores; k++)
		if (c->core[k] == core)
			return true;
	return false;
}

/* "platform name #0", "#0,2,5" or, for runs of consecutive cores, "#0-3"
 * ("#0-63" for 64 cores); the type number is added when two columns of
 * one log would otherwise read the same. What tells columns apart (the
 * type and the cores) is written first and kept whole: a name too long
 * for the label is cut ("…") before it. */
static void col_label(struct core_col *c, const json_t *core_rec, bool name_clash)
{
	const char *name = str(core_rec, "name")[0] ? str(core_rec, "name") : str(core_rec, "compatible");
	char tail[64];
	struct textbuf t;
	tb_init(&t, tail, sizeof(tail));
	if (name_clash)
		tb_printf(&t, " type %lld", (long long)c->type);
	tb_printf(&t, " #");
	for (int k = 0; k < c->ncores && !t.cut;) {
		int e = k; /* the run of consecutive cores from k */
		while (e + 1 < c->ncores && c->core[e + 1] == c->core[e] + 1)
			e++;
		tb_printf(&t, "%s%lld", k ? "," : "", (long long)c->core[k]);
		if (e > k + 1)
			tb_printf(&t, "-%lld", (long long)c->core[e]);
		else
			e = k; /* two in a row read better as "0,1" */
		k = e + 1;
	}
	struct textbuf l;
	tb_init(&l, c->label, sizeof(c->label) - t.len);
	tb_printf(&l, "%s %s", c->log->run ? str(c->log->run, "platform") : "?", name[0] ? name : "core");
	memcpy(c->label + l.len, tail, t.len + 1);
}

int json_int_cmp(const void *a, const void *b)
{
	json_int_t x = *(const json_int_t *)a, y = *(const json_int_t *)b;
	return (x > y) - (x < y);
}

int log_cores(const struct run_log *logs, int nlogs, struct core_col *cols, int max, bool per_core)
{
	int n = 0;
	for (int i = 0; i < nlogs; i++) {
		int first = n, past_max = 0, no_column = 0;
		const json_t *first_rec[LOG_MAX_COLS];
		size_t k;
		json_t *o;
		json_array_foreach(logs[i].records, k, o)
		{
			LOG_VISIT();
			if (strcmp(str(o, "type"), "core") != 0)
				continue;
			json_int_t core = json_integer_value(json_object_get(o, "core"));
			json_t *t = json_object_get(o, "core_type");
			json_int_t type = json_is_integer(t) && !per_core ? json_integer_value(t) : -1;
			struct core_col *c = NULL;
			for (int j = first; j < n && !c; j++)
				if (type >= 0 && cols[j].type == type)
					c = &cols[j];
			if (c && col_has(c, core))
				continue; /* the same core reported twice: one column entry */
			if (!c) {
				if (n >= max || n - first >= LOG_MAX_COLS) {
					no_column++;
					continue;
				}
				c = &cols[n];
				memset(c, 0, sizeof(*c));
				c->log = &logs[i];
				c->type = type;
				c->type_label = str(o, "type_label");
				c->core_rec = o;
				c->mhz = json_number_value(json_object_get(o, "mhz"));
				if (c->mhz <= 0 && json_number_value(json_object_get(o, "mhz_estimated")) > 0) {
					c->mhz = json_number_value(json_object_get(o, "mhz_estimated"));
					c->mhz_estimated = true;
				}
				first_rec[n - first] = o;
				n++;
			}
			if (c->ncores < COL_MAX_CORES)
				c->core[c->ncores++] = core;
			else
				past_max++;
		}
		/* a core that is not in the figures is said, never dropped silently */
		if (past_max)
			fprintf(stderr, "%s: %d cores past the first %d of their type are not in its column's figures\n",
				logs[i].path, past_max, COL_MAX_CORES);
		if (no_column)
			fprintf(stderr, "%s: %d cores past the first %d columns are not shown\n", logs[i].path, no_column,
				max < LOG_MAX_COLS ? max : LOG_MAX_COLS);
		for (int j = first; j < n; j++)
			qsort(cols[j].core, (size_t)cols[j].ncores, sizeof(cols[j].core[0]), json_int_cmp);
		for (int j = first; j < n; j++) {
			const char *name = str(first_rec[j - first], "name");
			bool clash = false;
			for (int m = first; m < n; m++)
				clash |= m != j && cols[m].type != cols[j].type &&
					 strcmp(str(first_rec[m - first], "name"), name) == 0 &&
					 strcmp(str(first_rec[m - first], "compatible"), str(first_rec[j - first], "compatible")) == 0;
			col_label(&cols[j], first_rec[j - first], clash && cols[j].type >= 0);
		}
	}
	return n;
}

int col_find(const struct core_col *c, const char *kernel, json_int_t param, const json_t **out, int max)
{
	int n = 0;
	for (int k = 0; k < c->ncores && n < max; k++) {
		const json_t *o = recindex_find(c->log->index, kernel, param, c->core[k]);
		if (o)
			out[n++] = o;
	}
	return n;
}
