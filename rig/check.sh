#!/bin/bash
# make check: the project's test command.  Every step below is one or more
# counted tests; the last line is "N passed, M failed" and the exit status
# is non-zero when anything failed.
. "$(dirname "$0")/lib.sh"
set +e
mkdir -p "$BUILD/check"
log=$BUILD/check/log
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

t "tree: unpack, import, apply patches/" "$TOP/rig/tree.sh" || finish
t "export: patches/ round trip is byte-identical" "$TOP/rig/export.sh" --check

cp=$KTREE/scripts/checkpatch.pl
for p in "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-*) continue ;; esac
	t "checkpatch --strict $(basename "$p")" \
		"$cp" --strict --quiet --no-summary --show-types "$p"
done

t "build: patched kernel (test config)" "$TOP/rig/build.sh" patched test || finish
t "build: v6.12 baseline kernel (test config)" "$TOP/rig/build.sh" base test
t "sparse: files the series touches, no new warnings" "$TOP/rig/sparse.sh"
t "host: rig scripts pass shellcheck-free sanity (bash -n)" bash -c \
	"for f in '$TOP'/rig/*.sh '$TOP'/scenarios/*.sh; do bash -n \"\$f\" || exit 1; done"
if [ -x "$TOP/rig/harness.sh" ]; then
	t "host: userspace harness of the allocator core" "$TOP/rig/harness.sh" check
fi

# QEMU scenarios on both kernels, side by side.
table=$BUILD/check/scenarios.tsv
printf 'scenario\tpatched\tv6.12 baseline\n' >"$table"
for s in "$TOP"/scenarios/*.sh; do
	name=$(basename "$s" .sh)
	EXPECT_BASE=fail
	EXPECT_BASE=$(. "$s"; echo "$EXPECT_BASE")
	r=$("$TOP/rig/qemu.sh" patched test "$name" 2>&1 | grep '^RESULT' | tail -1)
	pr=$(echo "$r" | awk '{print $2}')
	t_result "qemu patched: $name" "${pr:-fail}" "${r#RESULT * }"
	printf '== qemu patched %s\n%s\n' "$name" "$r" >>"$log"
	if [ "$EXPECT_BASE" = skip ] || [ ! -f "$BUILD/out/base-test/arch/x86/boot/bzImage" ]; then
		br="n/a"
	else
		b=$("$TOP/rig/qemu.sh" base test "$name" 2>&1 | grep '^RESULT' | tail -1)
		br=$(echo "$b" | awk '{print $2}')
		printf '== qemu base %s\n%s\n' "$name" "$b" >>"$log"
		if [ "${br:-fail}" = "$EXPECT_BASE" ]; then
			t_result "qemu v6.12: $name gives $EXPECT_BASE, as expected" pass "${b#RESULT * }"
		else
			t_result "qemu v6.12: $name should ${EXPECT_BASE}" fail "${b#RESULT * }"
		fi
	fi
	printf '%s\t%s\t%s\n' "$name" "${pr:-fail}" "${br:-fail}" >>"$table"
done
echo
awk -F'\t' '{ printf "%-24s %-10s %s\n", $1, $2, $3 }' "$table"
finish
