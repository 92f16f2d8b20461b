#!/bin/bash
# qemu.sh TREE FLAVOUR SCENARIO: boot build/out/TREE-FLAVOUR in QEMU with
# scenarios/SCENARIO.sh and judge the result.
#
# A scenario file sets DESC, QEMU_ARGS (devices), CMDLINE (kernel
# parameters), GUEST (shell run by the guest's /init), optionally MEM,
# TIMEOUT, MACHINE (QEMU's -machine, pc by default), QEMU_ARCH (x86_64;
# sh4: QEMU's r2d with rig/sh4.sh's kernel, GUEST being the commands
# typed at the guest's prompt, flavour sh4; arm64: QEMU's virt machine
# with rig/arm64.sh's kernel, flavours arm64 and arm64-dynamic, DT_EXTRA
# being device-tree source added to the machine's tree, see
# rig/arm64-qemu.sh; arm: QEMU's vexpress-a9 with rig/arm.sh's kernel and
# the tree's vexpress-v2p-ca9.dtb, flavour arm (with kmemleak), DT_EDIT
# being fdtput lines run on that dtb, and a host_live function run in the
# run directory while the guest runs, see rig/arm-qemu.sh and
# rig/qemu-live.py), a host_prepare function run in the run directory
# before QEMU starts (e.g. to create a disk image), EXPECT_BASE (pass,
# fail or skip), SPLAT_ALLOW (an extended
# regex of splat lines the scenario provokes on purpose) and a host_check
# function run after the guest stopped.  The guest's console is kept in
# build/run/TREE-FLAVOUR/SCENARIO/console.log; KTAP in it is parsed with
# the kernel's own tools/testing/kunit/kunit.py parse.
#
# Prints one line "RESULT pass|fail <details>" and exits 0 on pass.
. "$(dirname "$0")/lib.sh"

tree=${1:?usage: qemu.sh TREE FLAVOUR SCENARIO} flavour=${2:?} scenario=${3:?}
out=$BUILD/out/$tree-$flavour
run=$BUILD/run/$tree-$flavour/$scenario
sfile=${SFILE:-$TOP/scenarios/$scenario.sh}
[ -f "$sfile" ] || die "no scenario $sfile"

DESC="" QEMU_ARGS="" CMDLINE="" GUEST="" MEM=5G TIMEOUT=600 EXPECT_BASE=fail KUNIT=0
MACHINE=pc QEMU_ARCH=x86_64
SPLAT_ALLOW='^$'
host_check() { :; }
host_prepare() { :; }
host_live() { :; }
# shellcheck source=/dev/null
. "$sfile"

if [ "$QEMU_ARCH" = sh4 ]; then
	# QEMU's r2d with rig/sh4.sh's kernel (flavour sh4); GUEST is the
	# commands typed at the guest's prompt, one per line.
	[ "$flavour" = sh4 ] || die "scenario $scenario runs on flavour sh4 only"
	zimage=$("$TOP/rig/sh4.sh" "$tree") || die "sh4 build failed"
	set +e
	rm -rf "$run"
	mkdir -p "$run"
	mapfile -t cmds <<<"$GUEST"
	python3 "$TOP/rig/sh4-drive.py" "$zimage" "$run/console.txt" "$TIMEOUT" "${cmds[@]}"
	rc=$?
	: >"$run/qemu.err"
else
if [ "$QEMU_ARCH" = arm64 ]; then
	case $flavour in
	arm64 | arm64-dynamic) ;;
	*) die "scenario $scenario runs on flavours arm64 and arm64-dynamic only" ;;
	esac
	[ -f "$out/arch/arm64/boot/Image" ] || die "no kernel in $out; run 'rig/arm64.sh $tree $flavour'"
elif [ "$QEMU_ARCH" = arm ]; then
	case $flavour in
	arm) ;;
	*) die "scenario $scenario runs on flavour arm only" ;;
	esac
	[ -f "$out/arch/arm/boot/zImage" ] || die "no kernel in $out; run 'rig/arm.sh $tree $flavour'"
else
	[ -f "$out/arch/x86/boot/bzImage" ] || die "no kernel in $out; run 'make build'"
