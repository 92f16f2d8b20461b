#!/bin/bash
# make check-all: the heavier suites, after make check.
#  - every prefix of the series builds (bisectability), naming the patch,
#    and boots its KUnit suites once there are any;
#  - the sanitizer kernel (configs/debug.config) runs every scenario, and
#    any splat (BUG, WARNING, KASAN, lockdep, DMA-API, kmemleak) fails it;
#  - kernels with CONFIG_SWIOTLB_DYNAMIC (configs/dynamic.config) run the
#    scenarios that ask for it, on both kernels;
#  - arm64 guests (rig/arm64.sh, QEMU virt) with CONFIG_SWIOTLB_DYNAMIC
#    run the arm64-* scenarios on both kernels (make check runs them, and
#    the arm vexpress-a9 ones, without it);
#  - QEMU's sh4 r2d boots both kernels (sh4-r2d-boot), the patched one
#    running the dma-coherent KUnit suite on sh;
#  - kernel-doc on the files the series touches, core-api htmldocs with
#    no new warnings, git send-email --dry-run on patches/;
#  - cross builds (rig/cross.sh): arm, arm !MMU, arm64 and every sh board
#    the series converts, W=1 with no warning v6.12 lacks;
#  - coverage (rig/coverage.sh, gcov kernel) against the goals of issue 6;
#  - then the hardening figures (rig/hardening-report.sh).
. "$(dirname "$0")/lib.sh"
set +e
. "$TOP/rig/testlib.sh" check-all

# Bisectability: rig/bisect.sh, its lines counted here.
while IFS= read -r line; do
	case $line in
	"ok   "*) t_result "${line#ok   }" pass ;;
	"FAIL "*) t_result "${line#FAIL }" fail ;;
	esac
done < <("$TOP/rig/bisect.sh")

t "kernel-doc -none -Wall on touched files, no warning v6.12 lacks" "$TOP/rig/kerneldoc.sh"

t "htmldocs: SPHINXDIRS=core-api, no warning v6.12 lacks" "$TOP/rig/htmldocs.sh"

need_pkgs git-email
t "git send-email --dry-run on patches/" bash -c "
	cd '$TOP' && n=\$(ls patches/*.patch | wc -l) &&
	git send-email --dry-run --confirm=never --suppress-cc=all \
		--from='rig <rig@localhost>' patches/*.patch </dev/null >'$BUILD/check-all/send-email.log' 2>&1
	[ \$(grep -c '^Result: OK' '$BUILD/check-all/send-email.log') = \$n ]"

# Cross builds with Debian's cross compilers, one line per target.
while IFS=$'\t' read -r name label; do
	t "cross: $label" "$TOP/rig/cross.sh" "$name" </dev/null
done < <("$TOP/rig/cross.sh" list)

t "build: patched kernel (debug config)" "$TOP/rig/build.sh" patched debug &&
	run_scenarios debug

# CONFIG_SWIOTLB_DYNAMIC: the scenarios that ask for it, on both kernels.
t "build: patched kernel (dynamic config)" "$TOP/rig/build.sh" patched dynamic &&
	t "build: v6.12 baseline kernel (dynamic config)" "$TOP/rig/build.sh" base dynamic &&
	run_scenarios dynamic base

# Real callers on arm64 (QEMU virt, in-tree virtio and reserved-memory
# code, device trees extended from QEMU's own) with CONFIG_SWIOTLB_DYNAMIC,
# on both kernels; make check runs them without it.
t "build: patched and v6.12 arm64-dynamic kernels" bash -c \
	"'$TOP/rig/arm64.sh' patched arm64-dynamic >/dev/null && '$TOP/rig/arm64.sh' base arm64-dynamic >/dev/null" &&
	run_scenarios arm64-dynamic base

# sh4 (QEMU r2d, rig/sh4.sh): the one sh machine QEMU has boots with the
# series, and the dma-coherent KUnit suite runs on an architecture whose
# devices are not DMA coherent.
run_scenarios sh4 base

t "coverage: dma-coherent.c >= 95% lines, >= 85% branches; changed swiotlb functions >= 90% lines" \
	"$TOP/rig/coverage.sh"


"$TOP/rig/hardening-report.sh" test debug
finish
