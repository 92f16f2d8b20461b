# shellcheck shell=bash disable=SC2034
DESC="swiotlb=512M goes below 1 GiB, out of a 28-bit edu's reach: its refused mappings say 'boot with swiotlb=128M or less', a size the placement puts within 28 bits (swiotlb-advice-followed boots with it)"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=512M"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28 count=2 refused=1"
EXPECT_BASE=fail
host_check() {
	grep -q 'swiotlb buffer unreachable .*DMA mask 0xfffffff, .*; boot with swiotlb=128M or less to place it within the mask' console.txt ||
		{ echo "no advice to boot with swiotlb=128M or less"; return 1; }
	echo "advised swiotlb=128M or less"
}
