#!/bin/bash
# arm-qemu.sh OUT RUN: boot QEMU's vexpress-a9 (Cortex-A9 core tile on the
# V2M-P1 motherboard, legacy memory map) with OUT's zImage and initramfs
# (rig/arm.sh) and the tree's own vexpress-v2p-ca9.dtb, the console going
# to RUN/console.log.  Environment from the scenario: MEM, TIMEOUT,
# CMDLINE, QEMU_ARGS (evaluated, $RUN usable) and DT_EDIT: shell lines
# run in RUN with $DTB naming the copy of the tree's dtb the guest boots
# (fdtput/fdtget edits; the result is decompiled to RUN/guest.dts).
# The QEMU monitor listens on RUN/monitor.sock and the second UART
# (the guest's /dev/ttyAMA1) on RUN/uart1.sock, for a scenario's
# host_live (rig/qemu.sh).  Exits with QEMU's status (124 on timeout).
. "$(dirname "$0")/lib.sh"
out=${1:?usage: arm-qemu.sh OUT RUN} RUN=${2:?usage: arm-qemu.sh OUT RUN}
dtb=$out/arch/arm/boot/dts/arm/vexpress-v2p-ca9.dtb
[ -f "$dtb" ] || die "no $dtb; run 'rig/arm.sh'"
cp "$dtb" "$RUN/guest.dtb"
if [ -n "${DT_EDIT:-}" ]; then
	(cd "$RUN" && DTB=$RUN/guest.dtb && export DTB && eval "$DT_EDIT") >"$RUN/dtedit.log" 2>&1 ||
		die "the scenario's DT_EDIT failed: $(head -5 "$RUN/dtedit.log")"
fi
dtc -q -I dtb -O dts -o "$RUN/guest.dts" "$RUN/guest.dtb" || die "cannot decompile $RUN/guest.dtb"

rc=0
# shellcheck disable=SC2046
timeout --foreground -k 5 "${TIMEOUT:-600}" qemu-system-arm -machine vexpress-a9 \
	-smp 2 -m "${MEM:-512M}" -nographic -no-reboot -nodefaults -serial stdio \
	-serial unix:"$RUN/uart1.sock",server=on,wait=off \
	-monitor unix:"$RUN/monitor.sock",server=on,wait=off \
	-kernel "$out/arch/arm/boot/zImage" -initrd "$RUN/initrd.gz" -dtb "$RUN/guest.dtb" \
	-append "console=ttyAMA0 panic=-1 ${CMDLINE:-}" \
	$(eval echo "${QEMU_ARGS:-}") </dev/null >"$RUN/console.log" 2>"$RUN/qemu.err" || rc=$?
exit $rc
