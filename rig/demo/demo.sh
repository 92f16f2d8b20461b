# shellcheck shell=bash disable=SC2034
# make run's demo: on-chip coherent memory on ivshmem, and a 28-bit edu
# device streaming DMA through swiotlb, booted with a swiotlb= option.
DESC="demo: ivshmem BAR as coherent memory + 28-bit edu through swiotlb=96M"
QEMU_ARGS='-object memory-backend-file,id=shm,share=on,mem-path=$RUN/ivshmem.bin,size=1M -device ivshmem-plain,memdev=shm -device edu,dma_mask=0xfffffff'
CMDLINE="swiotlb=96M"
GUEST='
if [ -f /lib/rig/dma_declare_coherent_sample.ko ]; then
	insmod /lib/rig/dma_declare_coherent_sample.ko
else
	echo "rig-demo: no sample driver in this kernel; using the rig probe"
	insmod /lib/rig/rig_coherent.ko mode=map
fi
insmod /lib/rig/rig_edu_dma.ko bits=28 count=4
'
NEED_KTAP=0
