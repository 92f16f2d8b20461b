#!/bin/bash
# initramfs.sh OUT: build OUT/initramfs.cpio.gz from Debian's busybox-static,
# the rig's /init and every module built in OUT (the rig's probes and the
# series' samples), installed flat under /lib/rig, and modules/user/*.c
# built static into /bin.
. "$(dirname "$0")/lib.sh"
out=${1:?usage: initramfs.sh OUTDIR}
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
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) >"$out/initramfs.cpio.gz"
echo "$out/initramfs.cpio.gz"
