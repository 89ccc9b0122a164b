#!/bin/sh
# 6.69, 6.55, 6.72 (TAP): an Orderly Withdrawal never strands the unit in
# a friend's hex it may not stop in, and a unit In Column counts its MA
# + 1 when others withdraw from it.
: "${MANIPLE_SRCDIR:?}" "${MANIPLE_BIN:?}"
echo "1..3"
out=$(MANIPLE_DATADIR= "$MANIPLE_BIN" --script - 2>&1 <<'SCRIPT'
new drill solo 7
roll 6 2
continue
activate tribune
order pr2
move 2417
orders done
no momentum
activate mago
order ph1
move 2815,2816
move 2715,2716
legal
withdraw ve1 2417
legal
SCRIPT
)
# ve1 (MA 6) has 1 MP against the phalanx's 5: into the ha2/pr2 stack it
# could not stop, nor go on: refused, and never listed by legal
if printf '%s\n' "$out" | grep -q "^refused reason=the_unit_may_not_stop_in_that_friend's_hex.*rule=6.69$"; then
	echo "ok 1 - a withdrawal into a friend's hex with no way on is refused (6.69)"
else
	echo "not ok 1 - the stranding withdrawal was not refused"
	printf '%s\n' "$out" | tail -5 | sed 's/^/# /'
fi
if printf '%s\n' "$out" | grep -q '^withdraw ve1 2417$'; then
	echo "not ok 2 - legal lists the stranding withdrawal"
else
	echo "ok 2 - legal does not list it"
fi
if printf '%s\n' "$out" | grep -q '^withdraw ve1 2416$'; then
	echo "ok 3 - the velites still have a withdrawal they may take"
else
	echo "not ok 3 - no withdrawal left to the velites"
fi
