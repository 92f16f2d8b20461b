# Guest side of rig/bench-qemu.sh, booted with swiotlb=force (busybox sh,
# sourced by the guest's /init).  The host prepends DMB_SECONDS=N.
# Devices (see rig/bench-qemu.sh): edu at 00:10.0 for the kernel's
# dma_map_benchmark, edu at 00:11.0 (device A, 64-bit) and 00:12.0
# (device B, 28-bit) for rig_swiotlb_load.ko.
echo "rig-bench: cmdline $(cat /proc/cmdline)"
echo "rig-bench: clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
bdf=0000:00:10.0
echo dma_map_benchmark >/sys/bus/pci/devices/$bdf/driver_override
echo $bdf >/sys/bus/pci/drivers_probe
[ -e /sys/kernel/debug/dma_map_benchmark ] ||
	echo "rig-bench: dma_map_benchmark did not bind to $bdf"

# dmb THREADS GRANULE BITS: one run of the kernel's own benchmark tool.
dmb() {
	o=$(/bin/dma_map_benchmark -t "$1" -g "$2" -b "$3" -s "$DMB_SECONDS" 2>&1)
	rc=$?
	echo "$o" | sed 's/^/rig-dmb-raw: /'
	m=$(echo "$o" | sed -n 's/^average map latency(us):\([0-9.]*\).*/\1/p')
	u=$(echo "$o" | sed -n 's/^average unmap latency(us):\([0-9.]*\).*/\1/p')
	echo "rig-dmb: t=$1 g=$2 b=$3 rc=$rc map=${m:-NA} unmap=${u:-NA}"
}
for t in 1 2; do
	for g in 1 16; do
		dmb $t $g 64
	done
done
dmb 1 1 28

insmod /lib/rig/rig_swiotlb_load.ko a_slot=0x11 b_slot=0x12 b_bits=28 count=256 ||
	echo "rig-swiotlb-load: insmod failed"
