# shellcheck shell=bash disable=SC2034
DESC="sh4: QEMU's r2d boots rts7751r2dplus_defconfig with the series to a shell prompt on the serial console (the patched kernel also runs the dma-coherent KUnit suite on sh at boot, which must pass)"
QEMU_ARCH=sh4
FLAVOURS="sh4"
TIMEOUT=900
GUEST="cat /proc/cmdline
ls /sys/kernel/debug
echo rig-sh4: commands ran"
NEED_KTAP=0
EXPECT_BASE=pass
# dct_no_mask allocates for a device without a coherent mask, as the sh
# boards do: dma_alloc_attrs() warns about that once, on v6.12 as well.
SPLAT_ALLOW='WARNING: .* at [./]*(linux/)?kernel/dma/mapping\.c:[0-9]+ dma_alloc_attrs'
host_check() {
	grep -q '^rig-sh4: userspace up' console.txt || { echo "no userspace"; return 1; }
	grep -q '^rig-sh4: commands ran' console.txt || { echo "the prompt did not run the commands"; return 1; }
	# The patched kernel runs the series' dma-coherent suite at boot
	# (rig/sh4.sh): its KTAP summary must be there, all ok, none not ok.
	# shellcheck disable=SC2154 # tree: set by rig/qemu.sh
	if [ "$tree" = patched ]; then
		local sum
		sum=$(grep -E '^# dma-coherent: pass:' console.txt | tail -1)
		[ -n "$sum" ] || { echo "no dma-coherent KTAP summary"; return 1; }
		if ! grep -qE '^ok [0-9]+ dma-coherent$' console.txt ||
			grep -qE '^ *not ok ' console.txt ||
			! grep -qE 'pass:[1-9][0-9]* fail:0 ' <<<"$sum"; then
			echo "dma-coherent suite failed: ${sum#\# }"
			return 1
		fi
		echo "${sum#\# }"
	fi
	grep -o 'Linux version [^ ]*' console.txt | head -1
	echo "shell prompt reached, commands ran"
}
