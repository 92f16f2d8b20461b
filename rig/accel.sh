#!/bin/bash
# accel.sh OUT: print the QEMU accelerator to use.  KVM only when a quick
# probe boot with it finishes (on some hosts KVM exists but hangs); the
# verdict is cached in build/accel.  ACCEL=tcg|kvm overrides.
. "$(dirname "$0")/lib.sh"
out=$1
if [ -n "${ACCEL:-}" ]; then echo "$ACCEL"; exit 0; fi
cache=$BUILD/accel
if [ -f "$cache" ]; then cat "$cache"; exit 0; fi
accel=tcg
if [ -w /dev/kvm ]; then
	if timeout -k 2 20 qemu-system-x86_64 -accel kvm -m 256M -nographic -no-reboot \
		-nodefaults -serial stdio -kernel "$out/arch/x86/boot/bzImage" \
		-initrd "$out/initramfs.cpio.gz" -append "console=ttyS0 panic=-1" \
		</dev/null 2>/dev/null | grep -q '^rig: guest done'; then
		accel=kvm
	else
		note "KVM did not boot a guest within 20 s: using TCG"
	fi
fi
echo "$accel" >"$cache"
echo "$accel"
