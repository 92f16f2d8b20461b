# shellcheck shell=bash disable=SC2034
DESC="30-bit edu, default swiotlb"
QEMU_ARGS="-device edu,dma_mask=0x3fffffff"
CMDLINE=""
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=30; cat /sys/kernel/debug/swiotlb/io_tlb_nslabs /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=fail
