# shellcheck shell=bash disable=SC2034
DESC="dma_mmap_coherent() of an allocation from a declared ivshmem BAR: maps it, and never beyond it"
QEMU_ARGS='-object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
GUEST="insmod /lib/rig/rig_coherent.ko mode=mmap && /bin/rig_mmap"
EXPECT_BASE=fail
