# tap_lib.sh — the TAP helpers the shell tests share.  Source it after
# making $tmp: every check writes the command's output to $tmp/out and
# $tmp/err, and a failed check shows both as TAP comments.
#   ok NAME                the next check passed
#   notok NAME             the next check failed
#   check NAME STATUS CMD  runs CMD (standard input /dev/null) and
#                          passes when it exits with STATUS
#   said NAME PATTERN      passes when $tmp/err holds PATTERN (grep -E)
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; sed 's/^/# /' "$tmp/out" "$tmp/err" 2>/dev/null; }
check() {
	d=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	rc=$?
	if [ "$rc" -eq "$want" ]; then ok "$d (status $rc)"; else notok "$d: status $rc, want $want"; fi
}
said() {
	if grep -Eq -- "$2" "$tmp/err"; then ok "$1"; else notok "$1: no '$2'"; fi
}
