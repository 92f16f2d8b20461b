# Guest side of rig/bench-qemu.sh, booted without any swiotlb= argument:
# the host reads the default pool from the kernel's boot line
# "software IO TLB: mapped [mem A-B] (NMB)"; nothing to run here.
echo "rig-bench: cmdline $(cat /proc/cmdline)"
