// SPDX-License-Identifier: GPL-2.0
/*
 * Alternative "bytes" for make bench (bench/alt/README): one class byte per word and no class maps: a request scans the bytes
 * of the words below its limit for the smallest class that holds it.
 */
/*
 * Page allocator for per-device coherent memory, the core of
 * dma_declare_coherent_memory().  Callers serialise all calls; none sleeps
 * or allocates.  Only bitops are used: tools/testing/dma-coherent builds
 * this file as it is.
 *
 * An allocation takes exactly the pages asked for, its DMA address aligned
 * to the smallest power of two pages that covers it; pages skipped for
 * alignment stay free.  Each word of the maps (BITS_PER_LONG pages, aligned
 * in DMA address space) has a class, the order of its largest free aligned
 * block.  A request of up to BITS_PER_LONG pages goes to the hot word,
 * where the last one went, unless a word of a smaller class may hold it;
 * else to the first word of the smallest class that does.  Larger requests
 * search linearly in the words.
 */
#include <linux/bitmap.h>
#include <linux/find.h>
#include <linux/math.h>

#include "dma-coherent-pool.h"

#define DCP_REP(x)	((unsigned long)(x) * (~0UL / 0xffffffffUL))

/* the bits at the multiples of 2^j */
static const unsigned long dcp_stride[] = {
	DCP_REP(0xffffffff), DCP_REP(0x55555555), DCP_REP(0x11111111),
	DCP_REP(0x01010101), DCP_REP(0x00010001), DCP_REP(1), 1,
};

/* @nr <= BITS_PER_LONG bits from bit 0 */
static __always_inline unsigned long dcp_run(unsigned long nr)
{
	return ~0UL >> (BITS_PER_LONG - nr);
}

static __always_inline unsigned long
dcp_free_bits(struct dma_coherent_pool *pool, unsigned long w)
{
	return ~(pool->used[w] | pool->mark[w]);
}

/* 1 + the order of the largest free aligned block in @f, 0 if none */
static __always_inline unsigned int dcp_class_of(unsigned long f)
{
	unsigned int j;

	if (!(f + (f & -f)))	/* no free bit, or one run up to the top */
		return f ? __fls(BITS_PER_LONG - __ffs(f)) + 1 : 0;
	if (!(f & (f + 1)))	/* one free run from bit 0 */
		return __fls(__fls(f) + 1) + 1;
	/* keep the bits that start a free aligned block of 2^(j + 1) */
	for (j = 0; f; j++)
		f &= (f >> (1U << j)) & dcp_stride[j + 1];
	return j;
}

/* set or clear bits [@b, @e) of @map, moving the words between classes */
static void dcp_update(struct dma_coherent_pool *pool, unsigned long *map,
		       unsigned long b, unsigned long e, bool set)
{
	unsigned long w = b / BITS_PER_LONG, m = BITMAP_FIRST_WORD_MASK(b);

	for (; w * BITS_PER_LONG < e; w++, m = ~0UL) {
		if (w == (e - 1) / BITS_PER_LONG)
			m &= BITMAP_LAST_WORD_MASK(e);
		map[w] = set ? map[w] | m : map[w] & ~m;
		pool->cls[w] = dcp_class_of(dcp_free_bits(pool, w));
	}
}

/* whether bits [@b, @e) of the maps are all free */
static bool dcp_range_free(struct dma_coherent_pool *pool, unsigned long b,
			   unsigned long e)
{
	unsigned long w = b / BITS_PER_LONG, m = BITMAP_FIRST_WORD_MASK(b);

	for (; w * BITS_PER_LONG < e; w++, m = ~0UL)
		if (m & ~dcp_free_bits(pool, w) & (w == (e - 1) / BITS_PER_LONG ?
		    BITMAP_LAST_WORD_MASK(e) : ~0UL))
			return false;
	return true;
}

