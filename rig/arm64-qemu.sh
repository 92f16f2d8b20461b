#!/bin/bash
# arm64-qemu.sh OUT RUN: boot QEMU's arm64 virt machine with OUT's Image
# and initramfs (rig/arm64.sh) and RUN/initrd-scenario.cpio.gz, the
# console going to RUN/console.log.  Environment from the scenario:
# MEM, TIMEOUT, CMDLINE, QEMU_ARGS (evaluated, $RUN usable) and DT_EXTRA:
# device-tree source appended to the machine's own tree, which QEMU dumps
# with the same machine options (-machine dumpdtb), so the guest boots
# the tree QEMU would have given it plus the scenario's nodes.
# Exits with QEMU's status (124 on timeout).
. "$(dirname "$0")/lib.sh"
out=${1:?usage: arm64-qemu.sh OUT RUN} RUN=${2:?usage: arm64-qemu.sh OUT RUN}
machine=(-machine virt -cpu cortex-a57 -smp 2 -m "${MEM:-1G}")

qemu-system-aarch64 "${machine[@]}" -machine dumpdtb="$RUN/virt.dtb" \
	-nographic >"$RUN/dtb.log" 2>&1 || die "QEMU could not dump its device tree: $(cat "$RUN/dtb.log")"
dtc -q -I dtb -O dts -o "$RUN/virt.dts" "$RUN/virt.dtb" || die "cannot decompile $RUN/virt.dtb"
{ cat "$RUN/virt.dts"; printf '%s\n' "${DT_EXTRA:-}"; } >"$RUN/guest.dts"
dtc -q -I dts -O dtb -o "$RUN/guest.dtb" "$RUN/guest.dts" 2>"$RUN/dtc.log" ||
	die "the scenario's DT_EXTRA does not compile: $(head -5 "$RUN/dtc.log")"

rc=0
# shellcheck disable=SC2086
timeout --foreground -k 5 "${TIMEOUT:-600}" qemu-system-aarch64 "${machine[@]}" \
	-nographic -no-reboot -nodefaults -serial stdio \
	-kernel "$out/arch/arm64/boot/Image" -initrd "$RUN/initrd.gz" -dtb "$RUN/guest.dtb" \
	-append "console=ttyAMA0 panic=-1 ${CMDLINE:-}" \
	$(eval echo "${QEMU_ARGS:-}") </dev/null >"$RUN/console.log" 2>"$RUN/qemu.err" || rc=$?
exit $rc
