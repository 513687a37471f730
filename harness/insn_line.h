#ifndef BM_INSN_LINE_H
#define BM_INSN_LINE_H
/* The `insn` record of a scalar form, written without the general
 * record writer (insn_line.c) where every figure is one number judged ok
 * and the line says nothing else: on the boot core, the run's repeats,
 * a latency of the form's own chain, net of a companion measured in this
 * run, a round trip, or none (a store), the records shown and the table
 * not. via_lat: the companion's latency, NULL where it was not measured.
 * False, with nothing written, for any other record (the caller then
 * writes it field by field, insn_record.c: emit). */
#include <stdbool.h>

#include "insn.h"
#include "insn_record.h"

#include <stdint.h>

bool insn_line_emit(const struct insn_form *f, const struct insn_point *lat, const struct insn_point *thr,
		    const int64_t *via_lat);

#endif
