# shellcheck shell=bash disable=SC2034,SC2016
DESC="arm vexpress-a9: the motherboard PL111 CLCD (1001f000.clcd, drivers/gpu/drm/pl111) takes the vram@4c000000 no-map shared-dma-pool with of_reserved_mem_device_init() and drives /dev/fb0 from it through the sii9022 DVI bridge; the guest writes a pattern to /dev/fb0, the host finds it in the vram (QEMU pmemsave) where the pool's debugfs says its allocation is; then unbind and bind again, no splat, no leak"
QEMU_ARCH=arm
FLAVOURS="arm"
MEM=512M
TIMEOUT=300
NEED_KTAP=0
EXPECT_BASE=pass
# The tree's vexpress-v2p-ca9.dtb as built, with two fixes (see README's
# row and the issue's investigation):
#  - the core tile's own CLCD (clcd@10020000) is disabled: while it is
#    there the motherboard CLCD's driver leaves the DVI to it and stops
#    ("core tile graphics present") after having taken the pool;
#  - the sii902x driver reads port@1 of the transmitter as its output to a
#    next bridge (since v6.4), but this tree wires the motherboard CLCD to
#    port@1 as a second input: the driver then waits for a bridge at
#    clcd@1f000 forever ("Failed to find remote bridge"), and both CLCDs
#    wait for the sii902x.  The motherboard CLCD goes to port@0 instead
#    (the core tile's input, unused with its CLCD off) and port@1 goes.
mb=/bus@40000000/motherboard-bus@40000000/iofpga@7,00000000
DT_EDIT='dvi='$mb'/i2c@16000/dvi-transmitter@39/ports
clcd='$mb'/clcd@1f000
fdtput -t s "$DTB" /clcd@10020000 status disabled
fdtput -r "$DTB" /clcd@10020000/port
in0=$(fdtget -t x "$DTB" $dvi/port@0/endpoint phandle)
mbep=$(fdtget -t x "$DTB" $clcd/port/endpoint phandle)
fdtput -t x "$DTB" $dvi/port@0/endpoint remote-endpoint "$mbep"
fdtput -t x "$DTB" $clcd/port/endpoint remote-endpoint "$in0"
fdtput -r "$DTB" $dvi/port@1'
GUEST='d=/sys/kernel/debug
pool=$d/dma-coherent/vram@4c000000
fb=/sys/class/graphics/fb0
i=0
while [ ! -e /dev/fb0 ] && [ $i -lt 100 ]; do sleep 0.2; i=$((i + 1)); done
echo "rig-fb: driver $(basename "$(readlink /sys/bus/amba/devices/1001f000.clcd/driver)")"
sed "s/^/rig-fb: deferred /" $d/devices_deferred
stats() {
	for f in size used high_water failed fallbacks; do
		echo "rig-fb: $1 pool $f=$(cat $pool/$f 2>/dev/null || echo none)"
	done
}
# (/init sources this: return, never exit)
fbtest() {
	[ -e /dev/fb0 ] || { echo "rig-fb: no /dev/fb0"; stats nofb; return 0; }
	echo "rig-fb: fb0 name=$(cat $fb/name) virtual_size=$(cat $fb/virtual_size) stride=$(cat $fb/stride) bpp=$(cat $fb/bits_per_pixel)"
	# fbcon drew its logo and cursor on fb0: unbind it, the pattern must stay
	for v in /sys/class/vtconsole/vtcon*; do
		grep -q "frame buffer" $v/name && echo 0 >$v/bind && echo "rig-fb: fbcon unbound ($(basename $v))"
	done
	size=$(( $(cat $fb/stride) * $(cut -d, -f2 $fb/virtual_size) ))
	yes RIG-FB-PATTERN-0123456789abcde | head -c $size | dd of=/dev/fb0 bs=4096 2>/dev/null
	echo "rig-fb: wrote $size bytes, read back $(head -c $size /dev/fb0 | md5sum | cut -c1-32)"
	stats first
	exec 3</dev/ttyAMA1
	echo "rig-fb: pattern written"
	read -t 120 ack <&3
	echo "rig-fb: host ${ack:-did not answer}"
	exec 3<&-
	# second round: unbind (the pool is released), bind (taken again)
	echo 1001f000.clcd >/sys/bus/amba/drivers/drm-clcd-pl111/unbind
	echo "rig-fb: unbound, fb0 $([ -e /dev/fb0 ] && echo still there || echo gone)"
	stats unbound
	echo 1001f000.clcd >/sys/bus/amba/drivers/drm-clcd-pl111/bind
	i=0
	while [ ! -e /dev/fb0 ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
	echo "rig-fb: bound again, driver $(basename "$(readlink /sys/bus/amba/devices/1001f000.clcd/driver)"), fb0 $(cat $fb/name 2>/dev/null || echo none)"
	stats rebound
}
fbtest
# kmemleak reports only objects older than 5 s: let those of the second
# probe (and anything the unbind left behind) age before /init scans
[ -w $d/kmemleak ] && echo "rig-fb: kmemleak on, waiting before its scan"
sleep 6'
host_live() {
	"$TOP/rig/qemu-live.py" "$RUN" '^rig-fb: pattern written' 300 \
		stop "pmemsave 0x4c000000 0x800000 \"$RUN/vram.bin\"" cont
}
host_check() {
	local splats n size want off got used hw
	splats=$(grep -E "$SPLAT_RE" console.txt)
	[ -z "$splats" ] || { echo "splat: $(head -1 <<<"$splats")"; return 1; }
	grep -q 'Reserved memory: created DMA memory pool at 0x4c000000, size 8 MiB' console.txt ||
		{ echo "no vram pool at 0x4c000000"; return 1; }
	grep -q '1001f000.clcd: DVI muxed to motherboard CLCD' console.txt ||
		{ echo "the DVI was not muxed to the motherboard CLCD: $(grep -m1 -o '1001f000.clcd: core tile graphics present' console.txt)"; return 1; }
	grep -q '^rig-fb: kmemleak on' console.txt || { echo "kmemleak is not on in the guest"; return 1; }
	n=$(grep -c '1001f000.clcd: using device-specific reserved memory' console.txt)
	# neither the CLCD nor the DVI transmitter may be left waiting
	if grep -qE '^rig-fb: deferred .*(1001f000\.clcd|0-0039)' console.txt; then
		echo "still deferred ($n probe attempts took the pool): $(grep -E '^rig-fb: deferred .*(1001f000\.clcd|0-0039)' console.txt | tr '\n\t' '  ')"
		return 1
	fi
	grep -q '^rig-fb: fb0 name=' console.txt ||
		{ echo "no /dev/fb0 ($n probe attempts took the pool); $(grep -m3 '^rig-fb: deferred' console.txt | tr '\n' ' ')"; return 1; }
	size=$(sed -n 's/^rig-fb: wrote \([0-9]*\) bytes.*/\1/p' console.txt)
	want=$(yes RIG-FB-PATTERN-0123456789abcde | head -c "$size" | md5sum | cut -c1-32)
	grep -q "^rig-fb: wrote $size bytes, read back $want" console.txt ||
		{ echo "the guest read back something else from /dev/fb0"; return 1; }
	[ "$(stat -c %s vram.bin 2>/dev/null)" = 8388608 ] ||
		{ echo "no pmemsave of the vram: $(tr '\n' ' ' <host-live.log)"; return 1; }
	off=$(grep -abo -m1 'RIG-FB-PATTERN-' vram.bin | head -1 | cut -d: -f1)
	[ -n "$off" ] || { echo "the pattern is not in the vram at 0x4c000000"; return 1; }
	got=$(tail -c +$((off + 1)) vram.bin | head -c "$size" | md5sum | cut -c1-32)
	[ "$got" = "$want" ] || { echo "the vram at offset $off holds something else than the guest wrote"; return 1; }
	grep -q '^rig-fb: host go$' console.txt || { echo "the guest did not hear from the host"; return 1; }
	used=$(sed -n 's/^rig-fb: first pool used=//p' console.txt)
	hw=$(sed -n 's/^rig-fb: first pool high_water=//p' console.txt)
	local where
	where="$size bytes at phys $(printf '0x%x' $((0x4c000000 + off)))"
	if [ "$used" != none ]; then
		# the series' debugfs: the framebuffer is the pool's only allocation
		[ "$(sed -n 's/^rig-fb: first pool size=//p' console.txt)" = 8388608 ] ||
			{ echo "debugfs size is not 8 MiB"; return 1; }
		[ "$used" = $(((size + 4095) / 4096 * 4096)) ] ||
			{ echo "debugfs used=$used, want the framebuffer's $size bytes in whole pages"; return 1; }
		[ "$((off + size))" -le "$used" ] ||
			{ echo "pattern at offset $off+$size lies outside the used $used bytes"; return 1; }
		if ! grep -q '^rig-fb: first pool failed=0$' console.txt ||
			! grep -q '^rig-fb: first pool fallbacks=0$' console.txt; then
			echo "debugfs failed/fallbacks not 0"
			return 1
		fi
		grep -q '^rig-fb: unbound pool used=0$' console.txt ||
			{ echo "after unbind: $(grep -m1 '^rig-fb: unbound pool used' console.txt)"; return 1; }
		grep -q "^rig-fb: rebound pool used=$used$" console.txt ||
			{ echo "after bind: $(grep -m1 '^rig-fb: rebound pool used' console.txt), want $used"; return 1; }
		where="$where; debugfs size=8388608 used=$used high_water=$hw"
	fi
	grep -q '^rig-fb: bound again, driver drm-clcd-pl111, fb0 ' console.txt ||
		{ echo "no framebuffer after unbind and bind: $(grep -m1 '^rig-fb: bound again' console.txt)"; return 1; }
	echo "pattern found in vram: $where; pool taken on $n probes, released and taken again on unbind/bind"
}
