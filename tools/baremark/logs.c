#include "logs.h"
#include "lognum.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "expand.h"
#include "recpeek.h"
#include "textbuf.h"
#include "textsafe.h"

bool log_raw_strings;

static const char *str(const json_t *o, const char *k);

/* Reading and checking records runs at about 14 MB/s on the development
 * machine (a 58 MB log of 500 cores: 4 s): past LOG_BIG_BYTES a log takes
 * over a second, and a line on stderr says so. */
#define LOG_BYTES_PER_S (14ll << 20)
#define LOG_BIG_BYTES (16ll << 20)

struct each {
	void (*fn)(void *ctx, json_t *rec);
	void *ctx;
};
static bool load_stream(struct run_log *l, const char *path, FILE *f, const struct each *each);

static bool load_path(struct run_log *l, const char *path, const struct each *each)
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
	return load_stream(l, path, f, each);
}

bool log_load(struct run_log *l, const char *path)
{
	return load_path(l, path, NULL);
}

bool log_load_each(struct run_log *l, const char *path, void (*fn)(void *ctx, json_t *rec), void *ctx)
{
	struct each e = {fn, ctx};
	return load_path(l, path, &e);
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
	return load_stream(l, name, f, NULL);
}

/* UTF-16 (PowerShell's `>` and Out-File write it by default): a byte-order
 * mark, or text whose every other byte is NUL ("@\0b\0m\0"). A stray NUL
 * or two from a board's power-on is not that. Such a log is refused,
 * saying what it is, rather than read as one without records. */
static bool utf16_bom(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	return (u[0] == 0xff && u[1] == 0xfe) || (u[0] == 0xfe && u[1] == 0xff);
}

static bool utf16(const char *p, size_t len)
{
	const unsigned char *u = (const unsigned char *)p;
	if (len >= 2 && utf16_bom(p))
		return true;
	return len >= 4 && ((!u[1] && !u[3] && u[0] && u[2]) || (!u[0] && !u[2] && u[1] && u[3]));
}

/* The name a record answers to as the log has it (a result's "kernel",
 * or a short result's "k"), "" if none. */
static const char *raw_kernel(const json_t *o)
{
	const char *k = json_string_value(json_object_get(o, "kernel"));
	if (!k)
		k = json_string_value(json_object_get(o, "k"));
	return k ? k : "";
}

/* The record in its long form, named and escaped: what every subcommand reads. */
static json_t *finish(struct run_log *l, struct expand_state *ex, json_t *o, const char *path, json_int_t lineno)
{
	if (!l->path_json)
		l->path_json = json_string(path);
	json_object_set(o, "_log", l->path_json); /* one string, shared by every record */
	json_object_set_new(o, "_line", json_integer(lineno));
	o = expand_record(ex, o); /* format 2's short results in their long form */
	if (!log_raw_strings)
		ts_json(o);
	return o;
}

/* A record let go: its line, kept until the next record in case it is
 * the last (where the run stopped). */
static void keep_last_line(struct run_log *l, const char *line, size_t len, json_int_t lineno)
{
	if (len + 1 > l->last_line_cap) {
		free(l->last_line);
		l->last_line_cap = 2 * len + 1;
		l->last_line = malloc(l->last_line_cap);
		if (!l->last_line) {
			fprintf(stderr, "no memory\n");
			exit(2);
		}
	}
	memcpy(l->last_line, line, len);
	l->last_line[len] = '\0';
	l->last_line_len = len;
	l->last_line_no = lineno;
}

/* Where the run stopped (stop_note): the last record and the last kernel
 * record, each held; o is the record as read (raw). */
static void track_stop(struct run_log *l, json_t *o, const char *type)
{
	if (strcmp(type, "kernel") == 0) {
		free(l->last_kernel_raw);
		l->last_kernel_raw = strdup(json_string_value(json_object_get(o, "k")) ?: "");
		l->last_kernel_answered = false;
	} else if (l->last_kernel && raw_kernel(o)[0] && l->last_kernel_raw && strcmp(raw_kernel(o), l->last_kernel_raw) == 0) {
		l->last_kernel_answered = true;
	}
}

