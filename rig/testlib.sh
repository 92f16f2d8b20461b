# Counted tests for check.sh and check-all.sh.  Sourced with the name of
# the log folder under build/ as $1.
# shellcheck shell=bash
set +e
CHECK_NAME=$1
mkdir -p "$BUILD/$1"
log=$BUILD/$1/log
: >"$log"
pass=0 fail=0

t_result() { # name status detail
	if [ "$2" = pass ]; then
		pass=$((pass + 1))
		printf 'ok   %s%s\n' "$1" "${3:+ - $3}"
	else
		fail=$((fail + 1))
		printf 'FAIL %s%s\n' "$1" "${3:+ - $3}"
	fi
}

# t_output NAME RC OUT: log OUT under NAME and count it, passed when RC
# is 0 (a failure shows OUT's last lines); returns RC.
t_output() {
	printf '== %s\n%s\n' "$1" "$3" >>"$log"
	if [ "$2" = 0 ]; then
		t_result "$1" pass
	else
		t_result "$1" fail "$(echo "$3" | grep -v '^rig: [a-z]*ing' | tail -3 | tr '\n' ' ')"
	fi
	return "$2"
}

# t NAME CMD...: a test that passes when CMD exits 0; its output is logged.
t() {
	local name=$1 out
	shift
	out=$("$@" 2>&1)
	t_output "$name" $? "$out"
}

# Background steps: bg_add NAME CMD... queues a step, bg_start runs the
# queue one step after another in one background job, bg_step I waits for
# step I (from 0) and counts it as t would.  The queue runs at the lowest
# priority, on what the foreground leaves idle (a TCG guest runs on one
# core).
bg_names=() bg_cmds=() bg_pid=
bg_add() {
	bg_names+=("$1")
	shift
	bg_cmds+=("$(printf '%q ' "$@")")
}
bg_start() {
	local dir=$BUILD/$CHECK_NAME/bg
	rm -rf "$dir" && mkdir -p "$dir"
	(
		# below everything in the foreground: it gets what they leave
		renice -n 19 -p "$BASHPID" >/dev/null
		for i in "${!bg_cmds[@]}"; do
			eval "${bg_cmds[$i]}" >"$dir/$i.out" 2>&1
			echo $? >"$dir/$i.rc"
		done
	) </dev/null &
	bg_pid=$!
}
# bg_step I: wait for step I of the queue, count it; its status.
bg_step() {
	local dir=$BUILD/$CHECK_NAME/bg rc
	while [ ! -f "$dir/$1.rc" ] && kill -0 "$bg_pid" 2>/dev/null; do sleep 2; done
	rc=$(cat "$dir/$1.rc" 2>/dev/null)
	t_output "${bg_names[$1]}" "${rc:-1}" "$(cat "$dir/$1.out" 2>/dev/null)"
}
# bg_kill: stop the queue and everything it started (finish does it).
bg_kill() {
	local c
	for c in $(pgrep -P "${1:-$bg_pid}"); do bg_kill "$c"; done
	kill "${1:-$bg_pid}" 2>/dev/null
}

finish() {
	[ -n "$bg_pid" ] && bg_kill
	echo
	echo "full log: $log"
	echo "$pass passed, $fail failed"
	[ $fail = 0 ]
	exit
}


# run_scenarios FLAVOUR [base]: every scenarios/*.sh on the patched kernel
# and, with "base", on the v6.12 baseline too, then a side-by-side table.
run_scenarios() {
	local flavour=$1 withbase=${2:-} s name r pr b br table=$BUILD/$CHECK_NAME/scenarios-$1.tsv
	printf 'scenario\tpatched\tv6.12 baseline\n' >"$table"
	for s in "$TOP"/scenarios/*.sh; do
		name=$(basename "$s" .sh)
		# a scenario may expect a flavour-dependent result of v6.12 ($flavour)
		EXPECT_BASE=$(EXPECT_BASE=fail; . "$s"; echo "$EXPECT_BASE")
		scenario_runs_on "$flavour" "$s" || continue
		r=$("$TOP/rig/qemu.sh" patched "$flavour" "$name" 2>&1 | grep '^RESULT' | tail -1)
		pr=$(echo "$r" | awk '{print $2}')
		t_result "qemu patched-$flavour: $name" "${pr:-fail}" "${r#RESULT * }"
		printf '== qemu patched-%s %s\n%s\n' "$flavour" "$name" "$r" >>"$log"
		br=n/a
		if [ -n "$withbase" ] && [ "$EXPECT_BASE" != skip ]; then
			b=$("$TOP/rig/qemu.sh" base "$flavour" "$name" 2>&1 | grep '^RESULT' | tail -1)
			br=$(echo "$b" | awk '{print $2}')
			printf '== qemu base-%s %s\n%s\n' "$flavour" "$name" "$b" >>"$log"
			if [ "${br:-fail}" = "$EXPECT_BASE" ]; then
				t_result "qemu v6.12: $name gives $EXPECT_BASE, as expected" pass "${b#RESULT * }"
			else
				t_result "qemu v6.12: $name should $EXPECT_BASE" fail "${b#RESULT * }"
			fi
		fi
		printf '%s\t%s\t%s\n' "$name" "${pr:-fail}" "${br:-fail}" >>"$table"
	done
	echo
	awk -F'\t' '{ printf "%-24s %-10s %s\n", $1, $2, $3 }' "$table"
	echo
}
