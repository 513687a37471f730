#include "logs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool log_load(struct run_log *l, const char *path)
{
	memset(l, 0, sizeof(*l));
	l->path = path;
	l->records = json_array();
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (!f) {
		perror(path);
		json_decref(l->records);
		l->records = NULL;
		return false;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	json_int_t lineno = 0;
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
		json_object_set_new(o, "_log", json_string(path));
		json_object_set_new(o, "_line", json_integer(lineno));
		json_array_append_new(l->records, o);
		if (strcmp(type, "run") == 0 && !l->run)
			l->run = o;
	}
	free(line);
	if (f != stdin)
		fclose(f);
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

int log_cores(const struct run_log *logs, int nlogs, struct core_col *cols, int max)
{
	int n = 0;
	for (int i = 0; i < nlogs; i++) {
		size_t k;
		json_t *o;
		json_array_foreach(logs[i].records, k, o)
		{
			if (strcmp(str(o, "type"), "core") != 0 || n >= max)
				continue;
			struct core_col *c = &cols[n++];
			c->log = &logs[i];
			c->core = json_integer_value(json_object_get(o, "core"));
			/* Arm cores name themselves (MIDR); RISC-V ones through the tree. */
			const char *name = str(o, "name")[0] ? str(o, "name") : str(o, "compatible");
			snprintf(c->label, sizeof(c->label), "%s %s #%lld", logs[i].run ? str(logs[i].run, "platform") : "?",
				 name[0] ? name : "core", (long long)c->core);
			c->mhz = json_number_value(json_object_get(o, "mhz"));
		}
	}
	return n;
}

const json_t *col_find(const struct core_col *c, const char *kernel, json_int_t param)
{
	size_t k;
	json_t *o;
	json_array_foreach(c->log->records, k, o)
	{
		const char *type = str(o, "type");
		if ((strcmp(type, "result") != 0 && strcmp(type, "skip") != 0) || strcmp(str(o, "kernel"), kernel) != 0 ||
		    json_integer_value(json_object_get(o, "core")) != c->core)
			continue;
		json_t *p = json_object_get(o, "param");
		json_int_t v = p ? json_integer_value(json_object_get(p, "value")) : -1;
		if (v == param)
			return o;
	}
	return NULL;
}
