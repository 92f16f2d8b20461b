#!/bin/bash
# cross.sh TARGET: cross-build the series for one target with Debian's cross
# compilers, in build/out/cross-TARGET.
# cross.sh list:   the targets, one per line: name, a tab, a label.
#
# Each target is a board's defconfig with the options below merged on top
# (every option asked for, including the symbols that gate the files the
# series changes, is checked in the resulting .config).  The series' files
# are built with W=1; where they warn, the same config of the unpatched
# v6.12 ($KBASE) is built too and only warnings the baseline lacks fail.
# Targets marked "link" then build vmlinux (and modules) without W=1, which
# catches undefined symbols and missing exports.  CROSS_FULL=1 links every
# target, CROSS_FULL=0 none.  KTREE=... builds another tree (e.g. a worktree
# of fixups).
. "$(dirname "$0")/lib.sh"

# The options of the series' KUnit tests and of OF reserved memory.
DMA_OPTS="CONFIG_OF_RESERVED_MEM=y CONFIG_DMA_DECLARE_COHERENT=y CONFIG_KUNIT=y
CONFIG_DMA_COHERENT_KUNIT_TEST=y"
# Built on every target: the allocator and what the series changes in
# kernel/dma (swiotlb.o only where the config has SWIOTLB).
CORE_OBJS="drivers/base/dma-coherent.o kernel/dma/mapping.o"

# target NAME: set arch, cross, defconfig, opts (fragment), goals (W=1 make
# goals), objs (objects that must have been built), link (y: vmlinux).
target() {
	link=n
	case $1 in
	arm-vexpress)
		label="arm/vexpress: vexpress_defconfig + LPAE, PCI, OF reserved memory, KUnit, sample"
		arch=arm cross=arm-linux-gnueabihf- defconfig=vexpress_defconfig
		opts="$DMA_OPTS CONFIG_ARM_LPAE=y CONFIG_SWIOTLB=y CONFIG_SWIOTLB_KUNIT_TEST=y
CONFIG_PCI=y CONFIG_SAMPLES=y CONFIG_SAMPLE_DMA_DECLARE_COHERENT=m"
		goals="drivers/base/ kernel/dma/ samples/dma/"
		objs="$CORE_OBJS drivers/base/test/dma-coherent-test.o kernel/dma/swiotlb.o
kernel/dma/swiotlb_kunit.o samples/dma/dma_declare_coherent_sample.o"
		link=y ;;
	arm-nommu)
		label="arm/stm32 (!MMU, DMA_GLOBAL_POOL): stm32_defconfig + KUnit"
		arch=arm cross=arm-linux-gnueabihf- defconfig=stm32_defconfig
		opts="$DMA_OPTS CONFIG_MMU=n CONFIG_DMA_GLOBAL_POOL=y"
		goals="drivers/base/ kernel/dma/"
		objs="$CORE_OBJS drivers/base/test/dma-coherent-test.o"
		link=y ;;
	arm64)
		label="arm64: defconfig + REMOTEPROC, OF reserved memory, KUnit, sample"
		arch=arm64 cross=aarch64-linux-gnu- defconfig=defconfig
		opts="$DMA_OPTS CONFIG_SWIOTLB=y CONFIG_SWIOTLB_KUNIT_TEST=y CONFIG_REMOTEPROC=y
CONFIG_PCI=y CONFIG_SAMPLES=y CONFIG_SAMPLE_DMA_DECLARE_COHERENT=m"
		goals="drivers/base/ kernel/dma/ samples/dma/ drivers/remoteproc/remoteproc_virtio.o"
		objs="$CORE_OBJS drivers/base/test/dma-coherent-test.o kernel/dma/swiotlb.o
kernel/dma/swiotlb_kunit.o samples/dma/dma_declare_coherent_sample.o
drivers/remoteproc/remoteproc_virtio.o" ;;
	arm64-link)
		label="arm64: allnoconfig + modules, PCI, REMOTEPROC, KUnit, sample: vmlinux and modules link"
		arch=arm64 cross=aarch64-linux-gnu- defconfig=allnoconfig
		opts="$DMA_OPTS CONFIG_SWIOTLB=y CONFIG_SWIOTLB_KUNIT_TEST=y CONFIG_REMOTEPROC=y
CONFIG_MODULES=y CONFIG_PCI=y CONFIG_SAMPLES=y CONFIG_SAMPLE_DMA_DECLARE_COHERENT=m"
		goals="drivers/base/ kernel/dma/ samples/dma/ drivers/remoteproc/"
		objs="$CORE_OBJS drivers/base/test/dma-coherent-test.o kernel/dma/swiotlb.o
