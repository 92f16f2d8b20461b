# shellcheck shell=bash disable=SC2034
BAD='' WHAT="empty"
. "$(dirname "${BASH_SOURCE[0]}")/lib/swiotlb-malformed.sh"
