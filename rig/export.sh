#!/bin/bash
# make export: regenerate patches/ from the commits above the base.
# --check: export into a scratch folder and compare with patches/ instead.
#
# Only --zero-commit --no-signature output is reproducible (git am stamps a
# new committer date); the cover letter's From/Date come from the top
# commit's author so that they do not depend on who runs the export.
. "$(dirname "$0")/lib.sh"

[ -d "$KTREE" ] || die "no kernel tree at $KTREE; run 'make tree' first"
cd "$KTREE"
git rev-parse -q --verify "$BASE_TAG" >/dev/null || die "no $BASE_TAG tag in $KTREE"
[ -z "$(git status --porcelain --untracked-files=no)" ] ||
	die "$KTREE has uncommitted changes; commit them first"
n=$(git rev-list --count "$BASE_TAG"..HEAD)
[ "$n" -gt 0 ] || die "no commits above $BASE_TAG"

out=$PATCHES
if [ "${1:-}" = --check ]; then
	out=$BUILD/export-check
fi
rm -rf "$out.new"
mkdir -p "$out.new"

branch=$(git symbolic-ref -q --short HEAD || echo "$SERIES_BRANCH")
desc=$(git config "branch.$branch.description" || true)
if [ -z "$desc" ]; then
	desc="*** SUBJECT HERE ***

*** BLURB HERE ***"
	git config "branch.$branch.description" "$desc"
fi

export GIT_COMMITTER_NAME="$(git log -1 --format=%an HEAD)"
export GIT_COMMITTER_EMAIL="$(git log -1 --format=%ae HEAD)"
export GIT_COMMITTER_DATE="$(git log -1 --format=%aD HEAD)"
git -c core.abbrev=12 -c diff.renames=true format-patch -q --cover-letter \
	--cover-from-description=subject --zero-commit --no-signature \
	--subject-prefix=PATCH --numbered -M -o "$out.new" "$BASE_TAG"..HEAD
# To/Cc from scripts/get_maintainer.pl (see rig/address.py).
python3 "$TOP/rig/address.py" "$KTREE" "$out.new"/*.patch || die "get_maintainer.pl failed"

if [ "$out" = "$PATCHES" ]; then
	mkdir -p "$PATCHES"
	rm -f "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
	mv "$out.new"/*.patch "$PATCHES"/
	rmdir "$out.new"
	# Record what patches/ now holds, so make tree knows the tree is in sync.
	git rev-parse HEAD >"$(git rev-parse --git-dir)/dma-series-applied"
	echo "exported $n patches to patches/"
else
	rm -rf "$out"
	mv "$out.new" "$out"
	if diff -r "$PATCHES" "$out" >"$BUILD/export-check.diff"; then
		echo "patches/ matches the tree ($n patches)"
	else
		echo "patches/ differs from the tree, see $BUILD/export-check.diff" >&2
		exit 1
	fi
fi
