# shellcheck shell=bash disable=SC2034
DESC="swiotlb=512M does not fit below 256 MiB: one line says so, the pool goes as low as it fits (below 1 GiB), and a 30-bit edu device streams through it"
QEMU_ARGS="-device edu,dma_mask=0x3fffffff"
CMDLINE="swiotlb=512M"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=30"
EXPECT_BASE=fail
host_check() {
	local range end
	grep -q 'software IO TLB: 512 MiB do not fit between 16 and 256 MiB: placed below 1024 MiB' console.txt ||
		{ echo "no line saying where the 512 MiB went"; return 1; }
	range=$(grep -o 'mapped \[mem [^]]*\] (512MB)' console.txt) ||
		{ echo "no 512 MiB pool"; return 1; }
	end=$(sed -E 's/.*-(0x[0-9a-f]+)\].*/\1/' <<<"$range")
	[ $((end)) -le $((0x40000000)) ] ||
		{ echo "pool ends above 1 GiB: $range"; return 1; }
	echo "$range"
}
