#!/bin/bash
# initramfs.sh OUT: build OUT/initramfs.cpio.gz from Debian's busybox-static,
# the rig's /init and every module built in OUT (the rig's probes and the
# series' samples), installed flat under /lib/rig.
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
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) >"$out/initramfs.cpio.gz"
echo "$out/initramfs.cpio.gz"
