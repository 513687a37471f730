/* Format 2's short result records read back into format 1's long form
 * (expand.c, docs/records.md). */
#ifndef BM_TOOLS_EXPAND_H
#define BM_TOOLS_EXPAND_H
#include <jansson.h>
#include <stdbool.h>

/* What a log has said so far that short results leave out. */
struct expand_state {
	json_t *kernels;    /* kernel name -> its `kernel` record */
	json_t *core_types; /* core id (decimal string) -> core type */
	json_t *boot;	    /* the boot core's id, from the run record */
	json_t *repeat;	    /* the run record's options.repeat */
};

void expand_init(struct expand_state *s);
void expand_free(struct expand_state *s);
/* Takes the record o (a reference the caller owns) in log order and
 * returns what the caller keeps instead: o itself, or for a short result
 * a new long-form object (o released). */
json_t *expand_record(struct expand_state *s, json_t *o);
/* The core a record is of ("core", or a short result's "c", else the
 * boot core) and that core's type (the record's core_type, else what the
 * run and core records have said so far; -1 when none has). False when
 * the record names no core. */
bool expand_core_of(const struct expand_state *s, const json_t *o, json_int_t *core, json_int_t *type);
/* The type of core `core` as the run and core records have said so far;
 * -1 when none has. */
json_int_t expand_type_of(const struct expand_state *s, json_int_t core);
#endif
