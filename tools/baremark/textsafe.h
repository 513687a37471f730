/* Text from a log, a device tree or a file name never reaches a terminal
 * or a text file with a control character intact (issue 28): an escape
 * sequence in a shared log could clear the screen, set the window title
 * or write the user's clipboard (OSC 52), and a bidirectional override
 * could make a table read other than it is. Escaped, each shows as
 * itself:
 *   C0 controls (U+0000-U+001F), DEL    \x1b, \x7f
 *   C1 controls (U+0080-U+009F)         \u009b
 *   bidi overrides and isolates         \u202e (U+202A-U+202E, U+2066-U+2069)
 *   a byte that is not UTF-8            \xff
 * Two layers: every string (and key) of every record is escaped when a
 * log is loaded (ts_json), and stdout and stderr pass through a filter
 * that escapes whatever else would carry one (ts_install): file names,
 * device-tree strings, and anything a subcommand prints. */
#ifndef BM_TOOLS_TEXTSAFE_H
#define BM_TOOLS_TEXTSAFE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Of the n bytes at p, how many at the start (*len, at least 1) form the
 * next character, and, when it must be escaped, its escape in esc (NUL
 * terminated, at most 7 characters) and true. A sequence cut short at
 * the end of p escapes byte by byte; ts_filter keeps such a tail for the
 * next write. `keep` lists C0 controls let through as they are. */
bool ts_next(const unsigned char *p, size_t n, const char *keep, size_t *len, char esc[8]);

/* Every string and object key in v escaped, in place. */
void ts_json(json_t *v);

/* stdout and stderr through the escaping filter from here on; `keep`
 * lists the C0 controls they pass (always "\n"; "\n\r\t" for the serial
 * console's echo). */
void ts_install(const char *keep);
#endif