kernel/dma/swiotlb_kunit.o samples/dma/dma_declare_coherent_sample.o
drivers/remoteproc/remoteproc_virtio.o"
		link=y ;;
	sh-nommu-*) sh_nommu_board "${1#sh-nommu-}" ;;
	sh-*) sh_board "${1#sh-}" ;;
	*) die "unknown target '$1' (see: cross.sh list)" ;;
	esac
}

# The sh boards whose setup the series converts: each with its defconfig
# and the symbols that gate its file.
SH_BOARDS="ap325rxa ecovec24 kfr2r09 migor se7724 dreamcast"
sh_board() {
	arch=sh cross=sh4-linux-gnu- defconfig=${1}_defconfig
	case $1 in
	ap325rxa) dir=mach-ap325rxa opts="CONFIG_SH_AP325RXA=y" ;;
	ecovec24) dir=mach-ecovec24 opts="CONFIG_SH_ECOVEC=y" ;;
	kfr2r09) dir=mach-kfr2r09 opts="CONFIG_SH_KFR2R09=y" ;;
	migor) dir=mach-migor opts="CONFIG_SH_MIGOR=y" ;;
	se7724) dir=mach-se/7724 opts="CONFIG_SOLUTION_ENGINE=y CONFIG_SH_7724_SOLUTION_ENGINE=y" ;;
	dreamcast) dir="" opts="CONFIG_SH_DREAMCAST=y CONFIG_PCI=y" ;;
	*) die "unknown sh board '$1'" ;;
	esac
	opts="$opts CONFIG_DMA_DECLARE_COHERENT=y"
	if [ -n "$dir" ]; then
		label="sh/$1: ${1}_defconfig, arch/sh/boards/$dir/setup.c"
		goals="arch/sh/boards/$dir/ kernel/dma/ drivers/base/dma-coherent.o"
		objs="arch/sh/boards/$dir/setup.o"
	else
		label="sh/dreamcast: dreamcast_defconfig, arch/sh/drivers/pci/fixups-dreamcast.c"
		goals="arch/sh/drivers/pci/ kernel/dma/ drivers/base/dma-coherent.o"
		objs="arch/sh/drivers/pci/fixups-dreamcast.o"
	fi
	objs="$objs $CORE_OBJS"
}

# The sh boards without an MMU: NO_DMA, so no declared memory at all; their
# defconfigs must configure without an unmet dependency and build the
# directories the series touches.
SH_NOMMU_BOARDS="rsk7203 rsk7264 se7206"
sh_nommu_board() {
	case " $SH_NOMMU_BOARDS " in
	*" $1 "*) ;;
	*) die "unknown sh !MMU board '$1'" ;;
	esac
	arch=sh cross=sh4-linux-gnu- defconfig=${1}_defconfig
	label="sh/$1 (!MMU, NO_DMA): ${1}_defconfig configures without unmet dependencies"
	opts="" goals="kernel/dma/ drivers/base/" objs=""
}

# shellcheck disable=SC2086
TARGETS="arm-vexpress arm-nommu arm64 arm64-link $(printf 'sh-%s ' $SH_BOARDS)
$(printf 'sh-nommu-%s ' $SH_NOMMU_BOARDS)"

if [ "${1:-}" = list ]; then
	for n in $TARGETS; do
		target "$n"
		printf '%s\t%s\n' "$n" "$label"
	done
	exit 0
fi
name=${1:?usage: cross.sh TARGET | list}
target "$name"
case ${CROSS_FULL:-} in 1) link=y ;; 0) link=n ;; esac

# shellcheck disable=SC2086
need_pkgs $CROSS_PACKAGES
command -v "${cross}gcc" >/dev/null || die "no ${cross}gcc"
[ -d "$KTREE" ] || die "no kernel tree at $KTREE; run 'make tree' first"

use_ccache "${cross}gcc"
# shellcheck disable=SC2154 # cc: set by use_ccache (rig/lib.sh)
cc=$cc
# kmake SRC OUT ARGS...
kmake() {
	local src=$1 out=$2
	shift 2
	make -s -C "$src" O="$out" ARCH="$arch" CROSS_COMPILE="$cross" CC="$cc" \
		HOSTCC=gcc "$@"
}

