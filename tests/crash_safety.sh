#!/bin/sh
# crash_safety.sh — the game file against SIGHUP, SIGTERM and SIGKILL (TAP).
#
# A full battle (autoplay's greedy Bagradas on seed 1; its first 600
# commands in a sanitizer build) is fed to `maniple --script -` through a
# FIFO in four parts; once maniple has shown a part, 100 ms pass with
# nothing to read, and after the last part the input stays open: a signal
# finds maniple busy with a command or waiting for input, and nothing but
# the signal ends it.  The script starts with
# `new bagradas solo 1` and `branch FILE`, so each accepted command is
# appended to FILE; after each command comes `help roll`, whose one line
# of output marks that the command's result was all printed.
#
# A run without signals gives the reference file and the final digest.
# Then, for each signal, at seeded random moments (CRASH_SEED, default 1)
# after maniple has branched, the signal is sent and:
#   - SIGHUP, SIGTERM: maniple finishes the command under way and exits
#     with status 3 (stopsig.h), its output ending with a whole line, the
#     file ending with a whole command (its digest line included when it
#     ended a turn), and nothing after the last command shown but the one
#     under way;
#   - all three: the file has no partial line and is a prefix, byte for
#     byte, of the reference file; every command whose result had begun to
#     show is in it (markers counted, plus the command whose output follows
#     the last marker); `load FILE` accepts it; and loading it, then
#     feeding the commands it lacks, gives the reference file byte for
#     byte and the reference digest.
# Last, in tmux (when there is one): the map view gets SIGTERM and SIGHUP
# while it waits for a key; it exits with status 3 and the terminal is
# given back (the alternate screen left, echo and canonical mode on).
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}" "${AUTOPLAY_BIN:?}"

# a process killed leaves the same file on any file system: a RAM one
# keeps the many fsyncs quick
base=${TMPDIR:-/tmp}
[ -d /dev/shm ] && [ -w /dev/shm ] && base=/dev/shm
tmp=$(mktemp -d "$base/maniple-crash.XXXXXX") || exit 1
SOCK=maniple-crash-$$
cleanup() {
	tmux -L "$SOCK" kill-server >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP PIPE

n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; }
check() { # check STATUS NAME
	if [ "$1" -eq 0 ]; then ok "$2"; else notok "$2"; fi
}

if ! sleep 0.01 2>/dev/null; then
	echo "1..0 # SKIP sleep takes no fractions of a second"
	exit 0
fi
now_ms() {
	t=$(date +%s%N 2>/dev/null)
	case "$t" in
	*N | "") echo $(($(date +%s) * 1000)) ;;
	*) echo $((t / 1000000)) ;;
	esac
}

seed=${CRASH_SEED:-1}
san=no
case "${MANIPLE_SANITIZE:-none}" in
none | "") ;;
*) san=yes ;;
esac
TRIALS=3 # per signal
PLAN=$((4 + 3 * TRIALS * 4 + 6))
echo "1..$PLAN"
echo "# CRASH_SEED=$seed, files in $tmp"

# ---- the commands ----
set --
[ "$san" = yes ] && set -- --max 600
MANIPLE_DATADIR= "$AUTOPLAY_BIN" --no-check "$@" bagradas 1 \
	>"$tmp/auto.txt" 2>"$tmp/auto.err"
grep -v '^#' "$tmp/auto.txt" | grep -v '^new ' >"$tmp/cmds.txt"
M=$(wc -l <"$tmp/cmds.txt")
[ "$M" -gt 100 ]
check $? "autoplay gives the commands of a battle ($M commands)"

# input FILE: the script that plays them in FILE
input() {
	echo "new bagradas solo 1"
	echo "branch $1"
	sed 's/$/\
help roll/' "$tmp/cmds.txt"
}
# the script in four parts (cut after a marker)
input "GAMEFILE" >"$tmp/in.txt"
L=$(($(wc -l <"$tmp/in.txt") / 2))
Q=$(((L + 3) / 4 * 2))
i=0
while [ $i -lt 4 ]; do
	sed -n "$((i * Q + 1)),$(((i + 1) * Q))p" "$tmp/in.txt" >"$tmp/part$i"
	i=$((i + 1))
done
# marks OUT: the markers printed so far
marks() { grep -c '^command name=roll ' "$1" 2>/dev/null; }
# feed GAMEFILE OUT PID: a part, then, once maniple has shown all of it,
# 100 ms with nothing to read; after the last part the pipe stays open
# (maniple waits for more) until maniple is gone
feed() {
	cum=0
	for i in 0 1 2 3; do
		sed "s#^branch GAMEFILE\$#branch $1#" "$tmp/part$i"
		cum=$((cum + $(grep -c '^help roll$' "$tmp/part$i")))
		while kill -0 "$3" 2>/dev/null && [ "$(marks "$2")" -lt $cum ]
		do
			sleep 0.01
		done
		sleep 0.1
	done
	while kill -0 "$3" 2>/dev/null; do
		sleep 0.05
	done
}

