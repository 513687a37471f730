/* The report's plotting plumbing: gnuplot (Debian's gnuplot-nox, SVG
 * terminal) run on a script, its SVG inlined into the page. */
#include "plot.h"

#include "logs.h"
#include "textbuf.h"
#include "textsafe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void html_text(FILE *o, const char *s)
{
	if (!s) {
		fputs("(not in the log)", o);
		return;
	}
	/* a control or bidi character (a log's file name is not escaped at
	 * load as its records are) shows as its escape, textsafe.h: `cat` of
	 * the page must not act on it, nor the browser reorder the text */
	size_t n = strlen(s), len;
	char esc[8];
	for (const char *p = s; n; p += len, n -= len) {
		if (ts_next((const unsigned char *)p, n, "", &len, esc))
			fputs(esc, o);
		else if (*p == '<')
			fputs("&lt;", o);
		else if (*p == '>')
			fputs("&gt;", o);
		else if (*p == '&')
			fputs("&amp;", o);
		else if (*p == '"')
			fputs("&quot;", o);
		else if (*p == '\'')
			fputs("&#39;", o);
		else
			fwrite(p, 1, len, o);
	}
}

/* Strings from a log reach gnuplot only through these two, and only as
 * printable ASCII that cannot end the string or the line they stand in:
 * no control character (a newline would start a new command: `system`
 * runs a shell), no quote, and none of < > & (gnuplot copies labels into
 * the SVG that is inlined into the page). Everything else becomes '?'. */
static bool gp_safe(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '\'' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' &&
	       c != '`';
}

void gp_label(FILE *o, const char *s)
{
	for (; s && *s; s++)
		fputc(gp_safe((unsigned char)*s) ? *s : '?', o);
}

void gp_token(FILE *o, const char *s)
{
	/* one double-quoted column of a data block: no space either, never empty */
	fputc('"', o);
	if (!s || !*s)
		fputc('-', o);
	for (; s && *s; s++)
		fputc(gp_safe((unsigned char)*s) && *s != ' ' ? *s : '_', o);
	fputc('"', o);
}

/* Copies one SVG line, giving every id gnuplot defines ("gpPt3",
 * "textbox", ...) and every reference to one a per-plot prefix: several
 * SVGs share one page, and ids must be unique in it. */
static void put_svg_line(FILE *out, const char *line, int plot)
{
	static const char *const marks[] = {"id='", "href='#", "url(#"};
	while (*line) {
		bool hit = false;
		for (size_t m = 0; m < sizeof(marks) / sizeof(marks[0]) && !hit; m++) {
			size_t n = strlen(marks[m]);
			if (strncmp(line, marks[m], n) == 0) {
				fprintf(out, "%sp%d_", marks[m], plot);
				line += n;
				hit = true;
			}
		}
		if (!hit)
			fputc(*line++, out);
	}
}

/* Runs gnuplot on `script`, copies its SVG (without the XML prolog) into
 * `out`. False if gnuplot failed. */
bool run_gnuplot(const char *script, FILE *out)
{
	static int plot;
	plot++;
	/* BAREMARK_GNUPLOT set and empty: no plots, as asked (the fuzz target
	 * builds every script but runs no program); the page is whole, each
	 * figure saying why it is not drawn (docs/host-tool.md) */
	const char *g = getenv("BAREMARK_GNUPLOT");
	if (g && !*g) {
		fprintf(out, "<p class=\"absent\">not drawn: BAREMARK_GNUPLOT is set and empty (no plots)</p>\n");
		return true;
	}
	char path[] = "/tmp/bm-report-XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return false;
	FILE *s = fdopen(fd, "w");
	fputs(script, s);
	fclose(s);
	char cmd[256];
	snprintf(cmd, sizeof(cmd), "gnuplot %s 2>&1", path);
	FILE *p = popen(cmd, "r");
	bool in_svg = false, ok = false;
	char line[8192], complaint[240] = "";
	while (p && fgets(line, sizeof(line), p)) {
		if (!in_svg && strncmp(line, "<svg", 4) == 0)
			in_svg = true;
		if (in_svg) {
			put_svg_line(out, line, plot);
			ok = true;
		} else if (strncmp(line, "<?xml", 5) != 0 && strncmp(line, "<!DOCTYPE", 9) != 0 &&
			   strncmp(line, " \"http", 6) != 0 && line[0] != '\n') {
			fprintf(stderr, "report: gnuplot: %s", line);
			if (!complaint[0]) {
				struct textbuf t;
				tb_init(&t, complaint, sizeof(complaint));
				tb_printf(&t, "%s", line);
			}
		}
	}
	int st = p ? pclose(p) : -1;
	unlink(path);
	if (!(ok && st == 0)) {
		fprintf(out, "<p class=\"absent\">gnuplot could not draw this figure%s", complaint[0] ? ": " : "");
		html_text(out, complaint);
		fprintf(out, "</p>\n");
	}
	return ok && st == 0;
}

bool plot_figure(FILE *o, const char *id, const char *caption, const char *script)
{
	fprintf(o, "<figure id=\"%s\" class=\"plot\">\n", id);
	bool ok = run_gnuplot(script, o);
	fprintf(o, "<figcaption>");
	html_text(o, caption);
	fprintf(o, "</figcaption></figure>\n");
	return ok;
}

void histogram_plot(FILE *g, const char *data, const struct core_col *cols, int ncols, const int *per_col)
{
	fprintf(g, "plot ");
	int drawn = 0;
	for (int c = 0; c < ncols; c++) {
		if (!per_col[c])
			continue;
		fprintf(g, "%s%s using %d:xtic(1) title '", drawn++ ? ", " : "", data, c + 2);
		gp_label(g, cols[c].label);
		fprintf(g, "'");
	}
	fprintf(g, "\n");
}

static int hist_left_out;

int histogram_left_out(void)
{
	return hist_left_out;
}

bool plot_value(double v, bool log_axis)
{
	return isfinite(v) && fabs(v) < 1e100 && (!log_axis || v > 0);
}

void plot_left_out(FILE *o, int n, const char *why)
{
	if (n > 0)
		fprintf(o, "<p class=\"absent\">%d value%s left out of the figure above: %s.</p>\n", n, n == 1 ? "" : "s",
			why);
}

void histogram_cell(FILE *g, bool has, double v, int *points, int *per_col)
{
	if (has && !plot_value(v, false))
		hist_left_out++;
	if (!has || !plot_value(v, false)) {
		fprintf(g, " NaN");
		return;
	}
	fprintf(g, " %.4f", v);
	++*points;
	++*per_col;
}

void histogram_head(FILE *g, const char *ylabel, const char *data)
{
	hist_left_out = 0;
	fprintf(g, "set terminal svg size 860,480 dynamic font 'sans,11' background '#ffffff'\n");
	fprintf(g, "set style data histograms\nset style histogram clustered gap 1\nset style fill solid 0.8 border -1\n");
	fprintf(g, "set xtics rotate by -45 scale 0 noenhanced\nset grid ytics\nset ylabel '%s'\n", ylabel);
	fprintf(g, "set yrange [0:*]\nset key above noenhanced\n%s << EOD\n", data);
}
