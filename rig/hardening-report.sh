#!/bin/bash
# hardening-report.sh [FLAVOUR...]: the figures of the hardening work, from
# the consoles the scenarios left in build/run/patched-<flavour>/: bad-input
# cases tried, concurrent operations run, faults injected, splats seen and
# kmemleak reports, plus the coverage summary if rig/coverage.sh ran.
# Writes build/hardening/report.md and prints it.
. "$(dirname "$0")/lib.sh"
set +e
[ $# -gt 0 ] || set -- test debug
dir=$BUILD/hardening
mkdir -p "$dir"
splat=$SPLAT_RE
{
	echo "# Hardening figures ($(date -u +%Y-%m-%d))"
	echo
	echo "| kernel | bad-input KUnit cases | swiotlb= boots | concurrent ops (threads + hard IRQ) | faults injected (clean / absorbed) | scenarios | splats | kmemleak reports |"
	echo "|---|---|---|---|---|---|---|---|"
	for f in "$@"; do
		run=$BUILD/run/patched-$f
		[ -d "$run" ] || continue
		k=$run/kunit/console.txt
		bad=$(grep -hoE '# (dct_bad_input|swiotlb_test_parse): pass:[0-9]+ fail:[0-9]+' "$k" 2>/dev/null |
			awk -F'[: ]' '{ p += $5; x += $7 } END { printf "%d pass, %d fail", p, x }')
		boots=$(ls -d "$run"/swiotlb-param-* "$run"/swiotlb-edu28-bogus "$run"/swiotlb-toobig 2>/dev/null | wc -l)
		ops=$(grep -hoE '# (dct|swiotlb_test)_concurrency: [0-9]+ threads, [0-9]+ ops.*, [0-9]+ in hard IRQ' "$k" 2>/dev/null |
			awk '{ for (i = 1; i <= NF; i++) { if ($(i + 1) == "ops") o += $i; if ($(i + 1) == "in") q += $i } } END { printf "%d + %d", o, q }')
		faults=$(grep -hoE 'rig-fault: .*' "$run"/coherent-fault/console.txt 2>/dev/null |
			sed -E 's/.*clean=([0-9]+) absorbed=([0-9]+).*/\1 \2/' | awk '{ c += $1; a += $2 } END { if (NR) printf "%d / %d", c, a; else print "-" }')
		n=$(ls "$run"/*/console.txt 2>/dev/null | wc -l)
		s=$(cat "$run"/*/console.txt 2>/dev/null | grep -cE "$splat" || true)
		leaks=$(cat "$run"/*/console.txt 2>/dev/null | grep -c 'unreferenced object' || true)
		echo "| patched-$f | ${bad:--} | $boots | ${ops:--} | $faults | $n | $s | $leaks |"
	done
	echo
	[ -f "$BUILD/coverage/report.md" ] && sed -n '/^| goal/,/^$/p' "$BUILD/coverage/report.md"
} >"$dir/report.md"
cat "$dir/report.md"