fi
[ -f "$out/initramfs.cpio.gz" ] || die "no initramfs in $out; run rig/build.sh"

set +e
rm -rf "$run"
mkdir -p "$run/root"
printf '%s\n' "$GUEST" >"$run/root/scenario.sh"
(cd "$run/root" && echo scenario.sh | cpio -o -H newc --quiet | gzip -1) >"$run/scenario.cpio.gz"
cat "$out/initramfs.cpio.gz" "$run/scenario.cpio.gz" >"$run/initrd.gz"

# Built-in KUnit suites run only in the scenario that asks for them.
[ "$KUNIT" = 1 ] || CMDLINE="kunit.enable=0 $CMDLINE"
(cd "$run" && host_prepare) || die "the scenario's host_prepare failed"
RUN=$run
if [ "$QEMU_ARCH" = arm64 ]; then
	export MEM TIMEOUT CMDLINE QEMU_ARGS DT_EXTRA RUN
	"$TOP/rig/arm64-qemu.sh" "$out" "$run"
	rc=$?
elif [ "$QEMU_ARCH" = arm ]; then
	export MEM TIMEOUT CMDLINE QEMU_ARGS DT_EDIT RUN
	"$TOP/rig/arm-qemu.sh" "$out" "$run" &
	RIG_QEMU_PID=$!
	export RIG_QEMU_PID
	# the scenario's side of a running guest (e.g. the QEMU monitor)
	(cd "$run" && host_live) >"$run/host-live.log" 2>&1
	wait $RIG_QEMU_PID
	rc=$?
else
accel=$("$TOP/rig/accel.sh" "$out")
# shellcheck disable=SC2086
timeout --foreground -k 5 "$TIMEOUT" qemu-system-x86_64 -accel "$accel" \
	-machine "$MACHINE" -cpu max -m "$MEM" -smp 2 \
	-nographic -no-reboot -nodefaults -serial stdio \
	-kernel "$out/arch/x86/boot/bzImage" -initrd "$run/initrd.gz" \
	-append "console=ttyS0 panic=-1 tsc=reliable $CMDLINE" \
	$(eval echo "$QEMU_ARGS") </dev/null >"$run/console.log" 2>"$run/qemu.err"
rc=$?
fi
tr -d '\r' <"$run/console.log" >"$run/console.txt"
fi

result() {
	echo "RESULT $1 $2"
	[ "$1" = pass ]
	exit
}
[ $rc = 124 ] && result fail "QEMU timed out after ${TIMEOUT}s (guest hung?), see $run/console.txt"
[ $rc = 0 ] || result fail "QEMU exited with $rc: $(head -c 300 "$run/qemu.err")"
grep -q '^rig: guest done' "$run/console.txt" ||
	result fail "guest did not finish (panic or crash?), see $run/console.txt"

# On the patched kernel any splat fails the scenario, whatever the KTAP says.
splat=$SPLAT_RE
splats=$(grep -E "$splat" "$run/console.txt" | grep -Ev "$SPLAT_ALLOW")
if [ "$tree" = patched ] && [ -n "$splats" ]; then
	result fail "splat in the console: $(head -1 <<<"$splats" | sed -E 's/^\[[ 0-9.]+\] //')"
fi
if grep -q 'KTAP version\|TAP version' "$run/console.txt"; then
	python3 "$KTREE/tools/testing/kunit/kunit.py" parse --json="$run/ktap.json" \
		"$run/console.txt" >"$run/ktap.txt" 2>&1
	krc=$?
	counts=$(python3 "$TOP/rig/ktap-counts.py" "$run/ktap.json")
	[ $krc = 0 ] || result fail "KTAP: $counts, see $run/ktap.txt"
	ktap="KTAP: $counts"
else
	ktap="no KTAP"
	[ "${NEED_KTAP:-1}" = 1 ] && result fail "no KTAP in the console, see $run/console.txt"
fi
if ! host=$(cd "$run" && host_check 2>&1); then
	result fail "$ktap; host check: $host"
fi
result pass "$ktap${host:+; $host}"
