# shellcheck shell=bash disable=SC2034
# Shared body of the swiotlb-param-* scenarios: boot with a malformed
# swiotlb=$BAD.  The contract: one clear boot warning naming the value,
# the defaults (on a 5 GiB x86_64 guest: 64 MiB at [192 MiB, 256 MiB)),
# and a 28-bit device that still works.  v6.12 has no such warning, and
# its default pool is out of a 28-bit device's reach, so it fails.
DESC="28-bit edu, malformed swiotlb=$BAD ($WHAT): one warning, defaults"
QEMU_ARGS="-device edu,dma_mask=0xfffffff"
CMDLINE="swiotlb=$BAD"
GUEST="insmod /lib/rig/rig_edu_dma.ko bits=28"
EXPECT_BASE=fail
host_check() {
	local warn="ignoring malformed boot parameter \"swiotlb=$BAD\""
	[ "$(grep -cF "$warn" console.txt)" = 1 ] ||
		{ echo "expected exactly one boot warning: $warn"; return 1; }
	grep -q 'software IO TLB: mapped \[mem 0x000000000c000000-0x0000000010000000\] (64MB)' console.txt ||
		{ echo "default pool (64 MiB at 0x0c000000) not set up"; return 1; }
	echo "one warning, default 64 MiB pool at 0x0c000000"
}
