# The rig for the dma-coherent / swiotlb series.  Each target does one
# thing; the scripts in rig/ do the work.  See README.md.

.PHONY: all tree export build build-base run check check-all bench clean help \
	swiotlb-parse-diff

all: help

help:
	@echo "make run        set up, build the patched kernel, boot the demo"
	@echo "make check      the test command (ends with 'N passed, M failed')"
	@echo "make check-all  check plus the heavier suites"
	@echo "make tree       unpack linux-source-6.12 and apply patches/ (KSRC=... for a git tree)"
	@echo "make export     regenerate patches/ from the commits in build/linux"
	@echo "make build      build the patched test kernel (FLAVOUR=debug for sanitizers)"
	@echo "make build-base build the unpatched v6.12 baseline"
	@echo "make scenario S=name [TREE=base]  boot one QEMU scenario"
	@echo "make bench      allocator and swiotlb benchmarks side by side with v6.12"
	@echo "make swiotlb-parse-diff  swiotlb= of v6.12 vs the series on 100,000 strings (seconds; part of check)"

FLAVOUR ?= test
TREE ?= patched

tree:
	@rig/tree.sh

export:
	@rig/export.sh

build: tree
	@rig/build.sh patched $(FLAVOUR)

build-base: tree
	@rig/build.sh base $(FLAVOUR)

scenario:
	@rig/qemu.sh $(TREE) $(FLAVOUR) $(S)

run:
	@rig/run.sh

check:
	@rig/check.sh

check-all:
	@rig/check.sh
	@rig/check-all.sh

# The swiotlb part in QEMU first (it builds both kernels, flavour bench),
# then the allocator harness, which prints the merged table.  The trees are
# used as they are (make tree only when one is missing): re-applying the
# series would move the dma-series branch under a developer's feet.
bench:
	@if [ ! -e "$${KTREE:-$${BUILD:-build}/linux}" ] || [ ! -e "$${KBASE:-$${BUILD:-build}/base}" ]; then \
		rig/tree.sh; fi
	@rig/bench-qemu.sh
	@rig/bench-harness.sh

# The swiotlb= parser and sizing of v6.12 and of the series, cut out of both
# trees and compared in userspace (rig/swiotlb-parse-diff.py --help).  Runs
# on the host in seconds and needs only the trees: make check runs it too.
swiotlb-parse-diff:
	@if [ ! -e "$${KTREE:-$${BUILD:-build}/linux}" ] || [ ! -e "$${KBASE:-$${BUILD:-build}/base}" ]; then \
		rig/tree.sh; fi
	@rig/swiotlb-parse-diff.sh $(ARGS)

# Kernel objects live in the trees (rig/lib.sh kernel_out); build/out/
# only links to them.
clean:
	rm -rf build/out build/run build/check build/linux/.rig-out-* build/base/.rig-out-* build/prefix/.rig-out-*
