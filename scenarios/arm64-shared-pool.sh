# shellcheck shell=bash disable=SC2034
DESC="arm64 virt: a no-map shared-dma-pool in /reserved-memory taken by a platform driver with of_reserved_mem_device_init() (modules/arm64/rig_shared_pool.c): allocations in the pool with the DMA API's alignment, no fallback while it is assigned, system memory after release, the pool again after a second init, -EINVAL (as v6.12 gave) for a pool without no-map, which is System RAM; with the series only, another device declaring the pool's memory is refused, and the pool while such a declaration holds its memory, but a declaration inside an allocation from the pool (remoteproc's vdev buffers) is accepted"
QEMU_ARCH=arm64
FLAVOURS="arm64"
MEM=1G
TIMEOUT=600
EXPECT_BASE=pass
DT_EXTRA='/ {
	reserved-memory {
		#address-cells = <2>;
		#size-cells = <2>;
		ranges;
		rig_shared: shared@68000000 {
			compatible = "shared-dma-pool";
			no-map;
			reg = <0x0 0x68000000 0x0 0x100000>;
		};
		rig_ram: ram@69000000 {
			compatible = "shared-dma-pool";
			reg = <0x0 0x69000000 0x0 0x100000>;
		};
	};
	rig-shared-pool {
		compatible = "rig,shared-pool";
		memory-region = <&rig_shared>, <&rig_ram>;
	};
};'
GUEST='insmod /lib/rig/rig_shared_pool.ko
grep -i "shared@68000000\|rig_shared\|reserved mem" /proc/iomem 2>/dev/null | sed "s/^/rig-sp: /"'
host_check() {
	grep -q 'Reserved memory: created DMA memory pool at 0x0*68000000, size 1 MiB' console.txt ||
		{ echo "the pool was not created at boot"; return 1; }
	# the series' cases (not built for v6.12): refused, and said why
	if grep -q 'declare_over_pool_refused' console.txt; then
		grep -q 'rig-sp-other: coherent memory: .*overlaps memory another region hands out' console.txt ||
			{ echo "no refusal line for the declaration over the pool"; return 1; }
		grep -q 'reserved memory shared@68000000 overlaps a declared region' console.txt ||
			{ echo "no refusal line for the pool over the declaration"; return 1; }
	fi
	echo "pool created at 0x68000000 (1 MiB); $(grep -c 'ok [0-9]* \(first\|second\)' console.txt) checks in two rounds"
}
