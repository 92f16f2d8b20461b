# shellcheck shell=bash disable=SC2034
DESC="fault injection (fail-nth: failslab, fail_page_alloc) at every fault point of the declare calls: clean error, device usable after, no leak"
QEMU_ARGS='-object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm'
EXPECT_BASE=fail
# Needs CONFIG_FAULT_INJECTION: the debug and gcov flavours (make check-all).
FLAVOURS="debug gcov"
# GFP_KERNEL allocations and order-0 pages are exempt by default: include
# them, and keep the failure reports to one line.  (On a kernel without
# CONFIG_FAULT_INJECTION the module reports a skip.)
GUEST=$(cat <<'G'
d=/sys/kernel/debug
for a in failslab fail_page_alloc; do
	[ -d $d/$a ] || continue
	echo N >$d/$a/ignore-gfp-wait
	echo 0 >$d/$a/verbose
done
[ -d $d/fail_page_alloc ] && echo N >$d/fail_page_alloc/ignore-gfp-highmem && echo 0 >$d/fail_page_alloc/min-order
insmod /lib/rig/rig_coherent.ko mode=fault
G
)
host_check() {
	grep -o 'rig-fault: .*' console.txt | sed 's/^/  /'
	[ "$(grep -c 'rig-fault: .*clean=[1-9][0-9]* absorbed=[0-9]* bad=0' console.txt)" = 3 ]
}
