# shellcheck shell=bash disable=SC2034
DESC="64-bit edu, swiotlb=force (no regression)"
QEMU_ARGS="-device edu,dma_mask=0xffffffffffffffff"
CMDLINE="swiotlb=force"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=64; cat /sys/kernel/debug/swiotlb/io_tlb_nslabs /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=pass
