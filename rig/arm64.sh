#!/bin/bash
# arm64.sh TREE FLAVOUR: build the arm64 guest of the arm64-* scenarios for
# TREE (patched or base) in build/out/TREE-FLAVOUR and print its Image.
#   FLAVOUR: arm64 (configs/arm64-virt.config on allnoconfig) or
#            arm64-dynamic (the same plus CONFIG_SWIOTLB_DYNAMIC).
# Debian's aarch64 cross compiler; the initramfs is the rig's /init with
# Debian's busybox-static for arm64 and the rig's arm64 modules
# (modules/arm64/*.c, built against this kernel).
. "$(dirname "$0")/lib.sh"
tree=${1:?usage: arm64.sh TREE FLAVOUR} flavour=${2:?usage: arm64.sh TREE FLAVOUR}
src=$(tree_src "$tree") || exit 1
frags=$TOP/configs/arm64-virt.config
case $flavour in
arm64) ;;
arm64-dynamic) frags="$frags $TOP/configs/arm64-dynamic.config" ;;
*) die "unknown arm64 flavour '$flavour' (arm64 or arm64-dynamic)" ;;
esac
need_pkgs gcc-aarch64-linux-gnu qemu-system-arm device-tree-compiler
out=$(kernel_out "$tree" "$flavour") || exit 1
if [ "$tree" = base ]; then seed_base_out "$out" "$flavour" || die "cannot copy patched-$flavour"; fi

# Debian's static busybox for arm64, unpacked once into build/arm64.
foreign_busybox arm64

use_ccache "aarch64-linux-gnu-gcc"
# shellcheck disable=SC2154 # cc: set by use_ccache (rig/lib.sh)
cc=$cc
kmake() { make -s -C "$src" O="$out" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- CC="$cc" HOSTCC=gcc "$@"; }

# shellcheck disable=SC2086
configure_kernel arm64 allnoconfig $frags
t0=$SECONDS
if [ -f "$out/arch/arm64/boot/Image" ]; then
	note "building $tree-$flavour (incremental: usually under 2 min; log: $out/build.log)"
else
	note "building $tree-$flavour (first build: usually 5-8 min on 2 cores; log: $out/build.log)"
fi
kmake -j"$JOBS" Image modules >"$out/build.log" 2>&1 ||
	{ grep -E 'error|Error' "$out/build.log" | head -20 >&2; die "arm64 build failed, see $out/build.log"; }
rm -rf "$out/rig-modules" && mkdir -p "$out/rig-modules"
cp "$TOP"/modules/arm64/*.c "$TOP/modules/rig_ktap.h" "$out/rig-modules/"
for c in "$out"/rig-modules/*.c; do
	echo "obj-m += $(basename "$c" .c).o"
done >"$out/rig-modules/Kbuild"
kmake -j"$JOBS" M="$out/rig-modules" modules >"$out/rig-modules.log" 2>&1 ||
	{ tail -20 "$out/rig-modules.log" >&2; die "arm64 rig modules failed to build, see $out/rig-modules.log"; }

stage=$out/initramfs
rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/lib/rig"
# shellcheck disable=SC2154 # bb: set by foreign_busybox (rig/lib.sh)
cp "$bb" "$stage/bin/busybox"
install -m 755 "$TOP/rig/init.sh" "$stage/init"
cp "$out"/rig-modules/*.ko "$stage/lib/rig/"
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) >"$out/initramfs.cpio.gz"
note "built $tree-$flavour in $((SECONDS - t0)) s"
echo "$out/arch/arm64/boot/Image"
