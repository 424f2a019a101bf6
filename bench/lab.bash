# Shared by the benchmark's scripts that run inside the lab (bench/inside.sh,
# bench/two_hosts.sh): measuring, medians, ratios, verdicts, the connect
# rows.  They use the caller's $tmp (a folder), $reps, $n, $bin, and for
# cmtime $dst, $src and $port.

say() { echo "bench: $*" >&2; }

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# /usr/bin/time: "wall_s max_rss_kib"
measure() {
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" || {
		echo "bench: $* failed:" >&2
		cat "$tmp/err" >&2
		exit 1
	}
	cat "$tmp/time"
}

# wall RC[,RC...] CMD...: runs CMD (stdout to $tmp/out, stderr to
# $tmp/err), fails the bench unless it exits with one of the RCs, saying
# why (its stderr, and the causes of the results it printed); prints its
# wall time in ms (0.1 ms).
wall() {
	local want=$1 t0 t1 rc=0

	shift
	t0=$(date +%s%N)
	"$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	t1=$(date +%s%N)
	if [[ ",$want," != *",$rc,"* ]]; then
		echo "bench: $* exited with $rc, not $want:" >&2
		tail -n 20 "$tmp/err" >&2
		grep -o '"cause":"[^"]*"' "$tmp/out" | sort | uniq -c | sed 's/^/bench:   /' >&2
		exit 1
	fi
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", (b - a) / 1e6 }'
}

# stats DIGITS < NUMBERS: "median min max", DIGITS decimals (the median
# of an even count is the mean of the middle two).
stats() {
	sort -g | awk -v d="$1" '{ v[NR] = $1 }
		END {
			if (!NR) { print "? ? ?"; exit }
			m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%.*f %.*f %.*f\n", d, m, d, v[1], d, v[NR]
		}'
}

# ratio A B [DIGITS]: A / B.
ratio() {
	awk -v a="$1" -v b="$2" -v d="${3:-2}" \
		'BEGIN { if (b + 0 == 0) print "?"; else printf "%.*f\n", d, a / b }'
}

# verdict VALUE GOAL: "met" when VALUE <= GOAL, else "**not met**".
verdict() {
	awk -v v="$1" -v g="$2" 'BEGIN {
		if (v == "?" || v == "") print "?"
		else if (v + 0 <= g + 0) print "met"
		else print "**not met**"
	}'
}

# A pause between two measured runs: the kernel tears down the last run's
# ids (its connections) after it exits.
settle() { sleep 0.3; }

# alternate A B: REPS runs of each, the one to go first alternating.
alternate() {
	local i

	for i in $(seq 1 "$reps"); do
		if [ $((i % 2)) -eq 1 ]; then
			"$1"
			"$2"
		else
			"$2"
			"$1"
		fi
	done
}

# cmtime's table: "step : total ms, max ms, min us, us per connection";
# total is the step's wall time over all connections (phase by phase).
c_step() { awk -F: -v s="$1" '$1 ~ "^" s " *$" { split($2, f, " "); print f[1] }' "${2:-$tmp/cmtime}"; }

# cm_total OUT STEP...: cmtime -c N from $src against the server on
# $dst:$port; the sum of its STEPs' totals appended to OUT.  False when it
# says a connection was rejected (the sum is kept: the row says so).
cm_total() {
	local out=$1 s sum=0 v

	shift
	settle
	cmtime -s "$dst" -b "$src" -p "$port" -c "$n" >"$tmp/cm" 2>&1 || {
		echo "bench: cmtime client failed:" >&2
		tail -n 20 "$tmp/cm" >&2
		exit 1
	}
	for s in "$@"; do
		v=$(c_step "$s" "$tmp/cm")
		[ -n "$v" ] || { echo "bench: no '$s' in cmtime's output:" >&2; cat "$tmp/cm" >&2; exit 1; }
		sum=$(awk -v a="$sum" -v b="$v" 'BEGIN { print a + b }')
	done
	echo "$sum" >>"$out"
	! grep -q REJECTED "$tmp/cm"
}

# connect_rows: N connections from $src to the cmtime server on
# $dst:$port, REPS runs of rdma-route and of cmtime, alternating; sets
# c_rr, c_rr_min, c_rr_max, c_cm, c_cm_min, c_cm_max, c_ratio and c_ok
# (what went wrong).  cmtime runs its phases one after the other over all
# N connections (its connect phase ends at ESTABLISHED, the RTU sent: its
# QP is attached); rdma-route runs each probe's steps in turn, N at once.
# rdma-route: from the first probe's start to the last establish's end
# (each probe's start_ms + total - disconnect, from its JSON Lines
# record).  cmtime: the totals of create id, bind addr, resolve addr,
# resolve route, create qp and connect.
connect_rows() {
	: >"$tmp/c_rr"
	: >"$tmp/c_cm"
	c_ok=
	alternate conn_rr conn_cm
	read -r c_rr c_rr_min c_rr_max < <(stats 2 <"$tmp/c_rr")
	read -r c_cm c_cm_min c_cm_max < <(stats 2 <"$tmp/c_cm")
	c_ratio=$(ratio "$c_rr" "$c_cm")
}
conn_rr() {
	local ok

	settle
	# A connection a busy machine times out is the row's note (exit 1),
	# not the bench's failure; none connected is.  Its deadline is long:
	# it bounds a failure, never a success's time.
	wall 0,1 "$bin" --connect="$port" --jsonl --count "$n" --interval 0 \
		--parallel "$n" --timeout 20000 --src "$src" "$dst" >/dev/null
	ok=$(grep -c '"record":"results".*"status":"connected"' "$tmp/out" || true)
	if [ "$ok" -eq 0 ]; then
		echo "bench: rdma-route --connect: none of $n connected:" >&2
		grep -o '"cause":"[^"]*"' "$tmp/out" | sort | uniq -c | sed 's/^/bench:   /' >&2
		exit 1
	fi
	[ "$ok" = "$n" ] || c_ok+=" rdma-route connected $ok of $n;"
	jq -s '[.[] | select(.record == "results" and .status == "connected")] |
		(map(.start_ms + .time_ms.total - .time_ms.disconnect) | max) -
		(map(.start_ms) | min)' "$tmp/out" >>"$tmp/c_rr"
}
conn_cm() {
	cm_total "$tmp/c_cm" "create id" "bind addr" "resolve addr" "resolve route" \
		"create qp" "connect" || c_ok+=" cmtime connections rejected;"
}
