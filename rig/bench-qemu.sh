#!/bin/bash
# bench-qemu.sh: instrument (b) of make bench, the swiotlb path in QEMU on
# the unpatched v6.12 ($KBASE) and the patched kernel ($KTREE), built with
# the same config (rig/build.sh TREE bench: the test fragments).
#
# Every round boots each kernel twice, baseline first (A B A B ...):
#   swiotlb=force  the kernel's dma_map_benchmark (64-bit mask, 1 and 2
#                  threads, granule 1 and 16 pages; then a 28-bit mask),
#                  then modules/rig_swiotlb_load.c (28-bit mappings while a
#                  64-bit device holds 90% of what it can take);
#   no swiotlb=    the default pool's place, from the boot line
#                  "software IO TLB: mapped [mem A-B]".
# Guests: TCG, 5 GiB, -smp 2, tsc=reliable; the swiotlb=force guests with
# -icount and one vCPU (guest time follows the instructions executed, so
# the latencies dma_map_benchmark reports repeat; TCG wall-clock figures
# did not, a ratio of 0.74 in one run and 1.49 in the next; its two
# threads then share that vCPU).  Writes build/bench/qemu/
# (consoles per round, rounds.tsv, swiotlb-map-unmap.png) and
# build/bench/qemu.tsv (medians, min, max per metric and kernel), which
# rig/bench-summary.py merges into summary.tsv and report.md.
#
#   BENCH_ROUNDS=5        rounds (each: 4 boots)
#   BENCH_DMB_SECONDS=1   guest seconds per dma_map_benchmark run
#   BENCH_ICOUNT=shift=3,sleep=off   QEMU -icount for the swiotlb=force
#                         guests (empty: wall clock).  shift=0 hung the
#                         guest before its first result on QEMU 7.2.
. "$(dirname "$0")/lib.sh"

ROUNDS=${BENCH_ROUNDS:-5}
SECS=${BENCH_DMB_SECONDS:-1}
ICOUNT=${BENCH_ICOUNT-shift=3,sleep=off}
TIMEOUT=${BENCH_TIMEOUT:-600}
OUT=$BUILD/bench/qemu
[ "$ROUNDS" -ge 1 ] 2>/dev/null || die "BENCH_ROUNDS must be a positive number"
need_pkgs qemu-system-x86 gcc libc6-dev gnuplot-nox busybox-static cpio

# Both kernels, same fragments.  Each out dir lives in its own source tree
# (rig/lib.sh kernel_out), so another KTREE has its own.
for tree in base patched; do
	src=$(tree_src "$tree") || exit 1
	kout=$BUILD/out/$tree-bench
	note "building $tree-bench from $src (incremental)"
	"$TOP/rig/build.sh" $tree bench >/dev/null
	[ -f "$kout/initramfs/lib/rig/rig_swiotlb_load.ko" ] ||
		die "rig_swiotlb_load.ko missing from $kout's initramfs"
done

rm -rf "$OUT" "$BUILD/bench/qemu.tsv"
mkdir -p "$OUT"

# The userspace half of dma_map_benchmark, static, against each tree's
# header (include/linux/map_benchmark.h is not uapi: the tree's include/ is
# searched after the system's, so <linux/types.h> stays the uapi one), plus
# the guest scripts, as extra cpio segments after each kernel's initramfs.
for tree in base patched; do
	src=$(tree_src "$tree") || exit 1
	kout=$BUILD/out/$tree-bench
	d=$OUT/$tree
	mkdir -p "$d/tool/bin"
	gcc -static -O2 -Wall -idirafter "$src/include" -o "$d/tool/bin/dma_map_benchmark" \
		"$src/tools/testing/selftests/dma/dma_map_benchmark.c" 2>"$d/tool.log" ||
		{ cat "$d/tool.log" >&2; die "building dma_map_benchmark from $src failed"; }
	for kind in swiotlb pool; do
		mkdir -p "$d/$kind"
		{ echo "DMB_SECONDS=$SECS"; cat "$TOP/bench/qemu/$kind.sh"; } >"$d/$kind/scenario.sh"
		(cd "$d/$kind" && echo scenario.sh | cpio -o -H newc --quiet | gzip -1) >"$d/$kind.cpio.gz"
		(cd "$d/tool" && find bin | cpio -o -H newc --quiet | gzip -1) >"$d/tool.cpio.gz"
		cat "$kout/initramfs.cpio.gz" "$d/tool.cpio.gz" "$d/$kind.cpio.gz" >"$d/$kind.initrd.gz"
	done
