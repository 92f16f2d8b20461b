#!/bin/bash
# make check: the project's test command.  Every step below is one or more
# counted tests; the last line is "N passed, M failed" and the exit status
# is non-zero when anything failed.
. "$(dirname "$0")/lib.sh"
set +e
. "$TOP/rig/testlib.sh" check

t "tree: unpack, import, apply patches/" "$TOP/rig/tree.sh" || finish
t "export: patches/ round trip is byte-identical" "$TOP/rig/export.sh" --check

# The arm64 and arm guests' kernels build in the background, at the lowest
# priority, on what the steps below leave idle: the single-threaded host
# checks, and the x86 guests (TCG) that leave a core to spare.  Each pair
# builds patched first, then v6.12 from a copy of it (rig/lib.sh
# seed_base_out).
# What they need is installed first, here: apt in the background would
# hold dpkg's lock against the foreground.
cross_pkgs() {
	need_pkgs gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf qemu-system-arm device-tree-compiler \
		qemu-user-static &&
		foreign_busybox arm64 && foreign_busybox armhf
}
t "packages: cross compilers, qemu-system-arm, qemu-user-static, dtc, busybox-static for arm64 and armhf" cross_pkgs
bg_add "build: patched and v6.12 arm64 kernels (in the background)" bash -c \
	"'$TOP/rig/arm64.sh' patched arm64 && '$TOP/rig/arm64.sh' base arm64"
bg_add "build: patched and v6.12 arm kernels (in the background)" bash -c \
	"'$TOP/rig/arm.sh' patched arm && '$TOP/rig/arm.sh' base arm"
bg_start

cp=$KTREE/scripts/checkpatch.pl
for p in "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-*) continue ;; esac
	# From the top of the tree (checkpatch looks at it), with Debian's
	# python3 first in PATH for spdxcheck's modules (python3-git, -ply).
	# The tree is Debian's tarball as one commit, with no upstream
	# history, so a Fixes: tag's commit id cannot be looked up here
	# (UNKNOWN_COMMIT_ID); every other check stays on.
	t "checkpatch --strict $(basename "$p")" \
		env -C "$KTREE" PATH="/usr/bin:$PATH" "$cp" --strict --quiet --no-summary --show-types \
		--ignore UNKNOWN_COMMIT_ID "$p"
done

# Needs only the two trees, so it runs before the build (and even when the
# build fails): seconds.
t "host: swiotlb= parser and sizing, v6.12 vs series (100,000 strings)" \
	"$TOP/rig/swiotlb-parse-diff.sh"

t "build: patched kernel (test config)" "$TOP/rig/build.sh" patched test || finish
t "build: v6.12 baseline kernel (test config)" "$TOP/rig/build.sh" base test
t "sparse (C=2) and W=1: files the series touches, no new warnings" "$TOP/rig/sparse.sh"
t "host: rig scripts parse (bash -n)" bash -c \
	"for f in '$TOP'/rig/*.sh '$TOP'/scenarios/*.sh; do bash -n \"\$f\" || exit 1; done"

# QEMU scenarios on both kernels, side by side.
run_scenarios test base

# Real callers at run time, on both kernels: in-tree virtio and
# reserved-memory code on arm64 (QEMU virt, device trees extended from
# QEMU's own), the PL111 DRM driver on arm (vexpress-a9, the tree's own
# device tree, kmemleak on).  make check-all adds CONFIG_SWIOTLB_DYNAMIC on
# arm64 and sh4.
bg_step 0 && run_scenarios arm64 base
bg_step 1 && run_scenarios arm base
finish
