# shellcheck shell=bash disable=SC2034
DESC="the kernel's dma_map_benchmark, default boot, no IOMMU: single-page map/unmap at masks of 28, 29, 30, 31 and 32 bits all succeed (v6.12: only 32)"
QEMU_ARGS="-device edu,addr=0x10"
CMDLINE=""
GUEST='bdf=0000:00:10.0
echo dma_map_benchmark >/sys/bus/pci/devices/$bdf/driver_override
echo $bdf >/sys/bus/pci/drivers_probe
for b in 28 29 30 31 32; do
	o=$(/bin/dma_map_benchmark -t 1 -g 1 -s 1 -b $b 2>&1); rc=$?
	echo "$o" | sed "s/^/rig-dmb-raw: /"
	echo "rig-dmb: bits=$b rc=$rc $(echo "$o" | grep -o "average map latency(us):[0-9.]*")"
done'
NEED_KTAP=0
EXPECT_BASE=fail
host_check() {
	local b ok=1
	for b in 28 29 30 31 32; do
		if grep -Eq "rig-dmb: bits=$b rc=0 average map latency\(us\):[0-9.]+" console.txt; then
			echo "$b bits: mapped"
		else
			echo "$b bits: $(grep -o "rig-dmb: bits=$b .*" console.txt || echo 'no result')"
			ok=0
		fi
	done
	[ $ok = 1 ]
}
