# shellcheck shell=bash disable=SC2034
DESC="(not working yet: QEMU 7.2 r2d prints nothing with this kernel) sh4: QEMU's r2d boots rts7751r2dplus_defconfig with the series to a shell prompt on the serial console (the patched kernel also runs the dma-coherent KUnit suite on sh at boot)"
QEMU_ARCH=sh4
FLAVOURS="sh4"
TIMEOUT=900
GUEST="cat /proc/cmdline
ls /sys/kernel/debug
echo rig-sh4: commands ran"
NEED_KTAP=0
EXPECT_BASE=pass
host_check() {
	grep -q '^rig-sh4: userspace up' console.txt || { echo "no userspace"; return 1; }
	grep -q '^rig-sh4: commands ran' console.txt || { echo "the prompt did not run the commands"; return 1; }
	grep -o 'Linux version [^ ]*' console.txt | head -1
	echo "shell prompt reached, commands ran"
}
