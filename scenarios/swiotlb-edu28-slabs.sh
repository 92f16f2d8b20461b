# shellcheck shell=bash disable=SC2034
DESC="28-bit edu, swiotlb=65536 (slab count)"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=65536"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28; cat /sys/kernel/debug/swiotlb/io_tlb_nslabs /sys/kernel/debug/swiotlb/io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=fail
