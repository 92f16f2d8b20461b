# shellcheck shell=bash disable=SC2034
DESC="ivshmem BAR declared with INCLUDES_CHILDREN: child and grandchild allocate from it"
QEMU_ARGS='-object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
GUEST="insmod /lib/rig/rig_coherent.ko mode=child"
EXPECT_BASE=fail
host_check() {
	python3 "$TOP/rig/ivshmem-check.py" console.txt ivshmem.bin
}
