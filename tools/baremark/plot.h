/* Plots for the report page: gnuplot scripts in, inline SVG out. */
#ifndef BM_TOOLS_PLOT_H
#define BM_TOOLS_PLOT_H
#include <stdbool.h>
#include <stdio.h>

/* Writes s with <, >, &, " and ' escaped for HTML text and attributes;
 * "(not in the log)" for NULL (a record without the field). */
void html_text(FILE *o, const char *s);
/* Writes a log's string as the inside of a single-quoted gnuplot string:
 * printable ASCII only, no quote, backslash, < > & or control character
 * (each becomes '?'), so no log can end the string or the command. */
void gp_label(FILE *o, const char *s);
/* Writes a log's string as one double-quoted column of a gnuplot data
 * block: the same characters, spaces as '_', "-" when empty; no line of
 * a data block can then read "EOD". */
void gp_token(FILE *o, const char *s);
/* Runs gnuplot on `script` and copies its SVG into `out`, every id given
 * a per-plot prefix so that several plots share one page. False if
 * gnuplot failed: `out` then says so with gnuplot's first complaint, so
 * no figure is left empty without a reason. */
bool run_gnuplot(const char *script, FILE *out);
/* <figure id=...> with the plot and its caption. False if gnuplot failed. */
bool plot_figure(FILE *o, const char *id, const char *caption, const char *script);
/* A clustered histogram's settings (labels taken literally, y from 0),
 * ending with the opening of its data block `data`. */
void histogram_head(FILE *g, const char *ylabel, const char *data);
/* The plot command of a clustered histogram whose data block `data` has
 * the row label in column 1 and column c's values in column c + 2: one
 * bar series per column with per_col[c] > 0 (gnuplot refuses a series
 * with no number in it). */
struct core_col;
/* One value of a histogram's data row: the number, or NaN (no bar) when
 * the column has none; *points and *per_col count the numbers written. */
void histogram_cell(FILE *g, bool has, double v, int *points, int *per_col);
/* How many values the histogram since its histogram_head left out because
 * no plot can take them (plot_value). */
int histogram_left_out(void);
/* Whether a plot can take v: a finite number gnuplot reads back (under
 * 1e100, so that no range set from it overflows), and above 0 on a log
 * axis. A log's 1e308 cycle count or a zero on a log axis had failed
 * every plot of the report. */
bool plot_value(double v, bool log_axis);
/* Under a figure: how many values were left out of it and why (nothing
 * when n is 0). */
void plot_left_out(FILE *o, int n, const char *why);
void histogram_plot(FILE *g, const char *data, const struct core_col *cols, int ncols, const int *per_col);
#endif
