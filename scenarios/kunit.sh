# shellcheck shell=bash disable=SC2034
DESC="the series' KUnit suites, built in, on a 5 GiB guest"
KUNIT=1
GUEST=""
EXPECT_BASE=skip
# dct_no_mask allocates for a device without a coherent mask, as the sh
# boards do: dma_alloc_attrs() warns about that once, on v6.12 as well.
SPLAT_ALLOW='WARNING: .* at [./]*(linux/)?kernel/dma/mapping\.c:[0-9]+ dma_alloc_attrs'
