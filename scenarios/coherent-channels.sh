# shellcheck shell=bash disable=SC2034
DESC="the RFC's case: a host adapter's four channels (child devices) allocate from its ivshmem BAR declared with INCLUDES_CHILDREN, write, free in another order; the host reads the bytes back"
QEMU_ARGS='-object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
GUEST="insmod /lib/rig/rig_coherent.ko mode=channels"
EXPECT_BASE=fail
host_check() {
	[ "$(grep -c 'rig-host-check: off=' console.txt)" = 4 ] ||
		{ echo "expected 4 channel ranges"; return 1; }
	python3 "$TOP/rig/ivshmem-check.py" console.txt ivshmem.bin
}
