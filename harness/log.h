#ifndef BM_LOG_H
#define BM_LOG_H
#include "record.h"
/* Human-readable console output (not records). */
void bm_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "warning: ..." on the console; counted for the end record. */
void bm_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bm_warn_line(const char *msg);
unsigned bm_warning_count(void);
/* Finishes a record and writes its line. */
void bm_emit(struct rec *r);
#endif
