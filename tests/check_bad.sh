#!/bin/sh
# `maniple --check` on every malformed file in tests/bad/ (maps, battles and
# rules): each must be refused with exit status 2 and a `file:line: reason`
# message; where the file marks its bad line with "<-- here", the message
# must name that line.  Prints TAP.  Under the sanitizer build a crash or a
# leak changes the exit status, so it fails here too.
set -u
bad="$MANIPLE_SRCDIR/tests/bad"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for f in "$bad"/*.ini; do
	n=$((n + 1))
done
echo "1..$n"
i=0
for f in "$bad"/*.ini; do
	i=$((i + 1))
	name=$(basename "$f")
	"$MANIPLE_BIN" --check "$f" >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ "$st" -ne 2 ]; then
		echo "not ok $i - $name: exit status $st, not 2"
		sed 's/^/# /' "$tmp/err"
		continue
	fi
	msg=$(head -n 1 "$tmp/err")
	case "$msg" in
	*.ini:[0-9]*:\ ?*|*.ini:\ ?*) ;;
	*)
		echo "not ok $i - $name: message is not file:line: reason: $msg"
		continue
		;;
	esac
	want=$(grep -n '<-- here' "$f" | head -n 1 | cut -d: -f1)
	# A whole missing section has no line to name.
	case "$msg" in
	"$f: no ["*"] section"*) want="" ;;
	esac
	if [ -n "$want" ]; then
		case "$msg" in
		"$f:$want: "*) ;;
		*)
			echo "not ok $i - $name: expected $f:$want:, got: $msg"
			continue
			;;
		esac
	fi
	echo "ok $i - $name: $msg"
done
