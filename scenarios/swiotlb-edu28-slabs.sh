# shellcheck shell=bash disable=SC2034
DESC="28-bit edu, swiotlb=65536,4 (legacy slab count and areas)"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=65536,4"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28; cat /sys/kernel/debug/swiotlb/io_tlb_nslabs /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=fail
host_check() {
	grep -q 'software IO TLB: area num 4' console.txt || { echo "not 4 areas"; return 1; }
	grep -q 'software IO TLB: mapped \[mem .*\] (128MB)' console.txt || { echo "not 65536 slabs"; return 1; }
	echo "65536 slabs (128 MiB) in 4 areas"
}
