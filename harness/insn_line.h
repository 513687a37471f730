#ifndef BM_INSN_LINE_H
#define BM_INSN_LINE_H
/* The `insn` record of a scalar form in its most common shape, written
 * without the general record writer (insn_line.c): on the boot core,
 * both figures one number judged ok, a latency of its own chain or none
 * at all (a store), the run's repeats, the records shown and the table
 * not. False, with nothing written, for any other record (the caller
 * then writes it field by field, insn_record.c: emit). */
#include <stdbool.h>

#include "insn.h"
#include "insn_record.h"

bool insn_line_emit(const struct insn_form *f, const struct insn_point *lat, const struct insn_point *thr);

#endif
