# shellcheck shell=bash disable=SC2034
DESC="swiotlb=512M does not fit below 256 MiB: one warning, the pool goes below 4 GiB"
CMDLINE="swiotlb=512M"
GUEST=""
NEED_KTAP=0
EXPECT_BASE=fail
host_check() {
	grep -q 'software IO TLB: 512 MiB do not fit between 16 and 256 MiB' console.txt ||
		{ echo "no warning that 512 MiB do not fit below 256 MiB"; return 1; }
	grep -q 'software IO TLB: mapped \[mem .*\] (512MB)' console.txt ||
		{ echo "no 512 MiB pool"; return 1; }
	echo "warned; $(grep -o 'mapped \[mem .*\] (512MB)' console.txt)"
}
