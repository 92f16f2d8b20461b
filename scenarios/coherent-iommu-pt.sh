# shellcheck shell=bash disable=SC2034
DESC="ivshmem BAR behind QEMU's intel-iommu in passthrough (intel_iommu=on iommu=pt, identity domain, addresses not translated): declaring it as DMA_MEMORY_MAP works as without an IOMMU, host reads the bytes back"
MACHINE=q35
QEMU_ARGS='-device intel-iommu -object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
CMDLINE="intel_iommu=on iommu=pt"
GUEST="insmod /lib/rig/rig_coherent.ko mode=map"
EXPECT_BASE=fail
host_check() {
	if grep -q 'coherent memory: not usable behind a translating IOMMU' console.txt; then
		echo "refused although the identity domain does not translate"
		return 1
	fi
	grep -q 'DMAR: IOMMU enabled\|DMAR: Intel(R) Virtualization Technology for Directed I/O' console.txt ||
		{ echo "no intel-iommu in the guest"; return 1; }
	python3 "$TOP/rig/ivshmem-check.py" console.txt ivshmem.bin
}
