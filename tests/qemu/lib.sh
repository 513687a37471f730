# Helpers for the QEMU system tests: boot, parse, assert, count.
# Sourced by tests/qemu/test_*.sh; expects BUILD, TOOL and OUT set.
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect "description" test-expression...
expect() {
	local what=$1
	shift
	if "$@"; then ok; else bad "$what"; fi
}

# boot NAME "BOOTARGS" [QEMU args...]: console log to $OUT/NAME.log and
# verified records to $OUT/NAME.jsonl; records the QEMU exit status.
boot() {
	local name=$1 args=$2
	shift 2
	local status=0
	BM_QEMU_TIMEOUT=${BM_QEMU_TIMEOUT:-120} tests/qemu/boot.sh "$PLATFORM" "$BUILD" "$args" "$@" >"$OUT/$name.log" 2>"$OUT/$name.err" || status=$?
	expect "$name: QEMU exits by itself with status 0 (got $status)" test "$status" = 0
	"$TOOL" parse "$OUT/$name.log" >"$OUT/$name.jsonl" 2>"$OUT/$name.parse" || true
	# Every record line on the console must verify.
	local lines valid
	lines=$(grep -c '@bm ' "$OUT/$name.log" || true)
	valid=$(wc -l <"$OUT/$name.jsonl")
	expect "$name: all $lines record lines verify (valid: $valid)" test "$lines" -gt 0 -a "$lines" = "$valid"
}

# q NAME 'jq filter': the filter's output over NAME's records (slurped).
q() { jq -r -s "$2" "$OUT/$1.jsonl"; }

# expect_q NAME 'jq boolean filter' description
expect_q() {
	local got
	got=$(q "$1" "$2" 2>&1)
	if [ "$got" = true ]; then ok; else bad "$1: $3 (jq said: $got)"; fi
}

# results NAME: the result records without where they came from, sorted.
# ns_per_op is left out: it comes from QEMU's virtual clock, which -icount
# advances in blocks, so it is not exact per instruction.
results() { jq -c -s 'map(select(.type=="result") | del(._log, ._line, .ns_per_op)) | sort_by(.kernel, .param.value)[]' "$OUT/$1.jsonl"; }

summary() { echo "$1: $pass passed, $fail failed"; [ "$fail" = 0 ]; }
