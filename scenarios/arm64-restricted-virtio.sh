# shellcheck shell=bash disable=SC2034,SC2016
DESC="arm64 virt: a restricted-dma-pool in /reserved-memory assigned to the virtio-mmio transport of a virtio-blk disk (modern virtio, iommu_platform=on, so the rings and every transfer go through the DMA API); the guest reads what the host wrote and writes 4 MiB the host checks afterwards; the pool's debugfs shows it was used, the default pool was not"
QEMU_ARCH=arm64
FLAVOURS="arm64 arm64-dynamic"
MEM=1G
TIMEOUT=600
NEED_KTAP=0
EXPECT_BASE=pass
# The first -device on virt's virtio-mmio bus lands on the highest
# transport, virtio_mmio@a003e00.
DT_EXTRA='/ {
	reserved-memory {
		#address-cells = <2>;
		#size-cells = <2>;
		ranges;
		rig_restricted: restricted@60000000 {
			compatible = "restricted-dma-pool";
			reg = <0x0 0x60000000 0x0 0x1000000>;
		};
	};
};
&{/virtio_mmio@a003e00} {
	memory-region = <&rig_restricted>;
};'
QEMU_ARGS='-global virtio-mmio.force-legacy=false -drive file=$RUN/disk.img,if=none,format=raw,id=d0 -device virtio-blk-device,drive=d0,iommu_platform=on'
host_prepare() {
	truncate -s 16M disk.img
	printf 'rig-host-pattern-0123456789' | dd of=disk.img bs=4096 seek=256 conv=notrunc status=none
}
GUEST='d=/sys/bus/platform/devices/a003e00.virtio_mmio
echo "rig-rv: transport $(ls -d $d/virtio* 2>/dev/null | sed "s|.*/||") disk $(ls $d/virtio*/block 2>/dev/null)"
echo "rig-rv: host pattern: $(dd if=/dev/vda bs=4096 skip=256 count=1 2>/dev/null | head -c 27)"
yes rig-guest-data | head -c 4194304 | dd of=/dev/vda bs=65536 seek=32 conv=fsync 2>/dev/null
echo "rig-rv: write rc=$?"
blockdev --flushbufs /dev/vda
echo "rig-rv: read back $(dd if=/dev/vda bs=65536 skip=32 count=64 2>/dev/null | md5sum | cut -c1-32)"
# v6.12 creates a restricted pool'"'"'s directory before swiotlb/ exists: at the top
p=$(ls -d /sys/kernel/debug/swiotlb/restricted@60000000 /sys/kernel/debug/restricted@60000000 2>/dev/null | head -1)
echo "rig-rv: pool debugfs $p"
for f in io_tlb_nslabs io_tlb_used io_tlb_used_hiwater; do
	echo "rig-rv: pool $f=$(cat $p/$f 2>/dev/null || echo none)"
	echo "rig-rv: default $f=$(cat /sys/kernel/debug/swiotlb/$f 2>/dev/null || echo none)"
done'
host_check() {
	local want got
	want=$(yes rig-guest-data | head -c 4194304 | md5sum | cut -c1-32)
	grep -q '^rig-rv: transport virtio0 disk vda' console.txt ||
		{ echo "virtio-blk not on the transport with the pool: $(grep -m1 '^rig-rv: transport' console.txt)"; return 1; }
	grep -q '^rig-rv: host pattern: rig-host-pattern-0123456789$' console.txt ||
		{ echo "guest did not read the host's pattern: $(grep -m1 'host pattern' console.txt)"; return 1; }
	grep -q "^rig-rv: read back $want" console.txt ||
		{ echo "guest read back something else: $(grep -m1 'read back' console.txt)"; return 1; }
	got=$(dd if=disk.img bs=65536 skip=32 count=64 status=none | md5sum | cut -c1-32)
	[ "$got" = "$want" ] || { echo "disk image holds something else than the guest wrote"; return 1; }
	local hw nsl dhw
	hw=$(sed -n 's/^rig-rv: pool io_tlb_used_hiwater=//p' console.txt)
	nsl=$(sed -n 's/^rig-rv: pool io_tlb_nslabs=//p' console.txt)
	dhw=$(sed -n 's/^rig-rv: default io_tlb_used_hiwater=//p' console.txt)
	[ "$nsl" = 8192 ] || { echo "restricted pool has ${nsl:-no} slabs, want 8192 (16 MiB)"; return 1; }
	[ "${hw:-0}" -gt 0 ] 2>/dev/null || { echo "restricted pool never used (high water ${hw:-none})"; return 1; }
	case $dhw in 0 | none) ;; *) echo "default pool used: high water $dhw"; return 1 ;; esac
	! grep -q 'swiotlb buffer is full' console.txt ||
		{ echo "the pool ran full: $(grep -m1 'swiotlb buffer is full' console.txt)"; return 1; }
	echo "4 MiB written and read back through the restricted pool (high water $hw of $nsl slabs, default pool ${dhw})"
}
