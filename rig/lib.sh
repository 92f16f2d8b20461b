# Common settings for the rig scripts.  Sourced, not run.
# shellcheck shell=bash
set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
# The kernel tree the series is applied to (make tree KSRC=... overrides).
KTREE=${KTREE:-$BUILD/linux}
# The unpatched baseline: a worktree of the same repository at the base tag.
KBASE=${KBASE:-$BUILD/base}
BASE_TAG=dma-series-base
SERIES_BRANCH=dma-series
PATCHES=$TOP/patches
SRC_TARBALL=${SRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
JOBS=${JOBS:-$(nproc)}

die()  { echo "rig: error: $*" >&2; exit 1; }
note() { echo "rig: $*" >&2; }

# What counts as a splat in a guest's console (qemu.sh fails the patched
# kernel on it; hardening-report.sh counts it).
SPLAT_RE='(BUG:|WARNING:|Kernel panic|KASAN:|UBSAN:|possible circular|possible recursive|DEADLOCK|unreferenced object)'

# scenario_runs_on FLAVOUR FILE: does scenario FILE run on FLAVOUR?  A
# scenario may limit itself with FLAVOURS="debug gcov"; the default is
# every flavour but dynamic, arm64, arm64-dynamic, arm and sh4, which only
# the scenarios that name them need.
scenario_runs_on() {
	case " $(FLAVOURS="test debug gcov bench prefix"; . "$2"; echo "$FLAVOURS") " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# Packages the rig needs, as Debian names them.
RIG_PACKAGES="linux-source-6.12 build-essential flex bison bc libelf-dev \
libssl-dev cpio kmod xz-utils rsync python3 git qemu-system-x86 \
busybox-static ccache sparse python3-git python3-ply"
# Debian's cross compilers for rig/cross.sh (make check-all).
CROSS_PACKAGES="gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu gcc-sh4-linux-gnu"

# need_pkgs [PKG...]: install whatever is missing of PKG... (default: the
# rig's packages), or say exactly what to run when not root.
need_pkgs() {
	local missing="" p
	for p in ${*:-$RIG_PACKAGES}; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	if [ "$(id -u)" != 0 ]; then
		die "missing packages; run as root:
    apt-get update && apt-get install -y --no-install-recommends$missing"
	fi
	note "installing:$missing (apt-get, a few minutes on a fresh machine)"
	export DEBIAN_FRONTEND=noninteractive
	# A mirror in the middle of a sync fails one index (seen with
	# armhf's): the install then works with the indexes apt has.
	mkdir -p "$BUILD"
	apt-get update -qq >"$BUILD/apt.log" 2>&1 ||
		note "apt-get update failed (see $BUILD/apt.log); installing from the indexes apt has"
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >>"$BUILD/apt.log" 2>&1 ||
		die "apt-get install failed, see $BUILD/apt.log"
}

cc=gcc
# use_ccache GCC: set cc to GCC, behind ccache when there is one; every
# build shares build/ccache.
use_ccache() {
	cc=$1
	command -v ccache >/dev/null || return 0
	cc="ccache $1"
	export CCACHE_BASEDIR=$BUILD CCACHE_DIR=${CCACHE_DIR:-$BUILD/ccache}
	export CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
}

# kversion DIR: the kernel version of a source tree, e.g. 6.12.118.
kversion() {
	make -s -C "$1" kernelversion 2>/dev/null
}

# configure_kernel ARCH BASE FRAG...: configure $out (variables src, out,
# tree, flavour and a kmake function set by the caller) as BASE (a
# defconfig target) with the FRAG files merged on top, again only when a
# fragment or $src's HEAD changed; then check that every option the
# fragments ask for is in the .config.
configure_kernel() {
	local arch=$1 base=$2 want
	shift 2
	want="$(cat "$@" | sha1sum)-$(git -C "$src" rev-parse HEAD 2>/dev/null)"
	if [ ! -f "$out/.config" ] || [ "$(cat "$out/.rig-config" 2>/dev/null)" != "$want" ]; then
		note "configuring $tree-$flavour ($base + ${*//$TOP\//})"
		kmake "$base" >"$out/kconfig.log" 2>&1 || die "$base failed, see $out/kconfig.log"
		(cd "$out" && ARCH=$arch "$src/scripts/kconfig/merge_config.sh" -m -O "$out" \
			"$out/.config" "$@" >"$out/merge.log" 2>&1) || die "merge_config failed, see $out/merge.log"
		kmake olddefconfig >>"$out/kconfig.log" 2>&1 || die "olddefconfig failed"
		echo "$want" >"$out/.rig-config"
	fi
	"$TOP/rig/kconfig-check.sh" "$src" "$out/.config" "$@"
}

# foreign_busybox DEBARCH: Debian's static busybox for DEBARCH (armhf,
# arm64), unpacked once into build/DEBARCH; sets bb to its path.  apt-get
# update may report a failed index (it happens with armhf's): apt-get
# download then works with the indexes apt has.
foreign_busybox() {
	local a=$1
	bb=$BUILD/$a/bin/busybox
	[ -x "$bb" ] && return 0
	dpkg --print-foreign-architectures | grep -qx "$a" || {
		[ "$(id -u)" = 0 ] || die "run as root once: dpkg --add-architecture $a && apt-get update"
		note "adding the $a architecture to apt (for busybox-static:$a)"
		dpkg --add-architecture "$a" || die "cannot add the $a architecture to apt"
		apt-get update -qq >/dev/null 2>&1 || note "apt-get update failed; trying the indexes apt has"
	}
	rm -rf "${BUILD:?}/$a" && mkdir -p "$BUILD/$a/deb"
	if ! (cd "$BUILD/$a/deb" && apt-get download -q "busybox-static:$a" >/dev/null 2>&1); then
		[ "$(id -u)" = 0 ] || die "apt-get download busybox-static:$a failed; run as root: apt-get update"
		note "apt-get download busybox-static:$a failed; apt-get update and again"
		apt-get update -qq >/dev/null 2>&1 || note "apt-get update failed; trying the indexes apt has"
		(cd "$BUILD/$a/deb" && apt-get download -q "busybox-static:$a" >/dev/null 2>&1) ||
			die "apt-get download busybox-static:$a failed (is $a in apt's indexes? apt-cache policy busybox-static:$a)"
	fi
	dpkg-deb -x "$BUILD/$a"/deb/busybox-static_*.deb "$BUILD/$a" ||
		die "cannot unpack busybox-static:$a"
	[ -x "$bb" ] || die "no bin/busybox in busybox-static:$a"
}

# kernel_out TREE FLAVOUR: create and print build/out/TREE-FLAVOUR, the
# output directory of TREE's FLAVOUR kernel.  It is a link to
# .rig-out-FLAVOUR inside the tree itself: with the output one level below
# the source, Kbuild names the source "..", so both trees compile with the
# same command lines and ccache gives v6.12 the objects of every file the
# series leaves alone (and back).  Under build/out/ the names stay
# greppable.  Kbuild's own .gitignore keeps the directory out of git.
kernel_out() {
	local src link=$BUILD/out/$1-$2 real
	src=$(tree_src "$1") || return 1
	real=$src/.rig-out-$2
	mkdir -p "$real" "$BUILD/out" || return 1
	if [ "$(readlink "$link")" != "$real" ]; then
		rm -rf "$link" && ln -s "$real" "$link" || return 1
	fi
	echo "$link"
}

# seed_base_out OUT FLAVOUR: a v6.12 output directory OUT that has never
# been configured starts as a copy of the patched one of the same flavour,
# when that one is built.  The command lines are the same (kernel_out), so
# make keeps every object and rebuilds only what depends on a file the
# patched tree changes, committed or not (touched here in the v6.12 tree,
# so newer than every copied object), or on an option whose value
# differs: about 12% of the objects on arm and arm64.  Not on x86 yet:
# objtool, built by the tools build with absolute paths, is rebuilt in the
# copy, and every object depends on it.
seed_base_out() {
	local out=$1 from=$BUILD/out/patched-$2 f stamp
	stamp=$(cat "$from/.rig-config" 2>/dev/null)
	[ -f "$out/.config" ] && return 0
	# only a build of the tree as it is now (its config stamp ends in the
	# commit it was configured at, and build.sh reconfigures on a new one)
	[ -f "$from/vmlinux" ] && [ "${stamp##*-}" = "$(git -C "$KTREE" rev-parse HEAD)" ] || return 0
	note "starting base-$2 from a copy of patched-$2 (make rebuilds what the series changes)"
	cp -a "$from/." "$out/" || return 1
	rm -f "$out/.rig-config" "$out/build.log"
	# modules are collected by name (initramfs.sh): none of the patched
	# tree's may stay; make links v6.12's own again
	find "$out/" -name '*.ko' -delete
	git -C "$KTREE" diff --name-only "$BASE_TAG" | while read -r f; do
		if [ -e "$KBASE/$f" ]; then touch "$KBASE/$f" || exit 1; fi
	done
}

# tree_src TREE: print the kernel tree TREE names (patched: $KTREE, base:
# $KBASE, the unpatched v6.12), which must exist.  Use it as
# src=$(tree_src "$tree") || exit 1.
tree_src() {
	local src
	case $1 in
	patched) src=$KTREE ;;
	base) src=$KBASE ;;
	*) die "unknown tree '$1' (patched or base)" ;;
	esac
	[ -d "$src" ] || die "no kernel tree at $src; run 'make tree' first"
	echo "$src"
}
