#!/bin/bash
# build.sh TREE FLAVOUR: configure and build a kernel plus the rig's test
# modules in build/out/TREE-FLAVOUR.
#   TREE:    patched (build/linux) or base (build/base, the unpatched v6.12)
#   FLAVOUR: test (qemu + test fragments), debug (test + sanitizers),
#            bench (the same fragments as test, own out dir, for make bench)
#            or gcov (test + gcov profiling of dma-coherent.c
#            and swiotlb.c)
# The config is tinyconfig with the fragments of configs/ merged on top;
# every option the fragments ask for is checked in the resulting .config.
. "$(dirname "$0")/lib.sh"

tree=${1:?usage: build.sh patched|base test|debug|bench}
flavour=${2:?usage: build.sh patched|base test|debug|bench}
src=$(tree_src "$tree") || exit 1

frags="$TOP/configs/qemu.config $TOP/configs/test.config"
case $flavour in
test | prefix | bench) ;;
debug) frags="$frags $TOP/configs/debug.config" ;;
gcov) frags="$frags $TOP/configs/gcov.config" ;;
dynamic) frags="$frags $TOP/configs/dynamic.config" ;;
*) die "unknown flavour '$flavour' (test, debug, bench, gcov or dynamic)" ;;
esac
# gcov: profile only the files the coverage report is about
profile=()
[ "$flavour" = gcov ] && profile=(GCOV_PROFILE_dma-coherent.o=y
	GCOV_PROFILE_swiotlb.o=y)
case $tree in
patched) frags="$frags $TOP/configs/series.config" ;;
base) frags="$frags $TOP/configs/baseline.config" ;;
esac

out=$(kernel_out "$tree" "$flavour") || exit 1
if [ "$tree" = base ]; then seed_base_out "$out" "$flavour" || die "cannot copy patched-$flavour"; fi
use_ccache "gcc"
# shellcheck disable=SC2154 # cc: set by use_ccache (rig/lib.sh)
cc=$cc
kmake() { make -s -C "$src" O="$out" ARCH=x86_64 CC="$cc" HOSTCC=gcc "$@"; }

# Reconfigure when a fragment or the tree changed since the last config.
stamp=$out/.rig-config
want=$(cat $frags | sha1sum)-$(git -C "$src" rev-parse HEAD)
if [ ! -f "$out/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	note "configuring $tree-$flavour"
	kmake tinyconfig >/dev/null
	# shellcheck disable=SC2086
	(cd "$out" && ARCH=x86_64 "$src/scripts/kconfig/merge_config.sh" -m -O "$out" \
		"$out/.config" $frags >"$out/merge.log" 2>&1) || die "merge_config failed, see $out/merge.log"
	kmake olddefconfig >/dev/null
	echo "$want" >"$stamp"
fi
"$TOP/rig/kconfig-check.sh" "$src" "$out/.config" $frags

t0=$SECONDS
if [ -f "$out/arch/x86/boot/bzImage" ]; then
	note "building $tree-$flavour (incremental: usually under 2 min; log: $out/build.log)"
else
	note "building $tree-$flavour (first build: usually 8-10 min on 2 cores; log: $out/build.log)"
fi
kmake -j"$JOBS" "${profile[@]}" bzImage modules >"$out/build.log" 2>&1 ||
	{ grep -E 'error|Error' "$out/build.log" | head -20 >&2; die "kernel build failed, see $out/build.log"; }
# The rig's own probe drivers, built per kernel in a copy of modules/.
rm -rf "$out/rig-modules"
cp -r "$TOP/modules" "$out/rig-modules"
kmake -j"$JOBS" M="$out/rig-modules" modules >"$out/rig-modules.log" 2>&1 ||
	{ tail -20 "$out/rig-modules.log" >&2; die "rig modules failed to build, see $out/rig-modules.log"; }
# The guests' initramfs carries these modules: rebuild it with them.
"$TOP/rig/initramfs.sh" "$out" >/dev/null
note "built $tree-$flavour in $((SECONDS - t0)) s"
echo "$out/arch/x86/boot/bzImage"
