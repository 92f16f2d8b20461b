# shellcheck shell=bash disable=SC2034
DESC="32-bit edu, default swiotlb (no regression)"
QEMU_ARGS="-device edu,dma_mask=0xffffffff"
CMDLINE=""
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=32; cat /sys/kernel/debug/swiotlb/io_tlb_nslabs /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=pass
