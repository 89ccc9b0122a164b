# teach-fields.awk — reads the engine's C sources and prints, as lines of a
# C table, every event kind it can see with the field keys added to it
# (src/gboh/teach.c includes the result: a teach.ini slot that names a key
# no event of that kind ever carries is refused).  Over-approximates on
# purpose: every key added in a function counts for every kind that
# function starts, and a helper's keys count for the kinds of its callers.
# A kind whose fields it cannot see is left out (its slots go unchecked).
# Usage: awk -f tools/teach-fields.awk FILE.c...
function lits(s, arr,    n, t) {
	n = 0
	while (match(s, /"[a-z_0-9]+"/)) {
		t = substr(s, RSTART + 1, RLENGTH - 2)
		arr[++n] = t
		s = substr(s, RSTART + RLENGTH)
	}
	return n
}
/^[a-z].*[a-z_0-9]+\(/ && !/;[ \t]*$/ {
	s = $0
	sub(/\(.*/, "", s)
	n = split(s, w, /[ \t*]+/)
	fn = w[n]
	nfn++
	next
}
/^}/ { fn = "" ; next }
fn == "" { next }
/event_init\(/ {
	s = $0
	sub(/.*event_init\(/, "", s)
	k = 0
	if (s ~ /^[^,]*, *[^)]*"/) {
		delete a
		k = lits(s, a)
		for (i = 1; i <= k; i++)
			kinds[fn] = kinds[fn] " " a[i]
	}
	if (k == 0)
		khelper[fn] = 1
}
/event_add(_hex)?\(/ {
	s = $0
	# the key: a literal, or literals chosen by ?: ("leader" : "unit")
	while (match(s, /event_add(_hex)?\([^,]*,[^,]*"[a-z_0-9]+"[^,]*/)) {
		t = substr(s, RSTART, RLENGTH)
		s = substr(s, RSTART + RLENGTH)
		sub(/^[^,]*,/, "", t)
		delete a
		k = lits(t, a)
		for (i = 1; i <= k; i++)
			keys[fn] = keys[fn] " " a[i]
	}
}
/[a-z_0-9]+\(&?e[,)]/ {
	s = $0
	while (match(s, /[a-z_0-9]+\(&?e[,)]/)) {
		t = substr(s, RSTART, RLENGTH)
		sub(/\(.*/, "", t)
		if (t !~ /^(event_add|event_add_hex|event_init|event_get|game_emit|emit)$/)
			calls[fn] = calls[fn] " " t
		s = substr(s, RSTART + RLENGTH)
	}
}
/[a-z_0-9]+\([a-z_>.-]+, *"[a-z_0-9]+"/ {
	s = $0
	while (match(s, /[a-z_0-9]+\([a-z_>.-]+, *"[a-z_0-9]+"/)) {
		t = substr(s, RSTART, RLENGTH)
		name = t
		sub(/\(.*/, "", name)
		sub(/"$/, "", t)
		sub(/.*"/, "", t)
		ncall++
		cname[ncall] = name
		carg[ncall] = t
		s = substr(s, RSTART + RLENGTH)
	}
}
function addkeys(kind, list,    n, i, w) {
	n = split(list, w, " ")
	for (i = 1; i <= n; i++)
		has[kind, w[i]] = 1
	seen[kind] = 1
}
END {
	for (f in kinds) {
		nk = split(kinds[f], kk, " ")
		for (j = 1; j <= nk; j++) {
			addkeys(kk[j], keys[f])
			nc = split(calls[f], cc, " ")
			for (c = 1; c <= nc; c++)
				addkeys(kk[j], keys[cc[c]])
		}
	}
	# helpers that start a kind of their caller's choosing
	for (i = 1; i <= ncall; i++)
		if (cname[i] in khelper)
			addkeys(carg[i], keys[cname[i]])
	# a caller's own keys count for the kinds its helpers start
	for (f in calls) {
		nc = split(calls[f], cc, " ")
		for (c = 1; c <= nc; c++) {
			nk = split(kinds[cc[c]], kk, " ")
			for (j = 1; j <= nk; j++)
				addkeys(kk[j], keys[f])
		}
	}
	for (k in seen) {
		line = ""
		for (pair in has) {
			split(pair, pp, SUBSEP)
			if (pp[1] == k)
				line = line " " pp[2]
		}
		printf "{\"%s\", \"%s \"},\n", k, line
	}
}
