#!/bin/bash
# make tree: unpack Debian's linux-source-6.12 as a git repository with one
# reproducible base commit, apply patches/ on top with git am, and add a
# worktree of the unpatched base for the baseline builds.
#
# KSRC=/path/to/linux applies the series onto an existing kernel git tree
# (at its HEAD) instead of unpacking the tarball.
. "$(dirname "$0")/lib.sh"

mkdir -p "$BUILD"
need_pkgs

# The identity that stamps the base commit: fixed, so the base hash depends
# on the tarball's content only.
base_env() {
	export GIT_AUTHOR_NAME="Debian linux-source" GIT_AUTHOR_EMAIL="linux-source@debian.invalid"
	export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
	export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
}

import_tarball() {
	local tmp=$BUILD/linux.tmp pkgver
	[ -f "$SRC_TARBALL" ] || die "no $SRC_TARBALL (apt-get install linux-source-6.12)"
	pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || echo unknown)
	rm -rf "$tmp"
	mkdir -p "$tmp"
	note "unpacking $SRC_TARBALL (usually about 1 min)"
	tar -xf "$SRC_TARBALL" -C "$tmp" --strip-components=1
	# Debian's tarball ends .gitignore with a packaging block that ignores
	# every top-level entry; upstream's does not have it, and with it new
	# files of the series could not be added.  Drop that block only.
	python3 - "$tmp/.gitignore" <<'PY'
import sys
p = sys.argv[1]
lines = open(p).read().split('\n')
for i, l in enumerate(lines):
    if l.startswith('# Debian packaging'):
        j = i - 1 if i and lines[i - 1] == '#' else i
        while j and lines[j - 1] == '':
            j -= 1
        lines = lines[:j] + ['']
        break
open(p, 'w').write('\n'.join(lines))
PY
	(
		cd "$tmp"
		base_env
		git init -q -b master .
		git config gc.auto 0
		git add -A -f .
		git commit -q -m "Linux $(kversion .) as shipped by Debian (linux-source-6.12 $pkgver)

Imported by the rig from $(basename "$SRC_TARBALL"), with the Debian
packaging block at the end of .gitignore removed."
		git tag "$BASE_TAG"
	)
	mv "$tmp" "$KTREE"
}

setup_identity() {
	# git am needs a committer; keep the user's if there is one.
	git -C "$KTREE" config user.email >/dev/null ||
		git -C "$KTREE" config user.email "dma-series@rig.invalid"
	git -C "$KTREE" config user.name >/dev/null ||
		git -C "$KTREE" config user.name "DMA series rig"
}

# cover_description: turn patches/0000-cover-letter.patch back into the
# branch description that format-patch --cover-from-description=subject
# expands, so make export keeps the cover letter's text.
cover_description() {
	python3 "$TOP/rig/cover.py" parse "$PATCHES/0000-cover-letter.patch"
}

series_files() {
	find "$PATCHES" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' ! -name '0000-*' | sort
}

apply_series() {
	local p n=0
	cd "$KTREE"
	git checkout -q -B "$SERIES_BRANCH" "$BASE_TAG"
	for p in $(series_files); do
		if ! git am -q --keep-cr "$p" >"$BUILD/am.log" 2>&1; then
			git am --abort >/dev/null 2>&1 || true
			die "patch $(basename "$p") does not apply:
$(sed 's/^/    /' "$BUILD/am.log")"
		fi
		n=$((n + 1))
	done
	if [ -f "$PATCHES/0000-cover-letter.patch" ]; then
		cover_description >"$BUILD/cover.desc"
		git config "branch.$SERIES_BRANCH.description" "$(cat "$BUILD/cover.desc")"
	fi
	git rev-parse HEAD >"$(git rev-parse --git-dir)/dma-series-applied"
	note "applied $n patches"
}

# The tree may hold a developer's unexported commits: never throw them away.
tree_in_sync() {
	local applied gitdir
	gitdir=$(git -C "$KTREE" rev-parse --git-dir)
	case "$gitdir" in /*) ;; *) gitdir=$KTREE/$gitdir ;; esac
	applied=$(cat "$gitdir/dma-series-applied" 2>/dev/null || true)
	[ "$(git -C "$KTREE" rev-parse HEAD)" = "$applied" ] && return 0
	# Nothing above the base: nothing to lose.
	[ "$(git -C "$KTREE" rev-parse HEAD)" = "$(git -C "$KTREE" rev-parse "$BASE_TAG")" ] && return 0
	"$TOP/rig/export.sh" --check >/dev/null 2>&1
}

if [ -n "${KSRC:-}" ]; then
	[ -d "$KSRC/.git" ] || die "KSRC=$KSRC is not a git tree"
	if [ ! -e "$KTREE" ]; then
		git -C "$KSRC" tag -f "$BASE_TAG" HEAD >/dev/null
		ln -s "$(cd "$KSRC" && pwd)" "$KTREE"
	fi
fi

if [ -e "$KTREE" ]; then
	if [ -n "$(git -C "$KTREE" status --porcelain --untracked-files=no)" ]; then
		die "$KTREE has uncommitted changes; commit them (then make export) or stash them"
	fi
	tree_in_sync || die "$KTREE has commits that are not in patches/; run 'make export' first (or remove $KTREE)"
else
	import_tarball
fi
setup_identity
apply_series

if [ ! -e "$KBASE" ]; then
	git -C "$KTREE" worktree add -q --detach "$KBASE" "$BASE_TAG"
fi
echo "base: Linux $(kversion "$KTREE") ($(git -C "$KTREE" rev-parse --short "$BASE_TAG")), series: $(git -C "$KTREE" rev-list --count "$BASE_TAG"..HEAD) patches"
