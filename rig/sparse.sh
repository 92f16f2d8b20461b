#!/bin/bash
# sparse.sh: sparse (make C=2) and gcc W=1 on every C file the series touches
# that the test config builds, in the patched tree and, where the file
# exists, in the baseline; fail on any warning the baseline does not have.
. "$(dirname "$0")/lib.sh"
set +e
command -v sparse >/dev/null || die "no sparse (apt-get install sparse)"
files=$(git -C "$KTREE" diff --name-only --diff-filter=AMR "$BASE_TAG"..HEAD -- '*.c')
warnings() { # tree-dir out-dir file.o
	make -s -C "$1" O="$2" ARCH=x86_64 C=2 W=1 "$3" 2>&1 |
		grep -E 'warning:|error:' | sed -E "s|$1/||; s/:[0-9]+:[0-9]+:/:/" | sort -u || true
}
new=0 checked=0
for f in $files; do
	o=${f%.c}.o
	[ -f "$BUILD/out/patched-test/$o" ] || continue
	checked=$((checked + 1))
	warnings "$KTREE" "$BUILD/out/patched-test" "$o" >"$BUILD/sparse.patched"
	: >"$BUILD/sparse.base"
	if [ -f "$KBASE/$f" ] && [ -f "$BUILD/out/base-test/$o" ]; then
		warnings "$KBASE" "$BUILD/out/base-test" "$o" >"$BUILD/sparse.base"
	fi
	if extra=$(comm -23 "$BUILD/sparse.patched" "$BUILD/sparse.base") && [ -n "$extra" ]; then
		echo "$extra"
		new=1
	fi
done
echo "sparse and W=1: $checked files checked"
[ $new = 0 ]