/* the first bit where @nr pages of order @k <= DCP_TOP fit in word @w, or -1 */
static __always_inline long dcp_fit(struct dma_coherent_pool *pool,
				    unsigned long w, unsigned long nr,
				    unsigned int k, unsigned long lim)
{
	unsigned long f = dcp_free_bits(pool, w), b = w * BITS_PER_LONG, len;

	if (b + nr > lim)
		return -1;
	if (lim - b < BITS_PER_LONG)	/* pages from @lim on are out of reach */
		f &= BITMAP_LAST_WORD_MASK(lim - b);
	/* the bits where @nr free bits start, at multiples of 2^@k */
	for (len = 1; 2 * len <= nr; len *= 2)
		f &= f >> len;
	if (len < nr)
		f &= f >> (nr - len);
	f &= dcp_stride[k];
	return f ? b + __ffs(f) : -1;
}

/*
 * @nr pages of order @k <= DCP_TOP below bit @lim, in the first word of
 * the smallest class that holds them.  A run shorter than its alignment
 * may also fit in a word of class k - 1.
 */
static long dcp_alloc_small(struct dma_coherent_pool *pool, unsigned long nr,
			    unsigned int k, unsigned long lim)
{
	unsigned long nw = DIV_ROUND_UP(lim, BITS_PER_LONG), w, bw = 0;
	unsigned int first = k - (k && (nr & (nr - 1))) + 1, best = DCP_TOP + 2;
	long b = -1, f;

	for (w = 0; w < nw && best > first; w++) {
		if (pool->cls[w] < first || pool->cls[w] >= best)
			continue;
		f = dcp_fit(pool, w, nr, k, lim);
		if (f >= 0) {
			b = f;
			bw = w;
			best = pool->cls[w];
		}
	}
	if (b < 0)
		return -1;
	pool->used[bw] |= dcp_run(nr) << (b % BITS_PER_LONG);
	pool->cls[bw] = dcp_class_of(dcp_free_bits(pool, bw));
	return b;
}

/* @nr free pages below bit @lim from bit @b on, at multiples of 2^@k */
static long dcp_alloc_linear(struct dma_coherent_pool *pool, unsigned long nr,
			     unsigned int k, unsigned long b, unsigned long lim)
{
	for (; b + nr <= lim; b += BIT(k))
		if (dcp_range_free(pool, b, b + nr))
			return b;
	return -1;
}

/**
 * dcp_alloc() - allocate @nr pages below page @limit
 * @pool: the pool
 * @nr: number of pages
 * @limit: first page number that may not be used
 *
 * Return: the first page, its DMA page frame number a multiple of the
 * smallest power of two >= @nr; if no such run is free and the region's
 * start is less aligned, its page number a multiple of it (as v6.12 did:
 * rpmsg fills a 16 KiB remoteproc carveout at 0x10042000 at once); or -1.
 */
long dcp_alloc(struct dma_coherent_pool *pool, unsigned long nr,
	       unsigned long limit)
{
	unsigned int k = nr > 1 ? __fls(nr - 1) + 1 : 0;
	unsigned long pfn = pool->base * BITS_PER_LONG + pool->skew;
	long b = -1;

	if (!nr || nr > pool->nr_free || nr > limit)
		return -1;
	limit = min(limit, pool->nr_pages) + pool->skew;
	if (k <= DCP_TOP)
		b = dcp_alloc_small(pool, nr, k, limit);
	if (b >= 0)
		goto done;
	if (k > DCP_TOP)
		b = dcp_alloc_linear(pool, nr, k, pool->skew +
				     (-pfn & (BIT(k) - 1)), limit);
	if (b < 0 && (pfn & (BIT(k) - 1)))
		b = dcp_alloc_linear(pool, nr, k, pool->skew, limit);
	if (b < 0)
		return -1;
	dcp_update(pool, pool->used, b, b + nr, true);
done:
	__set_bit(b, pool->mark);
	pool->nr_free -= nr;
	return b - pool->skew;
}

/**
 * dcp_alloc_len() - the number of pages of the allocation at @page
 * @pool: the pool
 * @page: a page number
 *
 * Return: 0 if no allocation starts at @page.
 */
