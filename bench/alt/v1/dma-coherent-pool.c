// SPDX-License-Identifier: GPL-2.0
/*
 * Alternative "v1" for make bench (bench/alt/README): the series before the hot word (its patch 4 on 2026-12-06): no hot word,
 * class of a word found by folding its bits.
 */
/*
 * Page allocator for per-device coherent memory regions: the core behind
 * dma_declare_coherent_memory().  The caller serialises all calls (the
 * region's spinlock); none of them sleeps or allocates.  Only bitops are
 * used, so tools/testing/dma-coherent builds this file as it is.
 *
 * An allocation of nr pages takes exactly nr pages, its DMA address aligned
 * to the smallest power of two pages >= nr; pages that alignment skips stay
 * free for smaller requests.  Where no such block is free in a region whose
 * start is not aligned that much, the offset from the start is aligned
 * instead, as v6.12 did.  Each word of the page maps (BITS_PER_LONG
 * pages, aligned in DMA address space) has a class, the order of its
 * largest free aligned block.  A request of order k <= DCP_TOP takes the
 * first word of the smallest class that holds it (one find_first_bit() per
 * class tried), there the first fitting run; a larger one takes whole free
 * words.  Only the words touched are reclassed.  The usual cost does not
 * grow with the fill of the region; the worst is linear in its words, not
 * its pages: a request that is not a power of two may look at each word of
 * the class below it, and a larger one at each run of whole free words.
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

static __always_inline unsigned long
dcp_free_bits(struct dma_coherent_pool *pool, unsigned long w)
{
	return ~(pool->used[w] | pool->mark[w]);
}

/* the free aligned blocks of order j + 1, from those of order j */
static __always_inline unsigned long dcp_up(unsigned long f, unsigned int j)
{
	return f & (f >> (1U << j)) & dcp_stride[j + 1];
}

/* 1 + the order of the largest free aligned block in @f, 0 if none */
static __always_inline unsigned int dcp_class_of(unsigned long f)
{
	unsigned int j;

	if (!f)
		return 0;
	if (!(f + (f & -f)))	/* one free run, up to the top bit */
		return __fls(BITS_PER_LONG - __ffs(f)) + 1;
	if (!(f & (f + 1)))	/* one free run, from bit 0 */
		return __fls(__fls(f) + 1) + 1;
	for (j = 0; f; j++)
		f = dcp_up(f, j);
	return j;
}

/* move word @w from class @old - 1 (0: none) to the class it has now */
static __always_inline void dcp_reclass(struct dma_coherent_pool *pool,
					unsigned long w, unsigned int old)
{
	unsigned int c = dcp_class_of(dcp_free_bits(pool, w));

	if (c == old)
		return;
	if (old) {
		__clear_bit(w, pool->class[old - 1]);
		if (!--pool->nr_class[old - 1])
			pool->classes &= ~BIT(old - 1);
	}
	if (c) {
		__set_bit(w, pool->class[c - 1]);
		if (!pool->nr_class[c - 1]++)
			pool->classes |= BIT(c - 1);
	}
}

static unsigned long dcp_words(unsigned long nr_pages, unsigned long dma_pfn)
{
	return DIV_ROUND_UP(dma_pfn % BITS_PER_LONG + nr_pages, BITS_PER_LONG);
}

/* the bits of word @w that lie in [@b, @e) */
static __always_inline unsigned long dcp_mask(unsigned long w,
					      unsigned long b, unsigned long e)
{
	unsigned long m = w == b / BITS_PER_LONG ?
			  BITMAP_FIRST_WORD_MASK(b) : ~0UL;

	if (w == (e - 1) / BITS_PER_LONG)
		m &= BITMAP_LAST_WORD_MASK(e);
	return m;
}

/* set or clear bits [@b, @e) of @map, and reclass the words */
static __always_inline void dcp_update(struct dma_coherent_pool *pool,
				       unsigned long *map, unsigned long b,
				       unsigned long e, bool set)
{
	unsigned long w, m;
	unsigned int old;

	for (w = b / BITS_PER_LONG; w * BITS_PER_LONG < e; w++) {
		old = dcp_class_of(dcp_free_bits(pool, w));
		m = dcp_mask(w, b, e);
		map[w] = set ? map[w] | m : map[w] & ~m;
		dcp_reclass(pool, w, old);
	}
}

/* the first bit where @nr pages of order @k <= DCP_TOP fit in word @w, or -1 */
static long dcp_fit(struct dma_coherent_pool *pool, unsigned long w,
		    unsigned long nr, unsigned int k, unsigned long lim)
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
 * The first word of the smallest class that holds @nr pages of order @k
 * below bit @lim.  A run shorter than its alignment may fit in a word of
 * class k - 1: the first such word is tried before the larger classes,
 * and all of them before giving up.
 */
static long dcp_alloc_small(struct dma_coherent_pool *pool, unsigned long nr,
			    unsigned int k, unsigned long lim)
{
	unsigned long nw = DIV_ROUND_UP(lim, BITS_PER_LONG), w, m;
	unsigned int first = k - (k && (nr & (nr - 1)));
	long b;

	for (m = pool->classes >> first; m; m &= m - 1) {
		w = find_first_bit(pool->class[first + __ffs(m)], nw);
		b = w < nw ? dcp_fit(pool, w, nr, k, lim) : -1;
		if (b >= 0)
			return b;
	}
	if (first == k)
		return -1;
	for_each_set_bit(w, pool->class[first], nw) {
		b = dcp_fit(pool, w, nr, k, lim);
		if (b >= 0)
			return b;
	}
	return -1;
}

