# shellcheck shell=bash disable=SC2034
DESC="swiotlb=force: a 64-bit edu fills swiotlb (one clear warning) and gives back 10%, then 256 mappings of a 28-bit edu all succeed, within its mask"
QEMU_ARGS="-device edu,addr=0x11,dma_mask=0xffffffffffffffff -device edu,addr=0x12,dma_mask=0xfffffff"
CMDLINE="swiotlb=force"
GUEST="insmod /lib/rig/rig_swiotlb_load.ko a_slot=0x11 b_slot=0x12 b_bits=28 count=256 a_warn=1; cd /sys/kernel/debug/swiotlb && grep . io_tlb_mask_limited io_tlb_mask_fail 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
NEED_KTAP=0
EXPECT_BASE=fail
host_check() {
	local r
	r=$(grep -o 'rig-swiotlb-load: .*' console.txt) || { echo "no result line"; return 1; }
	echo "$r"
	echo "$r" | grep -q 'b_tried=256 b_ok=256 b_outside=0' || return 1
	# the full pool is reported once, naming mask, pool and the boot option
	grep -Eq 'swiotlb buffer is full .*DMA mask 0xffffffffffffffff, pool \[mem .*\]; boot with swiotlb=[0-9]+M,force to enlarge it' console.txt ||
		{ echo "no 'swiotlb buffer is full' line naming mask, pool and swiotlb="; return 1; }
}
