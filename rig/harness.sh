#!/bin/bash
# Userspace tests of the coherent pool allocator (tools/testing/dma-coherent
# in the kernel tree), built under $BUILD/harness, never in the tree.
#
#   harness.sh check   build dcp_test (gcc, ASan/UBSan), run a few seeds
#   harness.sh check32 the same with BITS_PER_LONG 32: dcp_test built for
#                      armhf (static, no sanitizers), run by qemu-arm-static
#   harness.sh fuzz    build dcp_fuzz (clang, libFuzzer), run it for
#                      ${FUZZ_SECONDS:-60} s with the corpus in
#                      $BUILD/harness/corpus
#
# KTREE selects the tree (default $BUILD/linux).
. "$(dirname "$0")/lib.sh"

OUT=$BUILD/harness
SRC=$KTREE/tools/testing/dma-coherent

usage() { echo "usage: $0 check|check32|fuzz" >&2; exit 2; }

# run_seeds BIN [RUNNER...]: dcp_test over a few seeds and pool sizes
run_seeds() {
	local bin=$1 fail=0 t0 run seed ops pages log args
	shift
	t0=$(date +%s)
	# seed:ops:pages (pages 0: random pool sizes)
	for run in 1:100000:0 2:100000:0 3:100000:0 4:50000:1000 5:50000:64 \
		   6:20000:1; do
		IFS=: read -r seed ops pages <<<"$run"
		args=(-s "$seed" -n "$ops")
		[ "$pages" != 0 ] && args+=(-p "$pages")
		log=$bin.$seed.log
		if "$@" "$bin" "${args[@]}" >"$log" 2>&1; then
			note "$(basename "$bin") ${args[*]}: ok ($(grep -o '[0-9.]* s$' "$log"))"
		else
			note "$(basename "$bin") ${args[*]}: FAILED, see $log"
			tail -5 "$log" >&2
			fail=1
		fi
	done
	note "$(basename "$bin"): $(( $(date +%s) - t0 )) s in all"
	return $fail
}

[ $# -eq 1 ] || usage
[ -f "$SRC/Makefile" ] || die "$SRC/Makefile not found (KTREE=$KTREE)"
mkdir -p "$OUT"

case $1 in
check)
	need_pkgs gcc make libc6-dev
	make -s -C "$SRC" OUTPUT="$OUT" all >"$OUT/build.log" 2>&1 ||
		{ cat "$OUT/build.log" >&2; die "building dcp_test failed"; }
	run_seeds "$OUT/dcp_test"
	;;
check32)
	# the host has no 32-bit libc (and no gcc-multilib: it would take
	# the cross compilers away); armhf's cross compiler and qemu-user do
	# libc6-dev-armhf-cross is only a Recommends of the compiler
	need_pkgs gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user-static
	make -s -C "$SRC" OUTPUT="$OUT/" all32 >"$OUT/build32.log" 2>&1 ||
		{ cat "$OUT/build32.log" >&2; die "building the armhf dcp_test failed"; }
	# ELF class 1: 32-bit
	[ "$(od -An -tx1 -j4 -N1 "$OUT/32/dcp_test" | tr -d ' ')" = 01 ] ||
		die "$OUT/32/dcp_test is not a 32-bit binary"
	run_seeds "$OUT/32/dcp_test" qemu-arm-static
	;;
fuzz)
	need_pkgs clang libclang-rt-14-dev
	make -s -C "$SRC" OUTPUT="$OUT" fuzz >"$OUT/build-fuzz.log" 2>&1 ||
		{ cat "$OUT/build-fuzz.log" >&2; die "building dcp_fuzz failed"; }
	mkdir -p "$OUT/corpus" "$OUT/crashes"
	log=$OUT/fuzz.log
	rc=0
	"$OUT/dcp_fuzz" -max_total_time="${FUZZ_SECONDS:-60}" \
		-artifact_prefix="$OUT/crashes/" -print_final_stats=1 \
		"$OUT/corpus" >"$log" 2>&1 || rc=$?
	grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss)' "$log" >&2 || true
	grep -E '^#[0-9]+ *DONE' "$log" >&2 || true
	if [ $rc != 0 ]; then
		grep -E 'MISMATCH|ERROR|SUMMARY' "$log" >&2 || true
		die "dcp_fuzz found a problem (rc $rc), see $log and $OUT/crashes/"
	fi
	note "dcp_fuzz: no problem found in ${FUZZ_SECONDS:-60} s"
	;;
*)
	usage
	;;
esac