# configure SRC OUT: the defconfig plus the options, redone when they or
# the tree changed.
configure() {
	local src=$1 out=$2 want
	mkdir -p "$out"
	echo "$opts" | tr ' ' '\n' | { grep . || true; } >"$out/cross.config.new"
	want="$defconfig-$(sha1sum <"$out/cross.config.new")-$(git -C "$src" rev-parse HEAD)"
	mv "$out/cross.config.new" "$out/cross.config"
	[ -f "$out/.config" ] && [ "$(cat "$out/.rig-config" 2>/dev/null)" = "$want" ] && return 0
	note "configuring $(basename "$out")"
	kmake "$src" "$out" "$defconfig" >"$out/kconfig.log" 2>&1 || die "make $defconfig failed"
	(cd "$out" && ARCH=$arch "$src/scripts/kconfig/merge_config.sh" -m -O "$out" \
		"$out/.config" "$out/cross.config" >"$out/merge.log" 2>&1) ||
		die "merge_config failed, see $out/merge.log"
	kmake "$src" "$out" olddefconfig >>"$out/kconfig.log" 2>&1 || die "olddefconfig failed"
	# an unmet dependency is a Kconfig bug, whatever the build does next
	if grep -A3 'unmet direct dependencies' "$out/kconfig.log" >&2; then
		die "Kconfig warns about unmet dependencies, see $out/kconfig.log"
	fi
	echo "$want" >"$out/.rig-config"
}

# w1 SRC OUT LOG: build the goals that exist in SRC with W=1 (after removing
# their objects, so that they are compiled again and warn again);
# print the warnings, without line numbers and tree paths, one each.
w1() {
	local src=$1 out=$2 log=$3 g goals_here="" f rel
	rel=$(realpath --relative-to="$out" "$src")
	for g in $goals; do
		f=${g%/}
		[ -e "$src/$f" ] || [ -e "$src/${f%.o}.c" ] && goals_here="$goals_here $g"
	done
	# every object of the goals (the series' among them), so that both
	# trees compile (and warn about) the same files, whatever an earlier
	# run left behind
	for g in $goals_here; do
		case $g in
		*/) [ -d "$out/$g" ] && find "$out/$g" -name '*.o' -delete ;;
		*) rm -f "$out/$g" ;;
		esac
	done
	# shellcheck disable=SC2086
	kmake "$src" "$out" -j"$JOBS" W=1 $goals_here >"$log" 2>&1 ||
		{ grep -E 'error|Error' "$log" | head -20 >&2; die "W=1 build failed in $src, see $log"; }
	{ grep -E ': (warning|error):' "$log" || true; } |
		sed -E "s|$src/||g; s|$rel/||g; s|$out/||g; s|:[0-9]+:[0-9]+:|:|; s|:[0-9]+:|:|" |
		sort -u
}

start=$(date +%s)
out=$BUILD/out/cross-$name

configure "$KTREE" "$out"
"$TOP/rig/kconfig-check.sh" "$KTREE" "$out/.config" "$out/cross.config"

note "building $name (W=1)"
w1 "$KTREE" "$out" "$out/w1.log" >"$out/w1.warnings"
missing=""
for f in $objs; do [ -f "$out/$f" ] || missing="$missing $f"; done
[ -z "$missing" ] || die "not built:$missing (see $out/w1.log)"
nwarn=$(wc -l <"$out/w1.warnings")
# shellcheck disable=SC2086
summary="$(echo $objs | wc -w) objects of the series built, $nwarn W=1 warnings"

if [ "$nwarn" != 0 ]; then
	note "building $name on v6.12 (W=1) to compare warnings"
	bout=$out-base
	configure "$KBASE" "$bout"
	w1 "$KBASE" "$bout" "$bout/w1.log" >"$bout/w1.warnings"
	comm -23 "$out/w1.warnings" "$bout/w1.warnings" >"$out/w1.new"
	summary="$summary ($(wc -l <"$bout/w1.warnings") in v6.12, $(wc -l <"$out/w1.new") new)"
	if [ -s "$out/w1.new" ]; then
		cat "$out/w1.new" >&2
		die "$name: W=1 warnings v6.12 does not have (above; full log $out/w1.log)"
	fi
fi

if [ "$link" = y ]; then
	note "linking $name"
	what=vmlinux
	grep -q '^CONFIG_MODULES=y' "$out/.config" && what="vmlinux modules"
	# shellcheck disable=SC2086
	kmake "$KTREE" "$out" -j"$JOBS" $what >"$out/link.log" 2>&1 ||
		{ grep -E 'error|Error|undefined' "$out/link.log" | head -20 >&2; die "$name: $what failed, see $out/link.log"; }
	summary="$summary, $what built"
fi
echo "cross $name: $summary ($(($(date +%s) - start)) s)"