# digest FILE: the digest of the game FILE holds, loaded
digest() {
	printf 'load %s\nshow state\n' "$1" |
		MANIPLE_DATADIR= "$MANIPLE_BIN" --script - 2>/dev/null |
		sed -n 's/^digest turn=\([0-9]*\) value=\([0-9a-f]*\)$/\1 \2/p'
}

# ---- the reference: no signal ----
ref=$tmp/ref.game
t0=$(now_ms)
input "$ref" | MANIPLE_DATADIR= "$MANIPLE_BIN" --script - >"$tmp/ref.out" \
	2>"$tmp/ref.err"
rc=$?
t1=$(now_ms)
T=$((t1 - t0))
[ "$T" -gt 0 ] || T=1000
body=$(tail -n +10 "$ref" | grep -vc '^digest ')
[ "$rc" -eq 0 ] && [ "$body" -eq "$M" ] &&
	! grep -q '^refused \|^malformed ' "$tmp/ref.out"
check $? "the run without signals takes every command into the file ($body lines, ${T} ms)"
refdig=$(digest "$ref")
[ -n "$refdig" ] && [ "$(grep -c '^digest ' "$ref")" -ge 1 ]
check $? "the reference game loads (digest $refdig)"
[ "$(grep -c '^command name=roll ' "$tmp/ref.out")" -eq "$M" ]
check $? "every command's result is followed by its marker"

# ---- the signals ----
# seeded delays in milliseconds after maniple has branched: over the
# reference run's time and the four pauses
awk -v s="$seed" -v t="$((T + 400))" -v k=$((3 * TRIALS)) \
	'BEGIN { srand(s); for (i = 0; i < k; i++) print int(rand() * t) }' \
	>"$tmp/delays"

# shown OUT: how many commands had their result (begun to be) printed
shown() {
	awk '/^branched /{ b = 1; next }
	     !b { next }
	     /^command name=roll / { k++; extra = 0; next }
	     { extra = 1 }
	     END { print k + extra }' "$1"
}

trial() { # trial SIGNAL DELAY_MS INDEX
	sig=$1
	g=$tmp/t$3.game
	out=$tmp/t$3.out
	fifo=$tmp/t$3.fifo
	mkfifo "$fifo" || return 1
	MANIPLE_DATADIR= "$MANIPLE_BIN" --script - <"$fifo" >"$out" \
		2>"$tmp/t$3.err" &
	pid=$!
	feed "$g" "$out" "$pid" >"$fifo" 2>/dev/null &
	fpid=$!
	w=0
	while ! grep -q "^branched " "$out" 2>/dev/null && [ $w -lt 3000 ]; do
		sleep 0.01
		w=$((w + 1))
	done
	sleep "$(awk -v d="$2" 'BEGIN { printf "%.3f", d / 1000 }')"
	# the input never ends: only the signal ends maniple
	kill -s "$sig" "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	rc=$?
	wait "$fpid" 2>/dev/null
	name="$sig after ${2} ms"

	# a torn last line: possible only under SIGKILL, when the kernel cut
	# a write that crossed a page (gamefile.h); never a line shown
	last=$(tail -c 1 "$g" | od -An -c | tr -d ' ')
	torn=no
	if [ "$last" != '\n' ]; then
		torn=yes
		sed '$d' "$g" >"$tmp/t$3.whole"
	else
		cp "$g" "$tmp/t$3.whole"
	fi
	m=$(tail -n +10 "$tmp/t$3.whole" | grep -vc '^digest ')
	s=$(shown "$out")
	size=$(wc -c <"$tmp/t$3.whole")

	# exit status and a clean stop
	case "$sig:$rc" in
	KILL:137 | HUP:3 | TERM:3) okrc=0 ;;
	*) okrc=1 ;;
	esac
	if [ "$sig" != KILL ] && [ "$okrc" -eq 0 ]; then
		# the command under way was finished: whole output, the file
		# ends with a whole command and nothing beyond what shows
		outlast=$(tail -c 1 "$out" | od -An -c | tr -d ' ')
		next=$(tail -c +$((size + 1)) "$ref" | head -n 1)
		[ "$outlast" = '\n' ] && [ $((m - s)) -le 1 ] &&
			case "$next" in digest*) false ;; *) true ;; esac &&
			grep -q "stopped by SIG$sig" "$tmp/t$3.err" || okrc=1
	fi
	check $okrc "$name: exit status $rc$([ "$sig" = KILL ] || echo ', a clean stop') ($m of $M commands in the file)"

	# no partial line; a prefix of the reference file
	[ "$size" -le "$(wc -c <"$ref")" ] && cmp -s -n "$size" "$g" "$ref" &&
		{ [ "$torn" = no ] || [ "$sig" = KILL ]; }
	check $? "$name: the file has whole lines only$([ $torn = yes ] && echo ' (but a torn last one)'), the reference's first $size bytes"

	# every command shown is in the file
	[ "$m" -ge "$s" ]
	check $? "$name: the $s commands whose results showed are in the file"

	# the file loads; resumed, the game goes on to the reference's file
	# and digest
	{
		echo "load $g"
		tail -n +$((m + 1)) "$tmp/cmds.txt"
		echo "show state"
	} | MANIPLE_DATADIR= "$MANIPLE_BIN" --script - >"$tmp/t$3.resume" 2>&1
	rrc=$?
	dig=$(sed -n 's/^digest turn=\([0-9]*\) value=\([0-9a-f]*\)$/\1 \2/p' \
		"$tmp/t$3.resume")
	tornok=0
	[ "$torn" = yes ] && ! grep -q '^loaded .* torn_line=' "$tmp/t$3.resume" &&
		tornok=1
	[ "$rrc" -eq 0 ] && grep -q '^loaded ' "$tmp/t$3.resume" &&
		[ "$tornok" -eq 0 ] &&
		[ "$dig" = "$refdig" ] && cmp -s "$g" "$ref" &&
		! grep -q '^refused \|^malformed ' "$tmp/t$3.resume"
	check $? "$name: load takes the file; resumed, the game ends with the reference's file and digest"
	rm -f "$fifo"
}

