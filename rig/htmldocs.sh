#!/bin/bash
# htmldocs.sh: make SPHINXDIRS=core-api htmldocs on v6.12 and on the
# series, and fail on any warning the series adds: a warning counts as new
# when the same text (build paths stripped) is not in the baseline's log.
. "$(dirname "$0")/lib.sh"
need_pkgs python3-sphinx python3-sphinx-rtd-theme
set +e
dir=$BUILD/htmldocs
mkdir -p "$dir"
for tree in base patched; do
	src=$KBASE
	[ $tree = patched ] && src=$KTREE
	make -s -C "$src" O="$BUILD/out/htmldocs-$tree" SPHINXDIRS=core-api \
		htmldocs >"$dir/$tree.log" 2>&1 ||
		{ tail -20 "$dir/$tree.log"; die "htmldocs failed on $tree"; }
	grep -iE 'warning|error' "$dir/$tree.log" |
		sed -E "s|$src/||g; s|$BUILD/out/htmldocs-$tree/||g; s|:[0-9]+:|:|" |
		sort -u >"$dir/$tree.warnings"
done
comm -13 "$dir/base.warnings" "$dir/patched.warnings" >"$dir/new.warnings"
echo "core-api htmldocs: $(wc -l <"$dir/base.warnings") warnings on v6.12, $(wc -l <"$dir/patched.warnings") with the series, $(wc -l <"$dir/new.warnings") new"
cat "$dir/new.warnings"
[ ! -s "$dir/new.warnings" ]
