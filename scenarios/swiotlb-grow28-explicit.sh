# shellcheck shell=bash disable=SC2034
DESC="CONFIG_SWIOTLB_DYNAMIC, swiotlb=4096 (8 MiB, as v6.12 reads it too): a 28-bit edu holding 6000 bounced pages (more than 8 MiB hold) gets no pool added for it; a size given with swiotlb= is all the bounce space there is, as in v6.12"
FLAVOURS="dynamic"
QEMU_ARGS="-device edu,addr=0x11,dma_mask=0xfffffff"
CMDLINE="swiotlb=4096"
GUEST="insmod /lib/rig/rig_swiotlb_grow.ko slot=0x11 bits=28 count=6000; cd /sys/kernel/debug/swiotlb && grep . io_tlb_nslabs io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
NEED_KTAP=0
EXPECT_BASE=pass
host_check() {
	local r
	grep -q 'software IO TLB: mapped \[mem .*\] (8MB)' console.txt ||
		{ echo "default pool is not the 8 MiB asked for"; return 1; }
	r=$(grep -o 'rig-swiotlb-grow: .*' console.txt) || { echo "no result line"; return 1; }
	echo "$r"
	if grep -q 'software IO TLB: added ' console.txt; then
		echo "a pool was added beyond swiotlb=4096: $(grep -o 'software IO TLB: added .*' console.txt | head -1)"
		return 1
	fi
	grep -q 'swiotlb-debugfs: io_tlb_nslabs:4096$' console.txt ||
		{ echo "pools grew: $(grep -o 'io_tlb_nslabs:.*' console.txt)"; return 1; }
	echo "no pool added, io_tlb_nslabs stays 4096"
}
