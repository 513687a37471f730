#!/usr/bin/env bash
# tools/fresh-check.sh (make fresh-check): the README's two commands on a new
# Debian 12 machine. A machine that ran baremark before hides whatever
# deps.sh forgets (a package once installed by hand); this builds a minimal
# Debian 12 tree with mmdebstrap from this machine's own Debian mirror (read
# from its apt sources, as deps.sh reads it), puts a clean clone of this
# repository's HEAD in it with nothing beside it, and runs, as root inside a
# chroot with /proc, /sys and /dev mounted,
#     bash tools/deps.sh && make run
#     make check
# printing each command's time and make check's last line. It fails, saying
# why, if the tree cannot be built; it never passes by skipping.
#
# Logs stay in build/fresh-check/ (deps.log, run.log, check.log and the
# tree's build/test-logs/). The tree is removed on every exit path, after its
# mounts are gone; BM_FRESH_KEEP=1 keeps it (its path is printed).
# BM_DEBIAN_MIRROR overrides the mirror; BM_FRESH_DIR where the tree is made.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tools/apt-sources.sh"
say() { echo "fresh-check: $*"; }
die() { echo "fresh-check: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root: it builds a Debian tree and chroots into it"
command -v mmdebstrap >/dev/null || die "needs mmdebstrap (apt-get install --no-install-recommends mmdebstrap)"
git -C "$top" rev-parse --verify -q HEAD >/dev/null || die "$top is not a git checkout with a commit"
[ -z "$(git -C "$top" status --porcelain --untracked-files=no)" ] ||
	say "warning: uncommitted changes are not checked: the tree gets HEAD ($(git -C "$top" rev-parse --short HEAD))"

mirror=${BM_DEBIAN_MIRROR:-$(apt_suite_uri bookworm /etc/apt/sources.list.d/baremark-bookworm-backports.sources | sed -n 1p)}
apt_uri_ok "$mirror" || die "found no bookworm entry in /etc/apt/sources.list{,.d} to take the Debian mirror from (set BM_DEBIAN_MIRROR)"
security=$(apt_suite_uri bookworm-security | sed -n 1p)
# The suites a new Debian 12 machine has: the release, its updates and, where
# this machine has an entry for it, security.
suites=("deb $mirror bookworm main" "deb $mirror bookworm-updates main")
if apt_uri_ok "$security"; then suites+=("deb $security bookworm-security main"); fi

logs=$top/build/fresh-check
rm -rf "$logs"
mkdir -p "$logs"
work=$(mktemp -d "${BM_FRESH_DIR:-/var/tmp}/baremark-fresh.XXXXXX")
tree=$work/tree
mounted=()
inside_pid= # the command running in the tree, if any

# Whatever still runs inside the tree (a QEMU a test left) is ended first, so
# that its mounts can go; the tree is removed only once nothing is mounted
# under it (rm -rf through a bound /dev would reach the machine's own).
cleanup() {
	local status=$? p m
	set +e
	[ -z "$inside_pid" ] || kill "$inside_pid" 2>/dev/null
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" = "$tree" ] && kill -KILL "${p#/proc/}" 2>/dev/null
	done
	for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
		m=${mounted[i]}
		umount -R "$m" 2>/dev/null || umount -R -l "$m" 2>/dev/null || say "could not unmount $m"
	done
	if grep -qF " $tree" /proc/self/mountinfo; then
		say "something is still mounted under $tree: left in place, remove it by hand"
	elif [ "${BM_FRESH_KEEP:-0}" = 1 ]; then
		say "tree kept at $tree"
	else
		rm -rf "$work"
	fi
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

say "checking $(git -C "$top" rev-parse --short HEAD) in a minimal Debian 12 tree (mmdebstrap, variant minbase) from $mirror"
start=$SECONDS
if ! mmdebstrap --mode=root --variant=minbase --format=directory bookworm "$tree" "${suites[@]}" \
	>"$logs/mmdebstrap.log" 2>&1; then
	tail -n 15 "$logs/mmdebstrap.log" | sed 's/^/  | /' >&2
	die "could not build the Debian tree from $mirror (no mirror reachable?); see $logs/mmdebstrap.log"
fi
say "tree built in $((SECONDS - start)) s: $(chroot "$tree" dpkg-query -W | wc -l) packages"

git clone -q --no-hardlinks "$top" "$tree/root/baremark"
# Name resolution for apt inside the tree: the machine's own resolver.
cp -L /etc/resolv.conf "$tree/etc/resolv.conf"

for d in dev sys; do
	mount --rbind "/$d" "$tree/$d"
	mounted+=("$tree/$d")
	# Unmounting the tree's copies must never unmount the machine's own.
	mount --make-rslave "$tree/$d"
done
mount -t proc proc "$tree/proc"
mounted+=("$tree/proc")

# inside SECONDS_LIMIT LOG COMMAND: runs COMMAND in the clone inside the tree,
# as a new machine's root shell would (a plain environment, no terminal).
inside() {
	local limit=$1 log=$2 t0=$SECONDS status=0
	shift 2
	# in the background, so that a signal to this script is taken at once
	# (bash runs a trap only once the foreground command has ended)
	timeout -k 10 "$limit" chroot "$tree" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		bash -c 'cd /root/baremark && eval "$1"' bash "$*" </dev/null >"$log" 2>&1 &
	inside_pid=$!
	wait "$inside_pid" || status=$?
	inside_pid=
	elapsed=$((SECONDS - t0))
	[ "$status" != 124 ] || echo "fresh-check: timed out after $limit s" >>"$log"
	return "$status"
}

fail=0
report() { # NAME STATUS LOG
	if [ "$2" = 0 ]; then say "$1: ok in $elapsed s"; else
		say "$1: FAILED (exit $2) after $elapsed s; last lines of $3:"
		tail -n 25 "$3" | sed 's/^/  | /'
		fail=1
	fi
}

# The README's first command, in its two parts so that each is timed.
status=0
inside 1200 "$logs/deps.log" bash tools/deps.sh || status=$?
report "bash tools/deps.sh" "$status" "$logs/deps.log"
if [ "$status" = 0 ]; then
	status=0
	inside 1800 "$logs/run.log" make run || status=$?
	report "make run" "$status" "$logs/run.log"
	[ "$status" != 0 ] || { echo "  make run's last lines:"; tail -n 4 "$logs/run.log" | sed 's/^/  | /'; }
fi

# The README's second command (run even when the first failed: its own
# failures say more about what a new machine lacks).
status=0
inside 3000 "$logs/check.log" make check || status=$?
report "make check" "$status" "$logs/check.log"
cp -r "$tree/root/baremark/build/test-logs" "$logs/" 2>/dev/null || true
last=$(grep -E '^check: [0-9]+ passed, [0-9]+ failed' "$logs/check.log" | tail -n 1)
[ -n "$last" ] || { last="check: 0 passed, 1 failed"; fail=1; say "make check printed no closing line"; }
# make check's own line, for whoever reads this run's last lines.
echo "$last"
exit "$fail"
