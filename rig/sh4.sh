#!/bin/bash
# sh4.sh TREE: build the sh4 kernel of the boot scenario for TREE (patched
# or base) in build/out/TREE-sh4 and print the zImage's path.
# rts7751r2dplus_defconfig (QEMU -M r2d) plus configs/sh4-r2d.config, with
# the series' dma-coherent KUnit suite on the patched tree, and a built-in
# initramfs holding rig/sh4/init.c (static, Debian's sh4 cross compiler).
# Debian bookworm's sh4 gcc 12.2 drops the load and "tst" before branches
# like "if (*p)" (its sh_treg_combine passes); everything sh4 here is built
# with rig/sh4/treg-fix.c, a GCC plugin switching those passes off.
. "$(dirname "$0")/lib.sh"
tree=${1:?usage: sh4.sh TREE}
src=$(tree_src "$tree") || exit 1
need_pkgs gcc-sh4-linux-gnu gcc-12-plugin-dev-sh4-linux-gnu g++ qemu-system-misc
out=$(kernel_out "$tree" sh4) || exit 1
mkdir -p "$out/rig-initramfs"

# The compiler fix-up plugin, shared by both trees (ccache sees one path).
plugin=$BUILD/sh4-plugin/treg-fix.so
if [ ! -f "$plugin" ] || [ "$TOP/rig/sh4/treg-fix.c" -nt "$plugin" ]; then
	mkdir -p "$(dirname "$plugin")"
	g++ -shared -fPIC -fno-rtti -O2 -x c++ \
		-I"$(sh4-linux-gnu-gcc -print-file-name=plugin)/include" \
		-o "$plugin" "$TOP/rig/sh4/treg-fix.c" || die "cannot build rig/sh4/treg-fix.c"
fi
# It must give back the "tst" of "if (*p)" (without it there is none).
printf 'int a(void), b(void);\nint k(int *p) { if (*p) return a(); return b(); }\n' >"$out/treg-probe.c"
sh4-linux-gnu-gcc -O2 -fplugin="$plugin" -S -o - "$out/treg-probe.c" | grep -q 'tst' ||
	die "sh4-linux-gnu-gcc still drops the test of 'if (*p)' with $plugin"

sh4-linux-gnu-gcc -fplugin="$plugin" -static -nostdlib -ffreestanding -fno-stack-protector \
	-O2 -Wall -o "$out/rig-initramfs/init" "$TOP/rig/sh4/init.c" ||
	die "cannot build rig/sh4/init.c"
cat >"$out/rig-initramfs/list" <<EOL
dir /dev 755 0 0
nod /dev/console 600 0 0 c 5 1
dir /proc 755 0 0
dir /sys 755 0 0
file /init $out/rig-initramfs/init 755 0 0
EOL

use_ccache "sh4-linux-gnu-gcc"
# shellcheck disable=SC2154 # cc: set by use_ccache (rig/lib.sh)
cc=$cc
kmake() {
	make -s -C "$src" O="$out" ARCH=sh CROSS_COMPILE=sh4-linux-gnu- CC="$cc" HOSTCC=gcc \
		KCFLAGS="-fplugin=$plugin" "$@"
}

frag=$out/rig.config
{
	cat "$TOP/configs/sh4-r2d.config"
	echo "CONFIG_INITRAMFS_SOURCE=\"$out/rig-initramfs/list\""
	[ "$tree" = patched ] && printf "CONFIG_KUNIT=y\nCONFIG_DMA_COHERENT_KUNIT_TEST=y\n"
} >"$frag"
want="$(sha1sum <"$frag")-$(git -C "$src" rev-parse HEAD 2>/dev/null)"
if [ ! -f "$out/.config" ] || [ "$(cat "$out/.rig-config" 2>/dev/null)" != "$want" ]; then
	note "configuring $tree-sh4"
	kmake rts7751r2dplus_defconfig >"$out/kconfig.log" 2>&1 || die "defconfig failed, see $out/kconfig.log"
	(cd "$out" && ARCH=sh "$src/scripts/kconfig/merge_config.sh" -m -O "$out" \
		"$out/.config" "$frag" >"$out/merge.log" 2>&1) || die "merge_config failed, see $out/merge.log"
	kmake olddefconfig >>"$out/kconfig.log" 2>&1 || die "olddefconfig failed"
	echo "$want" >"$out/.rig-config"
fi
"$TOP/rig/kconfig-check.sh" "$src" "$out/.config" "$frag"
t0=$SECONDS
if [ -f "$out/arch/sh/boot/zImage" ]; then
	note "building $tree-sh4 (incremental: usually under 2 min; log: $out/build.log)"
else
	note "building $tree-sh4 (first build: usually 5-8 min on 2 cores; log: $out/build.log)"
fi
kmake -j"$JOBS" zImage >"$out/build.log" 2>&1 ||
	{ grep -E 'error|Error' "$out/build.log" | head -20 >&2; die "sh4 build failed, see $out/build.log"; }
note "built $tree-sh4 in $((SECONDS - t0)) s"
echo "$out/arch/sh/boot/zImage"
