#!/bin/bash
# kconfig-check.sh SRC CONFIG FRAGMENT...: every option a fragment asks for
# must be in the resulting .config.  Options of symbols that do not exist
# in SRC (e.g. tests a later patch of the series adds) are only reported.
. "$(dirname "$0")/lib.sh"
src=$1 config=$2
shift 2
bad=0
while IFS= read -r line; do
	case $line in
	CONFIG_*=*) sym=${line%%=*} val=${line#*=} ;;
	*) continue ;;
	esac
	if [ "$val" = n ]; then
		grep -q "^$sym=" "$config" && { echo "config: $sym should be unset" >&2; bad=1; }
		continue
	fi
	grep -qx "$line" "$config" && continue
	if ! grep -rqs --include='Kconfig*' -E "^(menu)?config ${sym#CONFIG_}\$" "$src"; then
		note "config: $sym is not in this tree (skipped)"
		continue
	fi
	echo "config: asked for $line, got: $(grep -E "^(# )?$sym[= ]" "$config" || echo nothing)" >&2
	bad=1
done < <(cat "$@")
[ $bad = 0 ] || die "the kernel config lacks options its fragments ask for (see above)"
