/* Plots for the report page: gnuplot scripts in, inline SVG out. */
#ifndef BM_TOOLS_PLOT_H
#define BM_TOOLS_PLOT_H
#include <stdbool.h>
#include <stdio.h>

/* Writes s with <, >, & and " escaped for HTML text and attributes. */
void html_text(FILE *o, const char *s);
/* Writes a label for a single-quoted gnuplot string (quotes dropped). */
void gp_label(FILE *o, const char *s);
/* Runs gnuplot on `script` and copies its SVG into `out`, every id given
 * a per-plot prefix so that several plots share one page. False if
 * gnuplot failed. */
bool run_gnuplot(const char *script, FILE *out);
/* <figure id=...> with the plot and its caption. False if gnuplot failed. */
bool plot_figure(FILE *o, const char *id, const char *caption, const char *script);
#endif
