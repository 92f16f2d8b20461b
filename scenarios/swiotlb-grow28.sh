# shellcheck shell=bash disable=SC2034
DESC="CONFIG_SWIOTLB_DYNAMIC: a 28-bit edu holds 30000 bounced pages (117 MiB), more than the 64 MiB default pool holds; swiotlb adds a 64 MiB pool below its mask on demand (128 MiB in all), every mapping within the mask"
FLAVOURS="dynamic"
QEMU_ARGS="-device edu,addr=0x11,dma_mask=0xfffffff"
CMDLINE=""
GUEST="insmod /lib/rig/rig_swiotlb_grow.ko slot=0x11 bits=28 count=30000; cd /sys/kernel/debug/swiotlb && grep . io_tlb_nslabs io_tlb_used_hiwater 2>/dev/null | sed 's/^/swiotlb-debugfs: /'"
NEED_KTAP=0
EXPECT_BASE=fail
host_check() {
	local r held win
	grep -q 'software IO TLB: mapped \[mem .*\] (64MB)' console.txt ||
		{ echo "default pool is not v6.12's 64 MiB"; return 1; }
	r=$(grep -o 'rig-swiotlb-grow: .*' console.txt) || { echo "no result line"; return 1; }
	echo "$r"
	held=$(echo "$r" | sed -n 's/.* held=\([0-9]*\).*/\1/p')
	win=$(echo "$r" | sed -n 's/.* in_window=\([0-9]*\).*/\1/p')
	echo "$r" | grep -q ' outside=0' || { echo "a mapping beyond the mask"; return 1; }
	[ "${held:-0}" = 30000 ] || { echo "held $held of 30000"; return 1; }
	# 64 MiB hold 16384 pages: more in the window means a pool was added there
	[ "${win:-0}" -gt 16384 ] || { echo "only $win mappings in [16 MiB, 256 MiB)"; return 1; }
	# a pool was added (not only transient pools, one per mapping, which
	# v6.12's dynamic swiotlb makes from whatever page GFP_NOWAIT returns)
	grep -q 'swiotlb-debugfs: io_tlb_nslabs:65536' console.txt ||
		{ echo "no pool added: $(grep -o 'io_tlb_nslabs:.*' console.txt)"; return 1; }
	grep -Eq 'software IO TLB: added [0-9]+ MiB at \[mem 0x[0-9a-f]+-0x[0-9a-f]+\] for devices limited to 0xfffffff' console.txt ||
		{ echo "no 'added ... MiB' line"; return 1; }
	grep -o 'software IO TLB: added .*' console.txt
}
