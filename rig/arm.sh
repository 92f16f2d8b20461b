#!/bin/bash
# arm.sh TREE FLAVOUR: build the 32-bit arm guest of the arm-* scenarios
# (QEMU vexpress-a9) for TREE (patched or base) in build/out/TREE-FLAVOUR
# and print its zImage.
#   FLAVOUR: arm (allnoconfig plus configs/arm-vexpress.config,
#            kmemleak on), the only one so far.
# The device tree is the tree's own vexpress-v2p-ca9.dtb, built here too
# (rig/arm-qemu.sh boots it, edited by the scenario's DT_EDIT).  Debian's
# armhf cross compiler; the initramfs is the rig's /init with Debian's
# busybox-static for armhf.
. "$(dirname "$0")/lib.sh"
tree=${1:?usage: arm.sh TREE FLAVOUR} flavour=${2:?usage: arm.sh TREE FLAVOUR}
src=$(tree_src "$tree") || exit 1
frags=$TOP/configs/arm-vexpress.config
case $flavour in
arm) ;;
*) die "unknown arm flavour '$flavour' (arm)" ;;
esac
need_pkgs gcc-arm-linux-gnueabihf qemu-system-arm device-tree-compiler
out=$(kernel_out "$tree" "$flavour") || exit 1
if [ "$tree" = base ]; then seed_base_out "$out" "$flavour" || die "cannot copy patched-$flavour"; fi

# Debian's static busybox for armhf, unpacked once into build/armhf.
foreign_busybox armhf

use_ccache "arm-linux-gnueabihf-gcc"
# shellcheck disable=SC2154 # cc: set by use_ccache (rig/lib.sh)
kmake() { make -s -C "$src" O="$out" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- CC="$cc" HOSTCC=gcc "$@"; }

# shellcheck disable=SC2086
configure_kernel arm allnoconfig $frags
t0=$SECONDS
if [ -f "$out/arch/arm/boot/zImage" ]; then
	note "building $tree-$flavour (incremental: usually under 2 min; log: $out/build.log)"
else
	note "building $tree-$flavour (first build: usually 5-6 min on 2 cores, less with a warm ccache; log: $out/build.log)"
fi
kmake -j"$JOBS" zImage arm/vexpress-v2p-ca9.dtb >"$out/build.log" 2>&1 ||
	{ grep -E 'error|Error' "$out/build.log" | head -20 >&2; die "arm build failed, see $out/build.log"; }

stage=$out/initramfs
rm -rf "$stage" && mkdir -p "$stage/bin"
# shellcheck disable=SC2154 # bb: set by foreign_busybox (rig/lib.sh)
cp "$bb" "$stage/bin/busybox"
install -m 755 "$TOP/rig/init.sh" "$stage/init"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) >"$out/initramfs.cpio.gz"
note "built $tree-$flavour in $((SECONDS - t0)) s"
echo "$out/arch/arm/boot/zImage"
