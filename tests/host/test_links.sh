#!/usr/bin/env bash
# Every relative link in README.md and docs/ resolves: the file or folder
# exists, and a #fragment names a heading of the Markdown file it points
# at (GitHub's anchors: lower case, spaces to '-', punctuation dropped).
# Links inside ``` blocks and inline `code` are not links. A test of the
# test: a page with a broken link and a broken anchor must fail it.
set -uo pipefail
cd "$(dirname "$0")/../.."
pass=0 fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# links FILE: one "target" per line, outside fences and code spans
links() {
	awk '
		/^```/ { fence = !fence; next }
		fence { next }
		{
			line = $0
			gsub(/`[^`]*`/, "", line)
			while (match(line, /\]\([^)]+\)/)) {
				print substr(line, RSTART + 2, RLENGTH - 3)
				line = substr(line, RSTART + RLENGTH)
			}
		}' "$1"
}

# anchors FILE: the GitHub anchor of every heading outside fences
anchors() {
	awk '
		/^```/ { fence = !fence; next }
		fence { next }
		/^#+ / {
			h = tolower($0)
			sub(/^#+ /, "", h)
			gsub(/[^a-z0-9 _-]/, "", h)
			gsub(/ /, "-", h)
			print h
		}' "$1"
}

# check FILE: 0 if every relative link of FILE resolves
check() {
	local file=$1 dir ok=0 target path frag
	dir=$(dirname "$file")
	while IFS= read -r target; do
		case "$target" in
		http://* | https://* | mailto:*) continue ;;
		esac
		path=${target%%#*}
		frag=""
		[ "$path" != "$target" ] && frag=${target#*#}
		[ -z "$path" ] && path=$(basename "$file")
		if [ ! -e "$dir/$path" ]; then
			echo "  $file: $target: no such file"
			ok=1
			continue
		fi
		if [ -n "$frag" ] && [ "${path##*.}" = md ] && ! anchors "$dir/$path" | grep -xF -- "$frag" >/dev/null; then
			echo "  $file: $target: no heading with that anchor"
			ok=1
		fi
	done < <(links "$file")
	return $ok
}

files=(README.md $(find docs -name '*.md' | sort))
for f in "${files[@]}"; do
	if out=$(check "$f"); then
		pass=$((pass + 1))
	else
		bad "$f has broken links:"
		echo "$out"
	fi
done
[ "${#files[@]}" -ge 15 ] && pass=$((pass + 1)) || bad "only ${#files[@]} Markdown files found"

# The checker must be able to fail.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '# Top\n\n## A heading, here\n\n[ok](#a-heading-here) [gone](missing.md) [anchor](#nowhere)\n`[not](a-link.md)`\n' >"$tmp/page.md"
out=$(check "$tmp/page.md")
if [ $? != 0 ] && grep -q 'missing.md: no such file' <<<"$out" && grep -q '#nowhere: no heading' <<<"$out" &&
	! grep -q 'a-heading-here\|a-link.md' <<<"$out"; then
	pass=$((pass + 1))
else
	bad "the checker did not catch a broken link and anchor exactly: $out"
fi

# README: a short front door that starts with the two commands
lines=$(wc -l <README.md)
[ "$lines" -le 200 ] && pass=$((pass + 1)) || bad "README.md has $lines lines (about 200 at most)"
first_cmd=$(awk '/^```sh$/ { getline; print; exit }' README.md)
case "$first_cmd" in
"bash tools/deps.sh && make run"*) pass=$((pass + 1)) ;;
*) bad "README.md's first command block does not start with the build-and-run command: $first_cmd" ;;
esac

echo "links: $pass passed, $fail failed"
[ "$fail" = 0 ]