done

# boot TREE KIND ROUND: one guest; its console in $OUT/rROUND/TREE-KIND.
boot() {
	local tree=$1 kind=$2 r=$3 run=$OUT/r$3/$1-$2 cmdline devs rc t0 smp=2
	mkdir -p "$run"
	case $kind in
	swiotlb)
		cmdline="swiotlb=force"
		# icount with two vCPUs ran ~20 times slower and now and then
		# hung the guest in its first benchmark: one vCPU under icount
		[ -n "$ICOUNT" ] && smp=1
		devs="${ICOUNT:+-icount $ICOUNT} -device edu,addr=0x10 -device edu,addr=0x11,dma_mask=0xffffffffffffffff
		      -device edu,addr=0x12,dma_mask=0xfffffff" ;;
	pool)
		cmdline=""
		devs="" ;;
	esac
	t0=$(date +%s)
	# TCG always: the timings must come from one accelerator (and KVM
	# hangs on the machine this was written on).
	# shellcheck disable=SC2086
	timeout --foreground -k 5 "$TIMEOUT" qemu-system-x86_64 -accel tcg \
		-machine pc -cpu max -m 5G -smp "$smp" \
		-nographic -no-reboot -nodefaults -serial stdio \
		-kernel "$BUILD/out/$tree-bench/arch/x86/boot/bzImage" \
		-initrd "$OUT/$tree/$kind.initrd.gz" \
		-append "console=ttyS0 panic=-1 tsc=reliable kunit.enable=0 $cmdline" \
		$devs </dev/null >"$run/console.log" 2>"$run/qemu.err"
	rc=$?
	tr -d '\r' <"$run/console.log" >"$run/console.txt"
	rm -f "$run/console.log"
	[ $rc = 0 ] || note "round $r $tree $kind: QEMU exited with $rc, see $run/"
	python3 "$TOP/bench/qemu/parse.py" parse "$r" "$tree" "$kind" "$run/console.txt" >>"$OUT/rounds.tsv"
	printf '%s\t%s\tinfo.boot_seconds.%s\ts\t%s\n' "$r" "$tree" "$kind" $(($(date +%s) - t0)) >>"$OUT/rounds.tsv"
}

printf 'round\ttree\tmetric\tunit\tvalue\n' >"$OUT/rounds.tsv"
start=$(date +%s)
set +e
for r in $(seq 1 "$ROUNDS"); do
	for tree in base patched; do
		note "round $r/$ROUNDS: $tree"
		boot $tree swiotlb "$r"
		boot $tree pool "$r"
	done
done
set -e
note "$ROUNDS rounds in $(($(date +%s) - start)) s"

python3 "$TOP/bench/qemu/parse.py" aggregate "$OUT/rounds.tsv" "$BUILD/bench/qemu.tsv"
note "wrote $OUT/rounds.tsv $BUILD/bench/qemu.tsv"

# Metric 6: medians with min-max bars, v6.12 against patched.
awk -F'\t' '$1 ~ /^swiotlb\.map_unmap\.64bit\./ {
	sub(/^swiotlb\.map_unmap\.64bit\./, "", $1)
	print $1, $3, $4, $5, $9, $10, $11 }' "$BUILD/bench/qemu.tsv" >"$OUT/map-unmap.dat"
if [ -s "$OUT/map-unmap.dat" ]; then
	gnuplot <<EOG || die "gnuplot failed"
set terminal png size 900,550 noenhanced
set output "$OUT/swiotlb-map-unmap.png"
set title "dma_map_benchmark, swiotlb=force, 64-bit mask (TCG guest): median, min-max"
set ylabel "us per map+unmap"
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.6 border -1
set yrange [0:*]
set grid ytics
set key top left
plot "$OUT/map-unmap.dat" using 2:3:4:xtic(1) title "v6.12", \
     "" using 5:6:7 title "patched"
EOG
	cp "$OUT/swiotlb-map-unmap.png" "$BUILD/bench/swiotlb-map-unmap.png"
	note "wrote $BUILD/bench/swiotlb-map-unmap.png"
fi
# medians and min/max of both kernels (qemu.tsv also has every round's value)
cut -f1-5,9-11 "$BUILD/bench/qemu.tsv" | column -t -s "$(printf '\t')" >&2 || true
