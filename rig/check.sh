#!/bin/bash
# make check: the project's test command.  Every step below is one or more
# counted tests; the last line is "N passed, M failed" and the exit status
# is non-zero when anything failed.
. "$(dirname "$0")/lib.sh"
set +e
. "$TOP/rig/testlib.sh" check

t "tree: unpack, import, apply patches/" "$TOP/rig/tree.sh" || finish
t "export: patches/ round trip is byte-identical" "$TOP/rig/export.sh" --check

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
t "host: userspace harness of the allocator core" "$TOP/rig/harness.sh" check

# QEMU scenarios on both kernels, side by side.
run_scenarios test base
finish
