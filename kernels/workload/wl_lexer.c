/* An integer state machine: the lexer of a small C-like language, a
 * switch on its state for every character, over set_bytes of generated
 * source (letters, digits, spaces, newlines, operators, string quotes
 * and '#' comments in fixed proportions, from the op's seed). It counts
 * identifiers, numbers, strings, comments and operators (=, <, >, !
 * followed by = are one operator) and sums each kind's lengths. The
 * check scans the same text another way, a token at a time with a loop
 * per kind, and compares the counts and lengths. */
#include "workload.h"

enum { IDENT, NUMBER, STRING, COMMENT, OPERATOR, KINDS };

struct tally {
	uint32_t count[KINDS], length[KINDS];
};

static const char ops[] = "+-*/=<>!;(){}";

static void fill(uint8_t *t, uint32_t n, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0x1E4E);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t r = bm_rand(&g);
		uint32_t cls = (uint32_t)(r % 100);
		r >>= 8;
		if (cls < 42)
			t[i] = (uint8_t)('a' + r % 26);
		else if (cls < 57)
			t[i] = (uint8_t)('0' + r % 10);
		else if (cls < 78)
			t[i] = ' ';
		else if (cls < 82)
			t[i] = '\n';
		else if (cls < 96)
			t[i] = (uint8_t)ops[r % 13];
		else if (cls < 98)
			t[i] = '"';
		else
			t[i] = '#';
	}
}

static bool is_letter(uint8_t c)
{
	return (c >= 'a' && c <= 'z') || c == '_';
}

static bool is_digit(uint8_t c)
{
	return c >= '0' && c <= '9';
}

static bool is_op(uint8_t c)
{
	for (const char *o = ops; *o; o++)
		if (c == (uint8_t)*o)
			return true;
	return false;
}

static bool pairs_with_eq(uint8_t c)
{
	return c == '=' || c == '<' || c == '>' || c == '!';
}

enum state { START, IN_IDENT, IN_NUMBER, IN_STRING, IN_COMMENT, AFTER_CMP };

static void lex(const uint8_t *t, uint32_t n, struct tally *y)
{
	enum state s = START;
	uint32_t len = 0;
	for (int k = 0; k < KINDS; k++)
		y->count[k] = y->length[k] = 0;
	for (uint32_t i = 0; i <= n; i++) {
		uint8_t c = i < n ? t[i] : 0; /* 0 ends the last token */
		switch (s) {
		case IN_IDENT:
			if (is_letter(c) || is_digit(c)) {
				len++;
				continue;
			}
			y->count[IDENT]++;
			y->length[IDENT] += len;
			break;
		case IN_NUMBER:
			if (is_digit(c)) {
				len++;
				continue;
			}
			y->count[NUMBER]++;
			y->length[NUMBER] += len;
			break;
		case IN_STRING:
			len++;
			if (c == '"' || !c) {
				y->count[STRING]++;
				y->length[STRING] += c ? len : len - 1;
				s = START;
			}
			continue;
		case IN_COMMENT:
			if (c != '\n' && c) {
				len++;
				continue;
			}
			y->count[COMMENT]++;
			y->length[COMMENT] += len;
			break;
		case AFTER_CMP:
			y->count[OPERATOR]++;
			if (c == '=') {
				y->length[OPERATOR] += 2;
				s = START;
				continue;
			}
			y->length[OPERATOR] += 1;
			break;
		case START:
			break;
		}
		/* a new token, or none, starts at c */
		len = 1;
		if (is_letter(c))
			s = IN_IDENT;
		else if (is_digit(c))
			s = IN_NUMBER;
		else if (c == '"')
			s = IN_STRING;
		else if (c == '#')
			s = IN_COMMENT;
		else if (pairs_with_eq(c))
			s = AFTER_CMP;
		else if (is_op(c)) {
			y->count[OPERATOR]++;
			y->length[OPERATOR]++;
			s = START;
		} else {
			s = START;
		}
	}
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	struct tally y;
	fill(mem, set, seed);
	lex(mem, set, &y);
	uint64_t d = 0;
	for (int k = 0; k < KINDS; k++)
		d = wl_mix(d, (uint64_t)y.count[k] << 32 | y.length[k]);
	return d;
}

/* The other way: at each token's first character, a loop to its end. */
static void scan(const uint8_t *t, uint32_t n, struct tally *y)
{
	for (int k = 0; k < KINDS; k++)
		y->count[k] = y->length[k] = 0;
	uint32_t i = 0;
	while (i < n) {
		uint32_t j = i + 1;
		int kind = -1;
		if (is_letter(t[i])) {
			while (j < n && (is_letter(t[j]) || is_digit(t[j])))
				j++;
			kind = IDENT;
		} else if (is_digit(t[i])) {
			while (j < n && is_digit(t[j]))
				j++;
			kind = NUMBER;
		} else if (t[i] == '"') {
			while (j < n && t[j] != '"')
				j++;
			if (j < n)
				j++; /* the closing quote */
			kind = STRING;
		} else if (t[i] == '#') {
			while (j < n && t[j] != '\n')
				j++;
			kind = COMMENT;
		} else if (is_op(t[i])) {
			if (pairs_with_eq(t[i]) && j < n && t[j] == '=')
				j++;
			kind = OPERATOR;
		}
		if (kind >= 0) {
			y->count[kind]++;
			y->length[kind] += j - i;
		}
		i = j;
	}
}

#define SET 8192u

static const char *selfcheck(void *mem, bool broken)
{
	uint8_t *t = mem;
	struct tally a, b;
	fill(t, SET, 1);
	lex(t, SET, &a);
	if (broken)
		t[SET / 2] = '"'; /* a character a fault changed: a string opens */
	scan(t, SET, &b);
	for (int k = 0; k < KINDS; k++)
		if (a.count[k] != b.count[k] || a.length[k] != b.length[k])
			return "the state machine's tokens differ from a scan a token at a time";
	return NULL;
}

WORKLOAD(lexer, "lexer", WL_INT, "a lexer's state machine over set_bytes of generated source, counting five kinds of token",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck, .check_bytes = SET);
