# shellcheck shell=bash disable=SC2034
DESC="swiotlb=512M,1024 (as with 1024 possible CPUs, whose areas of 256 KiB would round swiotlb=128M up to 256M): the 28-bit edu's refused mappings advise 'swiotlb=128M,512 or less', a value that keeps 128 MiB"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=512M,1024"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28 count=2 refused=1"
EXPECT_BASE=fail
host_check() {
	grep -q 'software IO TLB: area num 1024' console.txt ||
		{ echo "not 1024 areas"; return 1; }
	grep -q 'swiotlb buffer unreachable .*DMA mask 0xfffffff, .*; boot with swiotlb=128M,512 or less to place it within the mask' console.txt ||
		{ echo "no advice to boot with swiotlb=128M,512 or less: $(grep -o 'boot with swiotlb=[^ ]*' console.txt | head -1)"; return 1; }
	echo "advised swiotlb=128M,512 or less"
}
