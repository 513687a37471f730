# Sourced by tools/deps.sh and tools/fresh-check.sh: reads this machine's own
# apt sources, so that no mirror's host name is written into the project.

# apt_suite_uri SUITE [SKIP_FILE]: the URI of every enabled `deb` entry for
# SUITE in /etc/apt/sources.list{,.d}, in either format (deb822 .sources or
# one-line .list), first found first; SKIP_FILE (one we wrote) is not read.
apt_suite_uri() {
	local suite=$1 skip=${2:-} f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && [ "$f" != "$skip" ] || continue
		awk -v suite="$suite" 'BEGIN { RS = ""; FS = "\n" }
		{
			uri = ""; found = 0; enabled = 1; deb = 0
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^URIs:/) { split($i, w, /[ \t]+/); uri = w[2] }
				if ($i ~ /^Suites:/) {
					n = split($i, s, /[ \t]+/)
					for (j = 2; j <= n; j++) if (s[j] == suite) found = 1
				}
				if ($i ~ /^Enabled:[ \t]*no/) enabled = 0
				if ($i ~ /^Types:.*[ \t]deb([ \t]|$)/) deb = 1
			}
			if (uri != "" && found && enabled && deb) print uri
		}' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] && [ "$f" != "$skip" ] || continue
		awk -v suite="$suite" '$1 == "deb" {
			i = 2
			if ($i ~ /^\[/) while ($i !~ /\]$/ && i < NF) i++
			if ($i ~ /\]$/ && $i ~ /^\[|=/) i++
			if ($(i + 1) == suite) print $i
		}' "$f"
	done
}

# apt_uri_ok URI: whether URI is a form apt takes from a mirror.
apt_uri_ok() {
	case "$1" in
	http://* | https://* | file:/* | mirror+*) return 0 ;;
	*) return 1 ;;
	esac
}
