# shellcheck shell=bash disable=SC2034
DESC="ivshmem BAR behind QEMU's intel-iommu (intel_iommu=on, translated): declaring it is refused with a message, dma_alloc_coherent() gets IOMMU-mapped memory"
MACHINE=q35
QEMU_ARGS='-device intel-iommu -object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
CMDLINE="intel_iommu=on iommu.passthrough=0"
GUEST="insmod /lib/rig/rig_coherent.ko mode=iommu"
EXPECT_BASE=fail
host_check() {
	grep -q 'coherent memory: not usable behind a translating IOMMU' console.txt ||
		{ echo "no refusal message in the console"; return 1; }
	echo "refusal message seen"
}
