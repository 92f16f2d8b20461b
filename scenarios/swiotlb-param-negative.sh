# shellcheck shell=bash disable=SC2034
BAD='-64M' WHAT="negative"
. "$(dirname "${BASH_SOURCE[0]}")/lib/swiotlb-malformed.sh"
