/* baremark host tool.
 *
 *   baremark parse <log>... [--format jsonl|csv]
 *       Every record whose CRC verifies, one per line, with "_log" and
 *       "_line" saying where it came from. Rejected lines are counted on
 *       stderr, never used. Exit 0 if any result record was found, 1 if
 *       none, 2 on a usage or I/O error.
 *
 *   baremark inspect <file.dtb>
 *       What the image would find on that board: console, cpus, memory,
 *       timebase, PSCI or SBI facts, the events it would use.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "csv.h"
#include "crypto.h"
#include "insn.h"
#include "inspect.h"
#include "jsonline.h"
int cmd_report(int argc, char **argv);
int cmd_capture(int argc, char **argv);
int cmd_steps(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_against(int argc, char **argv);
#include "logs.h"
#include "records.h"
#include "textsafe.h"

static int usage(void)
{
	fprintf(stderr, "usage: baremark parse <log>... [--format jsonl|csv]\n"
			"       baremark compare <log>... [--per-ghz] [--per-core] [--format text|markdown|csv]\n"
			"       baremark crypto <log>...\n"
			"       baremark report <log>... -o report.html\n"
			"       baremark capture <device>|- [--baud N] [-o run.log] [--timeout s]\n"
			"       baremark steps <log>...\n"
			"       baremark summary <log>...\n"
			"       baremark against <figures.md> <core> <log>...\n"
			"       baremark insn <log>... [--csv | --json] [--llvm CPU]\n"
			"       baremark inspect <file.dtb>\n");
	return 2;
}

static void print_csv_header(void)
{
	printf("log,line,core,kernel,param,value,cycles_per_op,instructions_per_op,ipc,verdict\n");
}

static void print_csv(const char *log, unsigned long lineno, json_t *o)
{
	if (strcmp(json_string_value(json_object_get(o, "type")), "result") != 0)
		return;
	json_t *param = json_object_get(o, "param");
	csv_text(stdout, log);
	printf(",%lu,%lld,", lineno, json_integer_value(json_object_get(o, "core")));
	csv_text(stdout, json_string_value(json_object_get(o, "kernel")));
	printf(",");
	csv_text(stdout, json_string_value(json_object_get(param, "name")));
	printf(",");
	if (json_is_integer(json_object_get(param, "value")))
		printf("%lld", json_integer_value(json_object_get(param, "value")));
	printf(",");
	json_t *v;
	double cyc;
	if (result_cycles(o, &cyc))
		printf("%.3f", cyc);
	printf(",");
	if ((v = json_object_get(o, "instructions_per_op")))
		printf("%.3f", json_number_value(v));
	printf(",");
	if ((v = json_object_get(o, "ipc")))
		printf("%.3f", json_number_value(v));
	printf(",");
	csv_text(stdout, result_verdict(o, NULL));
	printf("\n");
}

struct parse_out {
	const char *path;
	bool csv;
	unsigned long *results;
	struct jl_buf line; /* one record's text, the buffer reused */
};

static void parse_one(void *ctx, json_t *o)
{
	struct parse_out *p = ctx;
	LOG_VISIT();
	if (strcmp(json_string_value(json_object_get(o, "type")), "result") == 0)
		++*p->results;
	if (p->csv) {
		print_csv(p->path, (unsigned long)json_integer_value(json_object_get(o, "_line")), o);
	} else {
		puts(jl_line(&p->line, o)); /* printable ASCII: controls as \u escapes */
	}
}

static int cmd_parse(int argc, char **argv)
{
	const char *format = "jsonl";
	int nlogs = 0;
	const char *paths[256];
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--format") == 0 && i + 1 < argc)
			format = argv[++i];
		else if (argv[i][0] == '-' && argv[i][1] == '-')
			return usage();
		else if (!add_log_path(paths, &nlogs, 256, argv[i], "parse"))
			return 2;
	}
	bool csv = strcmp(format, "csv") == 0;
	if (!nlogs || (!csv && strcmp(format, "jsonl") != 0))
		return usage();
	log_raw_strings = !csv; /* the JSON lines keep the log's values, escaped as JSON */
	if (csv)
		print_csv_header();
	unsigned long results = 0;
	int io_error = 0;
	for (int i = 0; i < nlogs; i++) {
		struct run_log l;
		struct parse_out out = {paths[i], csv, &results, {0}};
		/* streamed: each record printed as it is read, none kept */
		bool loaded = log_load_each(&l, paths[i], parse_one, &out);
		jl_free(&out.line);
		if (!loaded) {
			io_error = 1;
			continue;
		}
		log_report_counts(&l);
		log_free(&l);
	}
	if (io_error)
		return 2;
	return results ? 0 : 1;
}

static void report_visits(void)
{
	fprintf(stderr, "visits: %llu\n", log_visits);
}

int main(int argc, char **argv)
{
	if (getenv("BAREMARK_COUNT_VISITS"))
		atexit(report_visits);
	/* nothing from a log, a tree or a file name reaches the terminal with
	 * a control character (textsafe.h); capture echoes the serial console,
	 * whose line ends and tabs pass */
	ts_install(argc >= 2 && strcmp(argv[1], "capture") == 0 ? "\n\r\t" : "\n");
	if (argc < 2)
		return usage();
	if (strcmp(argv[1], "parse") == 0)
		return cmd_parse(argc - 2, argv + 2);
	if (strcmp(argv[1], "steps") == 0)
		return cmd_steps(argc - 2, argv + 2);
	if (strcmp(argv[1], "capture") == 0)
		return cmd_capture(argc - 2, argv + 2);
	if (strcmp(argv[1], "report") == 0)
		return cmd_report(argc - 2, argv + 2);
	if (strcmp(argv[1], "compare") == 0)
		return cmd_compare(argc - 2, argv + 2);
	if (strcmp(argv[1], "summary") == 0)
		return cmd_summary(argc - 2, argv + 2);
	if (strcmp(argv[1], "against") == 0)
		return cmd_against(argc - 2, argv + 2);
	if (strcmp(argv[1], "crypto") == 0)
		return cmd_crypto(argc - 2, argv + 2);
	if (strcmp(argv[1], "insn") == 0)
		return cmd_insn(argc - 2, argv + 2);
	if (strcmp(argv[1], "inspect") == 0)
		return cmd_inspect(argc - 2, argv + 2);
	return usage();
}