i=0
for sig in HUP TERM KILL; do
	j=0
	while [ $j -lt $TRIALS ]; do
		d=$(sed -n "$((i + 1))p" "$tmp/delays")
		trial "$sig" "$d" "$i"
		i=$((i + 1))
		j=$((j + 1))
	done
done

# ---- the map view in tmux ----
T="tmux -L $SOCK"
tui() { # tui SIGNAL
	state=$tmp/state-$1
	mkdir -p "$state"
	rm -f "$tmp/tui.pid" "$tmp/tui.rc" "$tmp/tui.stty"
	$T kill-server >/dev/null 2>&1
	$T new-session -d -s tui -x 100 -y 30 \
		"cd '$tmp' && env TERM=xterm-256color LANG=C.UTF-8 \
		XDG_STATE_HOME='$state' MANIPLE_DATADIR= \
		sh -c '\"$MANIPLE_BIN\" --new drill </dev/tty & echo \$! >tui.pid; \
		wait \$!; echo \$? >tui.rc; stty -a </dev/tty >tui.stty; sleep 60'" \
		2>/dev/null || return 1
	w=0
	until [ -s "$tmp/tui.pid" ] &&
		[ "$($T display -p -t tui '#{alternate_on}' 2>/dev/null)" = 1 ]; do
		[ $w -ge 3000 ] && return 1
		sleep 0.01
		w=$((w + 1))
	done
	# the map drawn (its status line names the battle): waiting for a key
	w=0
	until $T capture-pane -p -t tui 2>/dev/null | grep -q 'Drill'; do
		[ $w -ge 3000 ] && return 1
		sleep 0.01
		w=$((w + 1))
	done
	sleep 0.1
	kill -s "$1" "$(cat "$tmp/tui.pid")"
	w=0
	until [ -s "$tmp/tui.stty" ]; do
		[ $w -ge 3000 ] && return 1
		sleep 0.01
		w=$((w + 1))
	done
	return 0
}
for sig in TERM HUP; do
	if ! command -v tmux >/dev/null 2>&1; then
		n=$((n + 3))
		echo "ok $((n - 2)) - # SKIP no tmux"
		echo "ok $((n - 1)) - # SKIP no tmux"
		echo "ok $n - # SKIP no tmux"
		continue
	fi
	tui "$sig"
	started=$?
	[ "$started" -eq 0 ] && [ "$(cat "$tmp/tui.rc")" = 3 ]
	check $? "map view, SIG$sig while it waits for a key: exit status 3 ($(cat "$tmp/tui.rc" 2>/dev/null))"
	[ "$started" -eq 0 ] &&
		[ "$($T display -p -t tui '#{alternate_on}')" = 0 ]
	check $? "map view, SIG$sig: the alternate screen is left"
	[ "$started" -eq 0 ] &&
		grep -q '[^-]icanon' "$tmp/tui.stty" &&
		grep -q '[^-]echo ' "$tmp/tui.stty"
	check $? "map view, SIG$sig: the terminal's echo and canonical mode are back"
	$T kill-server >/dev/null 2>&1
done
