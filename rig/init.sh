#!/bin/busybox sh
# /init of the rig's guests: mount the basics, run /scenario.sh, stop.
/bin/busybox mkdir -p /proc /sys /dev /tmp /bin /sbin
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
echo "rig: guest up: Linux $(uname -r)"
if [ -f /scenario.sh ]; then
	. /scenario.sh
fi
if [ -w /sys/kernel/debug/kmemleak ]; then
	echo scan >/sys/kernel/debug/kmemleak
	sleep 1
	echo scan >/sys/kernel/debug/kmemleak
	cat /sys/kernel/debug/kmemleak | head -50
fi
# gcov flavour: hand the profiles to the host, base64 on the console
if [ -d /sys/kernel/debug/gcov ]; then
	dmesg -n 1
	find /sys/kernel/debug/gcov -name '*.gcda' | while read -r f; do
		echo "rig-gcda-begin ${f#/sys/kernel/debug/gcov}"
		base64 <"$f"
		echo "rig-gcda-end"
	done
fi
echo "rig: guest done"
sync
reboot -f
