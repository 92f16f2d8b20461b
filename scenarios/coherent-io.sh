# shellcheck shell=bash disable=SC2034
DESC="ivshmem BAR declared DMA_MEMORY_IO: written through __iomem, host reads the bytes back"
QEMU_ARGS='-object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
GUEST="insmod /lib/rig/rig_coherent.ko mode=io"
EXPECT_BASE=fail
host_check() {
	python3 "$TOP/rig/ivshmem-check.py" console.txt ivshmem.bin
}
