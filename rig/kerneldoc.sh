#!/bin/bash
# kerneldoc.sh: scripts/kernel-doc -none -Wall on every C file and header
# the series touches, in the patched tree and (where the file exists) in
# v6.12; fail on any warning v6.12 lacks.  Line numbers are ignored, so a
# warning that only moved is not new.
. "$(dirname "$0")/lib.sh"
set +e
files=$(git -C "$KTREE" diff --name-only --diff-filter=AMR "$BASE_TAG"..HEAD -- '*.c' '*.h')
warnings() { # tree files...
	local tree=$1
	shift
	(cd "$tree" && scripts/kernel-doc -none -Wall "$@" 2>&1) |
		grep -E 'warning|error' | sed -E 's/:[0-9]+: /: /' | sort -u
}
warnings "$KTREE" $files >"$BUILD/kernel-doc.patched"
old=$(cd "$KBASE" && for f in $files; do [ -f "$f" ] && echo "$f"; done)
# the allocator moved: v6.12's kernel/dma/coherent.c is its old self
warnings "$KBASE" $old kernel/dma/coherent.c |
	sed 's|^kernel/dma/coherent.c|drivers/base/dma-coherent.c|' >"$BUILD/kernel-doc.base"
new=$(comm -23 "$BUILD/kernel-doc.patched" "$BUILD/kernel-doc.base")
echo "kernel-doc: $(echo "$files" | wc -w) files, $(wc -l <"$BUILD/kernel-doc.base") warnings in v6.12, $(wc -l <"$BUILD/kernel-doc.patched") with the series"
[ -z "$new" ] || { echo "new:"; echo "$new"; exit 1; }
