#!/bin/bash
# make swiotlb-parse-diff: v6.12's and the series' "swiotlb=" parser and
# sizing, cut out of build/base and build/linux kernel/dma/swiotlb.c at run
# time, compiled in userspace and compared on 100,000 generated strings
# (issue #15, items 5 and 6).  Seconds; needs only the two trees and gcc.
# Options go to rig/swiotlb-parse-diff.py (--help); every string with both
# results is written to build/swiotlb-parse-diff/results.tsv.
. "$(dirname "$0")/lib.sh"

for t in "$KBASE" "$KTREE"; do
	[ -f "$t/kernel/dma/swiotlb.c" ] || die "no $t/kernel/dma/swiotlb.c: run make tree"
done
command -v "${CC:-gcc}" >/dev/null || die "no ${CC:-gcc}: run make run once (installs build-essential)"
mkdir -p "$BUILD/swiotlb-parse-diff"
exec python3 "$TOP/rig/swiotlb-parse-diff.py" --base "$KBASE" --series "$KTREE" \
	--tsv "$BUILD/swiotlb-parse-diff/results.tsv" "$@"
