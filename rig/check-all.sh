#!/bin/bash
# make check-all: the heavier suites, after make check.
#  - every prefix of the series builds (bisectability), naming the patch;
#  - the sanitizer kernel (configs/debug.config) runs every scenario, and
#    any splat (BUG, WARNING, KASAN, lockdep, DMA-API, kmemleak) fails it;
#  - kernel-doc on the files the series touches;
#  - cross builds (rig/cross.sh): arm, arm !MMU, arm64 and every sh board
#    the series converts, W=1 with no warning v6.12 lacks;
#  - the allocator harness under libFuzzer for a bounded time.
. "$(dirname "$0")/lib.sh"
set +e
. "$TOP/rig/testlib.sh" check-all

# Bisectability: build each prefix in a scratch worktree, test config.
pre=$BUILD/prefix
n=$(git -C "$KTREE" rev-list --count "$BASE_TAG"..HEAD)
[ -e "$pre" ] || git -C "$KTREE" worktree add -q --detach "$pre" "$BASE_TAG"
for i in $(seq 1 "$n"); do
	c=$(git -C "$KTREE" rev-list --reverse "$BASE_TAG"..HEAD | sed -n "${i}p")
	git -C "$pre" checkout -q --detach "$c"
	t "bisect: builds after $(git -C "$KTREE" log -1 --format='%h %s' "$c")" \
		env KTREE="$pre" "$TOP/rig/build.sh" patched prefix
done

t "kernel-doc -none -Wall on touched files" bash -c "
	cd '$KTREE' && files=\$(git diff --name-only --diff-filter=AMR $BASE_TAG..HEAD -- '*.c' '*.h')
	[ -z \"\$files\" ] || scripts/kernel-doc -none -Wall \$files 2>&1 | tee /dev/stderr | (! grep -q .)"

# Cross builds with Debian's cross compilers, one line per target.
while IFS=$'\t' read -r name label; do
	t "cross: $label" "$TOP/rig/cross.sh" "$name" </dev/null
done < <("$TOP/rig/cross.sh" list)

t "build: patched kernel (debug config)" "$TOP/rig/build.sh" patched debug &&
	run_scenarios debug

t "fuzz: allocator core under libFuzzer (${FUZZ_SECONDS:-60} s)" "$TOP/rig/harness.sh" fuzz
finish