/* A record of a core past the first 64 of its type, told from its peek
 * (recpeek.h) without parsing it: the same test as expand_core_of's. */
static bool peek_let_go(struct run_log *l, const struct expand_state *ex, const struct rec_peek *pk)
{
	bool kind = false;
	for (const char *const *t = (const char *const[]){"result", "skip", "summary", NULL}; *t && !kind; t++)
		kind = pk->type_len == strlen(*t) && memcmp(pk->type, *t, pk->type_len) == 0;
	if (!kind)
		return false;
	json_int_t core;
	if (pk->has_core)
		core = pk->core;
	else if (pk->k && pk->has_c)
		core = pk->c;
	else if (pk->k && json_is_integer(ex->boot))
		core = json_integer_value(ex->boot);
	else
		return false;
	json_int_t type = pk->has_core_type ? pk->core_type : expand_type_of(ex, core);
	return type >= 0 && !keep_core(l->keep, type, core);
}

/* Reads the records of f and closes it (unless it is stdin). With `each`,
 * every record goes to its function and none is kept. */
static bool load_stream(struct run_log *l, const char *path, FILE *f, const struct each *each)
{
	l->records = json_array();
	if (!each && !(l->keep = keep_new(COL_MAX_CORES))) {
		fprintf(stderr, "%s: no memory\n", path);
		exit(2);
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	json_int_t lineno = 0;
	struct expand_state ex;
	expand_init(&ex);
	bool table_seen = false; /* the console's table header: a run whose records were turned off */
	bool encoding_checked = false;
	errno = 0;
	while ((n = getline(&line, &cap, f)) >= 0) {
		lineno++;
		size_t len = (size_t)n;
		if (len && line[len - 1] == '\n')
			len--;
		/* the first line long enough to tell (a console often starts with a bare "\r") */
		bool tell = !encoding_checked && (len >= 4 || (lineno == 1 && len >= 2 && utf16_bom(line)));
		encoding_checked |= tell;
		if (tell && utf16(line, len)) {
			fprintf(stderr,
				"%s: this file is UTF-16 text (PowerShell writes it by default), not the console's bytes: "
				"save it as UTF-8 (Out-File -Encoding utf8) or record the console with `baremark capture`\n",
				path);
			free(line);
			expand_free(&ex);
			if (f != stdin)
				fclose(f);
			json_decref(l->records);
			l->records = NULL;
			return false;
		}
		/* a record of a core past the first 64 of its type is checked
		 * (recpeek.h), counted and let go without its JSON tree (looked
		 * for once a type has its 64: a smaller log pays nothing) */
		struct rec_peek pk;
		if (keep_any_full(l->keep) && record_peek(line, len, &pk) == REC_OK && peek_let_go(l, &ex, &pk)) {
			rec_count(&l->counts, REC_OK);
			l->let_go++;
			const char *name = pk.kernel ? pk.kernel : pk.k;
			size_t name_len = pk.kernel ? pk.kernel_len : pk.k_len;
			if (name && name_len && l->last_kernel_raw && strlen(l->last_kernel_raw) == name_len &&
			    memcmp(name, l->last_kernel_raw, name_len) == 0)
				l->last_kernel_answered = true;
			keep_last_line(l, line, len, lineno);
			continue;
		}
		json_t *o;
		enum rec_status s = record_parse_line(line, len, &o);
		rec_count(&l->counts, s);
		if (s == REC_NONE && !table_seen)
			table_seen = len > 6 && strncmp(line, "kernel ", 7) == 0 && memmem(line, len, "cyc/op", 6);
		if (s != REC_OK)
			continue;
		const char *type = json_string_value(json_object_get(o, "type"));
		if (strcmp(type, "end") == 0)
			l->ended = true;
		bool is_run = strcmp(type, "run") == 0; /* type goes with o, which may be replaced */
		bool is_kernel = strcmp(type, "kernel") == 0;
		track_stop(l, o, type);
		/* a core past the first 64 of its type: its results, skips and
		 * summary are counted and let go (keepcores.h) */
		json_int_t core, ctype;
		if (l->keep && (strcmp(type, "result") == 0 || strcmp(type, "skip") == 0 || strcmp(type, "summary") == 0) &&
		    expand_core_of(&ex, o, &core, &ctype) && ctype >= 0 && !keep_core(l->keep, ctype, core)) {
			l->let_go++;
			json_decref(o);
			keep_last_line(l, line, len, lineno);
			continue;
		}
		o = finish(l, &ex, o, path, lineno);
		if (is_kernel) { /* the held kernel record in its escaped form */
			json_decref(l->last_kernel);
			l->last_kernel = json_incref(o);
		}
		json_decref(l->last);
		l->last = json_incref(o);
		l->last_line_no = 0; /* the last record is this one, kept */
		if (each) {
			each->fn(each->ctx, o);
			json_decref(o);
			continue;
		}
		json_array_append_new(l->records, o);
		if (is_run && !l->run)
			l->run = o;
	}
	free(line);
	json_t *o;
	if (l->last_line_no && record_parse_line(l->last_line, l->last_line_len, &o) == REC_OK) {
		/* the last record was let go: its long form, for where the run stopped */
		json_decref(l->last);
		l->last = finish(l, &ex, o, path, l->last_line_no);
	}
	free(l->last_line);
	l->last_line = NULL;
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
	if (!l->counts.ok && !l->counts.bad_crc && !l->counts.bad_json && !l->counts.version)
		fprintf(stderr, "%s: no record lines (none starts with \"@bm \"): %s\n", path,
			table_seen ? "the console printed its table only; boot with baremark.console=both (or records) "
				     "for the host tool"
				   : "not a baremark console log, or one whose records were turned off "
				     "(baremark.console=table)");
	if (l->let_go)
		fprintf(stderr, "%s: %zu cores past the first %d of their type: their %lu results, skips and summaries "
				"are counted, not kept (a column holds %d cores)\n",
			path, keep_ndropped(l->keep), COL_MAX_CORES, l->let_go, COL_MAX_CORES);
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
	free(l->own_path);
	l->own_path = NULL;
	keep_free(l->keep);
	l->keep = NULL;
	json_decref(l->last);
	json_decref(l->last_kernel);
	json_decref(l->path_json);
	l->last = l->last_kernel = l->path_json = NULL;
	free(l->last_kernel_raw);
	l->last_kernel_raw = NULL;
}

/* The log of records[from, to) of `whole`, named `path` (owned; NULL:
 * the caller names it). */
static void log_of_part(struct run_log *part, const struct run_log *whole, size_t from, size_t to, char *path)
{
	memset(part, 0, sizeof(*part));
	part->own_path = path;
	part->path = path;
	part->records = json_array();
	for (size_t k = from; k < to; k++) {
		json_t *o = json_array_get(whole->records, k);
		const char *type = json_string_value(json_object_get(o, "type"));
		json_array_append(part->records, o);
		if (type && strcmp(type, "end") == 0)
			part->ended = true;
		if (type && strcmp(type, "run") == 0 && !part->run)
			part->run = o;
	}
	part->counts.ok = (unsigned long)(to - from);
	part->index = recindex_build(part->records);
	if (!part->index) {
		fprintf(stderr, "%s: no memory to index %zu records\n", whole->path, to - from);
		exit(2);
	}
}

int log_split_runs(struct run_log *l, struct run_log *more, int room)
{
	size_t starts[LOG_MAX_RUNS + 1], n = 0, runs = 0, k;
	json_t *o;
	json_array_foreach(l->records, k, o)
	{
		if (strcmp(str(o, "type"), "run") != 0)
			continue;
		runs++;
		if (runs > 1 && n < (size_t)room && n < LOG_MAX_RUNS)
			starts[n++] = k;
	}
	if (!n)
		return 0;
	if (runs - 1 > n)
		fprintf(stderr, "%s: %zu runs in one file; the %zu past the first %zu are read with the run before them\n",
			l->path, runs, runs - 1 - n, n + 1);
	else
		fprintf(stderr, "%s: %zu runs in one file (a run record starts each): each is read as a log of its own\n",
			l->path, runs);
	starts[n] = json_array_size(l->records);
	for (size_t r = 0; r < n; r++) {
		char *name = NULL;
		if (asprintf(&name, "%s (run %zu)", l->path, r + 2) < 0) {
			fprintf(stderr, "%s: no memory\n", l->path);
			exit(2);
		}
		log_of_part(&more[r], l, starts[r], starts[r + 1], name);
	}
	/* the first run stays in l, with the file's name and counts */
	struct run_log head;
	log_of_part(&head, l, 0, starts[0], NULL);
	json_decref(l->records);
	recindex_free(l->index);
	l->records = head.records;
	l->index = head.index;
	l->ended = head.ended;
	l->run = head.run;
	return (int)n;
}

/* Where a run without its end record stopped: in the last kernel whose
 * `kernel` record came without any of its results (format 2 writes it just
 * before a kernel's first result), else after its last record. */
static void stop_note(const struct run_log *l, struct textbuf *t)
{
	const json_t *last = l->last, *kernel = l->last_kernel; /* held as the log was read */
	tb_printf(t, "; the run did not reach its end record");
	if (kernel && !l->last_kernel_answered)
		tb_printf(t, ": it stopped in %s (line %lld: its kernel record came, none of its results)",
			  str(kernel, "k"), (long long)json_integer_value(json_object_get(kernel, "_line")));
	else if (last)
		tb_printf(t, ": it stopped after line %lld (a %s record%s%s)",
			  (long long)json_integer_value(json_object_get(last, "_line")), str(last, "type"),
			  str(last, "kernel")[0] ? " of " : "", str(last, "kernel"));
}

void log_report_counts(const struct run_log *l)
{
	char note[320];
	struct textbuf t;
	tb_init(&t, note, sizeof(note));
	if (!l->ended)
		stop_note(l, &t);
	fprintf(stderr, "parse: %s: %lu records ok, %lu bad CRC, %lu malformed, %lu unknown version%s\n", l->path,
		l->counts.ok, l->counts.bad_crc, l->counts.bad_json, l->counts.version, note);
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

/* The label with " [log]" after it, the log's file name (its directory
 * too where two logs share a name, and its place among the logs where one
 * file is given twice) kept whole up to 60 characters; the label before it
 * is cut to fit. */
static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static void label_log(struct core_col *c, bool whole_path, int log_number)
{
	const char *base = whole_path ? c->log->path : base_name(c->log->path);
	char tail[64], head[sizeof(c->label)];
	struct textbuf t, h;
	tb_init(&t, tail, sizeof(tail));
	if (log_number)
		tb_printf(&t, " [log %d: %s]", log_number, base);
	else
		tb_printf(&t, " [%s]", base);
	tb_init(&h, head, sizeof(head) - t.len);
	tb_printf(&h, "%s", c->label);
	memcpy(head + h.len, tail, t.len + 1);
	memcpy(c->label, head, h.len + t.len + 1);
}

int json_int_cmp(const void *a, const void *b)
{
	json_int_t x = *(const json_int_t *)a, y = *(const json_int_t *)b;
	return (x > y) - (x < y);
}

/* The columns one log is adding to, from cols[first] to cols[*n - 1]. */
struct placing {
	const struct run_log *log;
	struct core_col *cols;
	int first, *n, max;
	const json_t **first_rec; /* each new column's first core record (where none came, one of its type) */
	int past_max, no_column;
};

static struct core_col *col_of_core(struct placing *p, json_int_t core)
{
	for (int j = p->first; j < *p->n; j++)
		if (col_has(&p->cols[j], core))
			return &p->cols[j];
	return NULL;
}

/* The label of a core type as the run record lists it ("" if it does not). */
static const char *run_type_label(const struct run_log *l, json_int_t type)
{
	const json_t *t = json_object_get(l->run, "core_types");
	const char *s = type >= 0 ? json_string_value(json_array_get(t, (size_t)type)) : NULL;
	return s ? s : "";
}

/* The first core record of `type` in the log, NULL if none came: the name
 * and compatible a core of that type whose own record never came is
 * labelled with. */
static const json_t *type_record(const struct run_log *l, json_int_t type)
{
	size_t k;
	json_t *o;
	json_array_foreach(l->records, k, o)
	{
		LOG_VISIT();
		json_t *t = json_object_get(o, "core_type");
		if (type >= 0 && strcmp(str(o, "type"), "core") == 0 && json_is_integer(t) && json_integer_value(t) == type)
			return o;
	}
	return NULL;
}

/* Core `core` of `type` (-1: a column of its own) into its column, made
 * if need be; `rec` is its core record, or NULL where the run stopped
 * before it (the label of its type, `label_type`, then comes from the run
 * record). */
static void place_core(struct placing *p, json_int_t core, json_int_t type, json_int_t label_type, const json_t *rec)
{
	struct core_col *c = NULL;
	for (int j = p->first; j < *p->n && !c; j++)
		if (type >= 0 && p->cols[j].type == type)
			c = &p->cols[j];
	if (c && col_has(c, core))
		return; /* the same core reported twice: one column entry */
	if (!c) {
		if (*p->n >= p->max || *p->n - p->first >= LOG_MAX_COLS) {
			p->no_column++;
			return;
		}
		c = &p->cols[*p->n];
		memset(c, 0, sizeof(*c));
		c->log = p->log;
		c->type = type;
		c->type_label = rec ? str(rec, "type_label") : run_type_label(p->log, label_type);
		c->core_rec = rec;
		/* a clock that can be (lognum.h: above 0, at most 10^15 MHz); 0 if none */
		c->mhz = 0;
		if (!ln_num_at(rec, "mhz", 1e-9, LN_REAL_MAX, &c->mhz) &&
		    ln_num_at(rec, "mhz_estimated", 1e-9, LN_REAL_MAX, &c->mhz))
			c->mhz_estimated = true;
		p->first_rec[*p->n - p->first] = rec ? rec : type_record(p->log, label_type);
		++*p->n;
	}
	if (c->ncores < COL_MAX_CORES)
		c->core[c->ncores++] = core;
	else
		p->past_max++;
}

/* The core a result, skip or insn record is of: a result's or skip's
 * "core"; an insn record's "c", else the boot core (the run record's core
 * with "boot": true); an insn kernel's error record's "core". An insn
 * record carries no core record of its own, so that a log of only insn
 * records (baremark.only=insn.*, cut before its core records) still has
 * its cores' columns (issue 43). */
static bool record_core(const struct run_log *l, const json_t *o, json_int_t *id)
{
	const char *type = str(o, "type");
	json_t *core = json_object_get(o, "core");
	if (strcmp(type, "insn") == 0) {
		size_t k;
		const json_t *c = json_object_get(o, "c");
		if (c) {
			*id = json_integer_value(c);
			return json_is_integer(c);
		}
		json_array_foreach(json_object_get(l->run, "cores"), k, c)
		{
			if (json_is_true(json_object_get(c, "boot")) && json_is_integer(json_object_get(c, "id"))) {
				*id = json_integer_value(json_object_get(c, "id"));
				return true;
			}
		}
		return false;
	}
	bool insn_error = strcmp(type, "error") == 0 && strncmp(str(o, "kernel"), "insn.", 5) == 0;
	if ((strcmp(type, "result") != 0 && strcmp(type, "skip") != 0 && !insn_error) || !json_is_integer(core))
		return false;
	*id = json_integer_value(core);
	return true;
}

/* A core's type as the run record's cores list gives it, -1 if it does not. */
static json_int_t run_core_type(const struct run_log *l, json_int_t id)
{
	size_t k;
	const json_t *c;
	json_array_foreach(json_object_get(l->run, "cores"), k, c)
	{
		const json_t *t = json_object_get(c, "type");
		if (json_integer_value(json_object_get(c, "id")) == id && json_is_integer(json_object_get(c, "id")))
			return json_is_integer(t) ? json_integer_value(t) : -1;
	}
	return -1;
}

int log_cores(const struct run_log *logs, int nlogs, struct core_col *cols, int max, bool per_core)
{
	int n = 0;
	for (int i = 0; i < nlogs; i++) {
		int first = n;
		const json_t *first_rec[LOG_MAX_COLS];
		struct placing p = {&logs[i], cols, first, &n, max, first_rec, 0, 0};
		size_t k;
		json_t *o;
		json_array_foreach(logs[i].records, k, o)
		{
			LOG_VISIT();
			if (strcmp(str(o, "type"), "core") != 0)
				continue;
			json_t *t = json_object_get(o, "core_type");
			place_core(&p, json_integer_value(json_object_get(o, "core")),
				   json_is_integer(t) && !per_core ? json_integer_value(t) : -1, -1, o);
		}
		/* A run cut short (a board that hung, a capture stopped early) has
		 * results of cores whose core record, written after a core's
		 * results, never came: they are shown all the same, under the
		 * type the run record gives them. */
		static json_int_t tried[LOG_MAX_COLS * COL_MAX_CORES]; /* each such core placed once */
		int missing = 0, insn_only = 0; /* insn_only: placed from an insn record (baremark.only=insn.*) */
		json_array_foreach(logs[i].records, k, o)
		{
			LOG_VISIT();
			json_int_t id;
			if (!record_core(&logs[i], o, &id))
				continue;
			bool seen = col_of_core(&p, id) != NULL;
			for (int m = 0; m < missing && m < (int)(sizeof(tried) / sizeof(tried[0])) && !seen; m++)
				seen = tried[m] == id;
			if (seen)
				continue;
			if (missing < (int)(sizeof(tried) / sizeof(tried[0])))
				tried[missing] = id;
			missing++;
			insn_only += strcmp(str(o, "type"), "result") != 0 && strcmp(str(o, "type"), "skip") != 0;
			json_t *t = json_object_get(o, "core_type");
			json_int_t core_type = json_is_integer(t) ? json_integer_value(t) : run_core_type(&logs[i], id);
			place_core(&p, id, per_core ? -1 : core_type, core_type, NULL);
		}
		if (missing > insn_only)
			fprintf(stderr, "%s: %d core%s with results but no core record (the run stopped before it): "
					"labelled from the run record\n",
				logs[i].path, missing - insn_only, missing - insn_only == 1 ? "" : "s");
		if (insn_only)
			fprintf(stderr, "%s: %d core%s with insn records and no core record: labelled from the run record\n",
				logs[i].path, insn_only, insn_only == 1 ? "" : "s");
		int past_max = p.past_max, no_column = p.no_column;
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
	/* Two logs of one board read the same ("qemu-rv64 riscv #0"): such
	 * labels get their log's name, so that no line or bar hides another. */
	bool named[n > 0 ? n : 1];
	for (int j = 0; j < n; j++) {
		named[j] = false;
		for (int m = 0; m < n && !named[j]; m++)
			named[j] = m != j && cols[m].log != cols[j].log && strcmp(cols[m].label, cols[j].label) == 0;
	}
	for (int j = 0; j < n; j++) {
		bool same_name = false, same_path = false;
		for (int m = 0; m < n && named[j]; m++) {
			bool other = named[m] && cols[m].log != cols[j].log;
			same_name |= other && strcmp(base_name(cols[m].log->path), base_name(cols[j].log->path)) == 0;
			same_path |= other && strcmp(cols[m].log->path, cols[j].log->path) == 0;
		}
		/* one file given twice: told apart by its place on the command line */
		if (named[j])
			label_log(&cols[j], same_name, same_path ? (int)(cols[j].log - logs) + 1 : 0);
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
