# shellcheck shell=bash disable=SC2034
# swiotlb=,33554432: 2^25 areas.  v6.12 rounds the pool up to 128 slots
# per area (8 TiB), halves it down to what memblock gives, and, as
# nareas * IO_TLB_SEGSIZE wraps to 0 in limit_nareas(), keeps 2^25 areas
# of no slots each (and a minute of boot under TCG).  The series fixes
# the overflow (its first patch) and refuses more than 2^24 areas.
BAD=',33554432' WHAT="2^25 areas"
. "$(dirname "${BASH_SOURCE[0]}")/lib/swiotlb-malformed.sh"
TIMEOUT=300
