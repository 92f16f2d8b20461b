#!/bin/bash
# coverage.sh: line and branch coverage of drivers/base/dma-coherent.c and
# of the swiotlb functions the series changes, from the KUnit suites and
# the QEMU scenarios on a gcov kernel (configs/gcov.config; only those two
# files are profiled).  Each guest prints its .gcda files base64-encoded
# (rig/init.sh); they are merged with gcov-tool and read with gcov's JSON
# output by rig/coverage.py, which writes build/coverage/report.md and
# fails when a goal is missed.  lcov's genhtml renders build/coverage/html.
. "$(dirname "$0")/lib.sh"
set +e
need_pkgs lcov
out=$BUILD/out/patched-gcov
cov=$BUILD/coverage
"$TOP/rig/build.sh" patched gcov >/dev/null || die "gcov build failed"
# the guest names its profiles by the directory itself, not the link
out=$(cd "$out" && pwd -P)
rm -rf "$cov"
mkdir -p "$cov/runs"

scenarios=${COVERAGE_SCENARIOS:-$(cd "$TOP/scenarios" && ls ./*.sh | sed 's|^\./||; s|\.sh$||')}
for s in $scenarios; do
	scenario_runs_on gcov "$TOP/scenarios/$s.sh" || continue
	mkdir -p "$cov/runs/$s"
	r=$("$TOP/rig/qemu.sh" patched gcov "$s" 2>&1 | grep '^RESULT' | tail -1)
	note "$s: $r"
	# shellcheck disable=SC2016
	awk -v dir="$cov/runs/$s" -v out="$out" '
		/^rig-gcda-begin / { f = $2; sub("^" out, "", f); path = dir f
				     system("mkdir -p \"$(dirname \"" path "\")\""); next }
		/^rig-gcda-end/ { close(path); path = ""; next }
		path != "" { print > (path ".b64") }
	' "$BUILD/run/patched-gcov/$s/console.txt"
	find "$cov/runs/$s" -name '*.b64' 2>/dev/null | while read -r b; do
		base64 -d <"$b" >"${b%.b64}" && rm "$b"
	done
done

# Merge every run into one profile.
merged=$cov/merged
for d in "$cov"/runs/*/; do
	[ -n "$(find "$d" -name '*.gcda')" ] || continue
	if [ -d "$merged" ]; then
		gcov-tool merge "$merged" "$d" -o "$merged.new" >/dev/null && rm -rf "$merged" && mv "$merged.new" "$merged"
	else
		cp -r "$d" "$merged"
	fi
done
[ -d "$merged" ] || die "no profiles came back from the guests"
(cd "$merged" && find . -name '*.gcda') | while read -r g; do cp "$merged/$g" "$out/$g"; done

python3 "$TOP/rig/coverage.py" "$KTREE" "$out" "$cov" "$BASE_TAG"
rc=$?
lcov -q --rc lcov_branch_coverage=1 -c -d "$out" -b "$KTREE" -o "$cov/lcov.info" >/dev/null 2>&1 &&
	genhtml -q --branch-coverage -o "$cov/html" "$cov/lcov.info" >/dev/null 2>&1 &&
	note "HTML: $cov/html/index.html"
exit $rc
