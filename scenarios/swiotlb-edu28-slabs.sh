# shellcheck shell=bash disable=SC2034
DESC="28-bit edu, swiotlb=65500,4 (legacy slab count, rounded up to whole areas, and area count)"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=65500,4"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28; cat /sys/kernel/debug/swiotlb/io_tlb_nslabs /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=fail
host_check() {
	grep -q 'software IO TLB: area num 4' console.txt || { echo "not 4 areas"; return 1; }
	grep -q 'software IO TLB: mapped \[mem .*\] (128MB)' console.txt || { echo "65500 slabs not rounded up to 65536"; return 1; }
	echo "65500 slabs rounded up to 65536 (128 MiB), 4 areas"
}
