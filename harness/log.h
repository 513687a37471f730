#ifndef BM_LOG_H
#define BM_LOG_H
#include "record.h"
/* Human-readable console output (not records): the table, which
 * baremark.console=records leaves out. */
void bm_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same for a line already built (lib/text.h); and whether the table
 * is shown at all, so that nothing is built for nobody. */
void bm_print(const char *s, size_t n);
bool log_table_shown(void);
/* Whether records are shown (a writer of its own, insn_line.c, asks). */
bool log_records_shown(void);
/* A line every console setting shows (the banner, the last line, a
 * change of baud rate). */
void bm_status(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* What bm_printf and bm_emit write from now on (log_console_set). */
void log_console_set(bool table, bool records);
/* "warning: ..." on the console; counted for the end record. */
void bm_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bm_warn_line(const char *msg);
unsigned bm_warning_count(void);
/* Finishes a record and writes its line. */
void bm_emit(struct rec *r);
/* The type (index into the run record's core_types) of the core running
 * the suite; every record names it beside the core. */
void rec_set_core_type(int type);
int rec_core_type(void);
/* Writes "core" and "core_type" for the calling core into a record. */
void rec_core(struct rec *r);
#endif