/* whole free words, then a head of the next, aligned to 2^@k pages */
static long dcp_alloc_large(struct dma_coherent_pool *pool, unsigned long nr,
			    unsigned int k, unsigned long lim)
{
	unsigned long step = 1UL << (k - DCP_TOP), full = nr / BITS_PER_LONG;
	unsigned long *whole = pool->class[DCP_TOP], w, o;

	w = find_first_bit(whole, pool->nr_words);
	for (;;) {
		w = round_up(w + pool->base, step) - pool->base;
		if (w >= pool->nr_words || w * BITS_PER_LONG + nr > lim)
			return -1;
		o = find_next_zero_bit(whole, w + full, w);
		if (o < w + full)
			w = find_next_bit(whole, pool->nr_words, o);
		else if (nr % BITS_PER_LONG && BITMAP_LAST_WORD_MASK(nr) &
			 ~dcp_free_bits(pool, w + full))
			w += full + 1;
		else
			return w * BITS_PER_LONG;
	}
}

/* whether bits [@b, @e) of the maps are all free */
static bool dcp_range_free(struct dma_coherent_pool *pool, unsigned long b,
			   unsigned long e)
{
	unsigned long w;

	for (w = b / BITS_PER_LONG; w * BITS_PER_LONG < e; w++)
		if (~dcp_free_bits(pool, w) & dcp_mask(w, b, e))
			return false;
	return true;
}

/*
 * @nr free pages below bit @lim at a multiple of 2^@k pages from the start
 * of the region, if that is not where the blocks aligned in DMA address
 * space start.  A request that fills a region whose start is less aligned
 * than the request (rpmsg's buffers in a remoteproc carveout) fits only
 * there, as v6.12 placed it.  Linear in the pages, and only tried where
 * the aligned search failed.
 */
static long dcp_alloc_offset(struct dma_coherent_pool *pool, unsigned long nr,
			     unsigned int k, unsigned long lim)
{
	unsigned long b;

	if (!((pool->base * BITS_PER_LONG + pool->skew) & (BIT(k) - 1)))
		return -1;
	for (b = pool->skew; b + nr <= lim; b += BIT(k))
		if (dcp_range_free(pool, b, b + nr))
			return b;
	return -1;
}

/**
 * dcp_alloc() - allocate @nr pages below page @limit from @pool
 * @pool: the pool
 * @nr: number of pages
 * @limit: first page number that may not be used
 *
 * Return: the first page, its DMA page frame number a multiple of the
 * smallest power of two >= @nr, or, if no such run of pages is free, its
 * number a multiple of it; -1 if neither is free.
 */
long dcp_alloc(struct dma_coherent_pool *pool, unsigned long nr,
	       unsigned long limit)
{
	unsigned int k = nr > 1 ? __fls(nr - 1) + 1 : 0;
	long b;

	if (!nr || nr > pool->nr_free || nr > limit)
		return -1;
	if (limit > pool->nr_pages)
		limit = pool->nr_pages;
	limit += pool->skew;
	if (k <= DCP_TOP)
		b = dcp_alloc_small(pool, nr, k, limit);
	else
		b = dcp_alloc_large(pool, nr, k, limit);
	if (b < 0)
		b = dcp_alloc_offset(pool, nr, k, limit);
	if (b < 0)
		return -1;
	dcp_update(pool, pool->used, b, b + nr, true);
	__set_bit(b, pool->mark);
	pool->nr_free -= nr;
	return b - pool->skew;
}

/**
 * dcp_alloc_len() - length of the allocation starting at @page
 * @pool: the pool
 * @page: a page number
 *
 * Return: its number of pages, or 0 if no allocation starts at @page.
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
 * Return: the number of pages freed; 0, changing nothing, if none starts
 * at @page.
 */
unsigned long dcp_free(struct dma_coherent_pool *pool, unsigned long page)
{
	unsigned long nr = dcp_alloc_len(pool, page), b = page + pool->skew;

	if (nr) {
		__clear_bit(b, pool->mark);
		dcp_update(pool, pool->used, b, b + nr, false);
		pool->nr_free += nr;
	}
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
 * dcp_nr_allocs() - count the allocations of @pool
 * @pool: the pool
 *
 * Return: the number of allocations not freed, occupied ranges aside.
 */
unsigned long dcp_nr_allocs(struct dma_coherent_pool *pool)
{
	unsigned long n = 0, w;

	for (w = 0; w < pool->nr_words; w++)
		n += hweight_long(pool->used[w] & pool->mark[w]);
	return n;
}

/**
 * dcp_meta_longs() - size of the maps of a pool
 * @nr_pages: number of pages, > 0
 * @dma_pfn: DMA page frame number of page 0
 *
 * Return: the number of zeroed longs dcp_init() takes for the maps.
 */
unsigned long dcp_meta_longs(unsigned long nr_pages, unsigned long dma_pfn)
{
	unsigned long nw = dcp_words(nr_pages, dma_pfn);

	return 2 * nw + (DCP_TOP + 1) * BITS_TO_LONGS(nw);
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
	unsigned long nw = dcp_words(nr_pages, dma_pfn);
	int c;

	*pool = (struct dma_coherent_pool) {
		.used = meta, .mark = meta + nw, .skew = skew,
		.base = dma_pfn / BITS_PER_LONG, .nr_words = nw,
		.nr_pages = nr_pages, .nr_free = nr_pages,
	};
	meta += 2 * nw;
	for (c = 0; c <= DCP_TOP; c++, meta += BITS_TO_LONGS(nw))
		pool->class[c] = meta;
	/* the bits outside the region are reserved */
	for (w = 0; w < nw; w++) {
		pool->mark[w] = ~dcp_mask(w, skew, skew + nr_pages);
		dcp_reclass(pool, w, 0);
	}
}
