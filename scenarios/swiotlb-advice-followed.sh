# shellcheck shell=bash disable=SC2034
DESC="28-bit edu booted with swiotlb=128M, the size swiotlb-advice advises: the pool lies below 256 MiB and every mapping works"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=128M"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28"
EXPECT_BASE=fail
host_check() {
	local range end
	range=$(grep -o 'mapped \[mem [^]]*\] (128MB)' console.txt) ||
		{ echo "no 128 MiB pool"; return 1; }
	end=$(sed -E 's/.*-(0x[0-9a-f]+)\].*/\1/' <<<"$range")
	[ $((end)) -le $((0x10000000)) ] || { echo "pool ends above 256 MiB: $range"; return 1; }
	echo "$range"
}
