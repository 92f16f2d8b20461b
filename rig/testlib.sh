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

# t NAME CMD...: a test that passes when CMD exits 0; its output is logged.
t() {
	local name=$1 out
	shift
	out=$("$@" 2>&1)
	local rc=$?
	printf '== %s\n%s\n' "$name" "$out" >>"$log"
	if [ $rc = 0 ]; then
		t_result "$name" pass
	else
		t_result "$name" fail "$(echo "$out" | grep -v '^rig: [a-z]*ing' | tail -3 | tr '\n' ' ')"
	fi
	return $rc
}

finish() {
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
