# shellcheck shell=bash disable=SC2034
BAD='64Mxyz' WHAT="trailing garbage"
. "$(dirname "${BASH_SOURCE[0]}")/lib/swiotlb-malformed.sh"
