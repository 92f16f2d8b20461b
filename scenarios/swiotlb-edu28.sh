# shellcheck shell=bash disable=SC2034
DESC="28-bit edu, buffers above 256 MiB, default swiotlb"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE=""
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28; cd /sys/kernel/debug/swiotlb && grep . io_tlb_nslabs io_tlb_used_hiwater io_tlb_mask_limited io_tlb_mask_fail 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
EXPECT_BASE=fail
