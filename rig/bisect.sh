#!/bin/bash
# bisect.sh: every prefix of the series builds (test config, own worktree
# build/prefix and out dir patched-prefix), naming the patch, and boots
# the KUnit suites that exist at that point.  Part of make check-all.
. "$(dirname "$0")/lib.sh"
set +e
. "$TOP/rig/testlib.sh" bisect

# Bisectability: build each prefix in a scratch worktree, test config.
pre=$BUILD/prefix
n=$(git -C "$KTREE" rev-list --count "$BASE_TAG"..HEAD)
[ -e "$pre" ] || git -C "$KTREE" worktree add -q --detach "$pre" "$BASE_TAG"
for i in $(seq 1 "$n"); do
	c=$(git -C "$KTREE" rev-list --reverse "$BASE_TAG"..HEAD | sed -n "${i}p")
	git -C "$pre" checkout -q --detach "$c"
	patch="$(git -C "$KTREE" log -1 --format='%h %s' "$c")"
	t "bisect: builds after $patch" \
		env KTREE="$pre" "$TOP/rig/build.sh" patched prefix || continue
	[ -n "$(git -C "$pre" ls-files drivers/base/test/dma-coherent-test.c kernel/dma/swiotlb_kunit.c)" ] &&
		t "bisect: KUnit suites pass after $patch" \
			env KTREE="$pre" "$TOP/rig/qemu.sh" patched prefix kunit
done
finish