unsigned long dcp_alloc_len(struct dma_coherent_pool *pool,
			    unsigned long page)
{
	unsigned long b = page + pool->skew, w = b / BITS_PER_LONG, end;

	if (page >= pool->nr_pages ||
	    !(pool->used[w] & pool->mark[w] & BIT_MASK(b)))
		return 0;
	/* it ends at the first page that is not a further page of it */
	end = (~pool->used[w] | pool->mark[w]) & (BITMAP_FIRST_WORD_MASK(b) << 1);
	while (!end && ++w < pool->nr_words)
		end = ~pool->used[w] | pool->mark[w];
	return w * BITS_PER_LONG + (end ? __ffs(end) : 0) - b;
}

/**
 * dcp_free() - free the allocation that starts at @page
 * @pool: the pool
 * @page: as dcp_alloc() returned it
 *
 * Return: the number of pages freed; 0, changing nothing, if no
 * allocation starts at @page.
 */
unsigned long dcp_free(struct dma_coherent_pool *pool, unsigned long page)
{
	unsigned long nr = dcp_alloc_len(pool, page), b = page + pool->skew;

	if (!nr)
		return 0;
	__clear_bit(b, pool->mark);
	dcp_update(pool, pool->used, b, b + nr, false);
	pool->nr_free += nr;
	return nr;
}

/**
 * dcp_occupy() - take pages [@page, @page + @nr) out of @pool for good
 * @pool: the pool
 * @page: first page
 * @nr: number of pages
 *
 * Return: 0; or -1, changing nothing, if the range is empty, not inside
 * the pool, or holds a page that is allocated or occupied.
 */
int dcp_occupy(struct dma_coherent_pool *pool, unsigned long page,
	       unsigned long nr)
{
	unsigned long b = page + pool->skew;

	if (!nr || page >= pool->nr_pages || nr > pool->nr_pages - page ||
	    !dcp_range_free(pool, b, b + nr))
		return -1;
	dcp_update(pool, pool->mark, b, b + nr, true);
	pool->nr_free -= nr;
	return 0;
}

/**
 * dcp_nr_allocs() - the number of allocations of @pool not freed
 * @pool: the pool
 */
unsigned long dcp_nr_allocs(struct dma_coherent_pool *pool)
{
	unsigned long n = 0, w;

	for (w = 0; w < pool->nr_words; w++)
		n += hweight_long(pool->used[w] & pool->mark[w]);
	return n;
}

/**
 * dcp_meta_longs() - the number of zeroed longs dcp_init() takes
 * @nr_pages: number of pages, > 0
 * @dma_pfn: DMA page frame number of page 0
 */
unsigned long dcp_meta_longs(unsigned long nr_pages, unsigned long dma_pfn)
{
	unsigned long nw = DIV_ROUND_UP(dma_pfn % BITS_PER_LONG + nr_pages,
					BITS_PER_LONG);

	return 2 * nw + DIV_ROUND_UP(nw, sizeof(long));
}

/**
 * dcp_init() - set up an empty pool
 * @pool: the pool
 * @nr_pages: number of pages, > 0
 * @dma_pfn: DMA page frame number of page 0, to which alignment refers
 * @meta: dcp_meta_longs() zeroed longs, freed by the caller
 */
void dcp_init(struct dma_coherent_pool *pool, unsigned long nr_pages,
	      unsigned long dma_pfn, unsigned long *meta)
{
	unsigned long skew = dma_pfn % BITS_PER_LONG, w;
	unsigned long nw = DIV_ROUND_UP(skew + nr_pages, BITS_PER_LONG);
	*pool = (struct dma_coherent_pool) {
		.used = meta, .mark = meta + nw, .skew = skew,
		.base = dma_pfn / BITS_PER_LONG, .nr_words = nw,
		.nr_pages = nr_pages, .nr_free = nr_pages,
	};
	pool->cls = (u8 *)(meta + 2 * nw);
	/* all pages reserved, then those of the region freed */
	for (w = 0; w < nw; w++)
		pool->mark[w] = ~0UL;
	dcp_update(pool, pool->mark, skew, skew + nr_pages, false);
}
