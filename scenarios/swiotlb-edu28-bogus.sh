# shellcheck shell=bash disable=SC2034
DESC="28-bit edu, malformed swiotlb=12Q: one warning, defaults, boot goes on"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=12Q"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28; cat /sys/kernel/debug/swiotlb/io_tlb_nslabs /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=fail
host_check() {
	grep -q 'malformed.*swiotlb=12Q' console.txt || { echo "no boot warning naming swiotlb=12Q"; return 1; }
	echo "boot warning: $(grep -m1 'malformed.*swiotlb=12Q' console.txt | sed 's/^\[[^]]*\] //')"
}
