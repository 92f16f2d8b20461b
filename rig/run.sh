#!/bin/bash
# make run: set everything up, build the patched kernel, boot the demo in
# QEMU and print a short summary of what happened.
. "$(dirname "$0")/lib.sh"
"$TOP/rig/tree.sh"
"$TOP/rig/build.sh" patched test >/dev/null
note "booting the demo (QEMU, TCG, 5 GiB guest: usually 1-2 min)"
r=$(SFILE=$TOP/rig/demo/demo.sh "$TOP/rig/qemu.sh" patched test demo | grep '^RESULT')
c=$BUILD/run/patched-test/demo/console.txt
strip() { sed -E 's/^\[[ 0-9.]+\] //'; }
echo
echo "== Demo on $(grep -m1 '^rig: guest up' "$c" | sed 's/rig: guest up: //')"
echo "-- swiotlb"
grep -E 'software IO TLB' "$c" | strip | sed 's/^/   /'
echo "-- on-chip coherent memory (ivshmem BAR2)"
grep -E 'dma_declare_coherent_sample|rig-demo|ivshmem BAR2|coherent_map' "$c" |
	grep -v rig-host-check | strip | sed 's/^/   /'
echo "-- 28-bit edu streaming DMA"
grep -E 'rig-bounce|round [0-9]+' "$c" | strip | sed 's/^/   /'
echo
echo "result: ${r#RESULT }"
echo "console: $c"
[ "$(echo "$r" | awk '{print $2}')" = pass ]
