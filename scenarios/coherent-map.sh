# shellcheck shell=bash disable=SC2034
DESC="ivshmem BAR declared DMA_MEMORY_MAP: 3-then-1-page fill uses every page, host reads the bytes back"
QEMU_ARGS='-object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
GUEST="insmod /lib/rig/rig_coherent.ko mode=map"
EXPECT_BASE=fail
host_check() {
	python3 "$TOP/rig/ivshmem-check.py" console.txt ivshmem.bin
}
