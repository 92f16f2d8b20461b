#!/bin/bash
# initramfs.sh OUT: build OUT/initramfs.cpio.gz from Debian's busybox-static,
# the rig's /init and every module built in OUT (the rig's probes and the
# series' samples), installed flat under /lib/rig, and modules/user/*.c
# built static into /bin, with the kernel's dma_map_benchmark tool.
. "$(dirname "$0")/lib.sh"
out=${1:?usage: initramfs.sh OUTDIR}
# the directory itself: build/out/* are links (rig/lib.sh kernel_out)
out=$(cd "$out" && pwd -P) || die "no $1"
bb=/bin/busybox

[ -x "$bb" ] || die "no busybox (apt-get install busybox-static)"
stage=$out/initramfs
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/lib/rig"
cp "$bb" "$stage/bin/busybox"
install -m 755 "$TOP/rig/init.sh" "$stage/init"
find "$out" -name '*.ko' -not -path "$stage/*" -exec cp {} "$stage/lib/rig/" \;
# the rig's user-space probes, static
for c in "$TOP"/modules/user/*.c; do
	gcc -static -O2 -Wall -o "$stage/bin/$(basename "$c" .c)" "$c" ||
		die "cannot build $c"
done
# the kernel's own dma_map_benchmark tool, from the tree OUT was built
# from (its header is not uapi: the tree's include/ comes after the system's)
ksrc=$(sed -n 's|^include \(.*\)/Makefile$|\1|p' "$out/Makefile" 2>/dev/null)
case $ksrc in /* | "") ;; *) ksrc=$out/$ksrc ;; esac # relative to OUT
dmb=$ksrc/tools/testing/selftests/dma/dma_map_benchmark.c
if [ -n "$ksrc" ] && [ -f "$dmb" ]; then
	gcc -static -O2 -Wall -idirafter "$ksrc/include" \
		-o "$stage/bin/dma_map_benchmark" "$dmb" || die "cannot build $dmb"
fi
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) >"$out/initramfs.cpio.gz"
echo "$out/initramfs.cpio.gz"
