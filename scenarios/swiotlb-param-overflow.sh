# shellcheck shell=bash disable=SC2034
BAD='99999999999999999999' WHAT="overflows 64 bits"
. "$(dirname "${BASH_SOURCE[0]}")/lib/swiotlb-malformed.sh"
