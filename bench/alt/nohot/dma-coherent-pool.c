// SPDX-License-Identifier: GPL-2.0
/*
 * Alternative "nohot" for make bench (bench/alt/README): the series'
 * allocator without its hot word.
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
 * in DMA address space) is in a class, the order of its largest free
 * aligned block.  A request of up to BITS_PER_LONG pages goes to the first
 * word of the smallest class that holds it.  The usual cost does not
 * grow with the fill; the worst is linear in the words, not the pages: a
 * request that is not a power of two may try each word of the class below
 * its own, a larger one each aligned position (at most one per two words),
 * and where the region's start is less aligned than the request, the
 * offsets from it that v6.12 used are tried word by word.
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

/* whether @f has a free aligned block of 2^@j pages, 0 < @j < DCP_TOP */
static __always_inline bool dcp_has(unsigned long f, unsigned int j)
{
	/* a lane of 2^j bits of ~@f that is zero */
	return (~f - dcp_stride[j]) & f & (dcp_stride[j] << ((1U << j) - 1));
}

/* 1 + the order of the largest free aligned block in @f, 0 if none */
static __always_inline unsigned int dcp_class_of(unsigned long f)
{
	unsigned int j;

	if (!f || !~f)
		return f ? DCP_TOP + 1 : 0;
	/* blocks of 2^j pages are free for every j up to the class */
	if (dcp_has(f, 3))
		j = dcp_has(f, 4) ? 4 + (DCP_TOP > 5 && dcp_has(f, 5)) : 3;
	else
		j = dcp_has(f, 2) ? 2 : dcp_has(f, 1);
	return j + 1;
}

/* put word @w in class @c - 1 (@in) or take it out; @c = 0: no class */
static __always_inline void dcp_class_set(struct dma_coherent_pool *pool,
					  unsigned long w, unsigned int c,
					  bool in)
{
	if (!c--)
		return;
	if (in) {
		__set_bit(w, pool->class[c]);
		pool->classes |= BIT(c);
	} else {
		__clear_bit(w, pool->class[c]);
	}
}

/* set or clear bits [@b, @e) of @map, moving the words between classes */
static __always_inline void dcp_update(struct dma_coherent_pool *pool,
				       unsigned long *map, unsigned long b,
				       unsigned long e, bool set)
{
	unsigned long w = b / BITS_PER_LONG, m = BITMAP_FIRST_WORD_MASK(b);
	unsigned int old, c;

	for (; w * BITS_PER_LONG < e; w++, m = ~0UL) {
		if (w == (e - 1) / BITS_PER_LONG)
			m &= BITMAP_LAST_WORD_MASK(e);
		old = dcp_class_of(dcp_free_bits(pool, w));
		map[w] = set ? map[w] | m : map[w] & ~m;
		c = dcp_class_of(dcp_free_bits(pool, w));
		if (c != old) {
			dcp_class_set(pool, w, old, false);
			dcp_class_set(pool, w, c, true);
		}
	}
}

/* whether bits [@b, @e) of the maps are all free */
static bool dcp_range_free(struct dma_coherent_pool *pool, unsigned long b,
			   unsigned long e)
{
	unsigned long w = b / BITS_PER_LONG, m = BITMAP_FIRST_WORD_MASK(b);

	for (; w * BITS_PER_LONG < e; w++, m = ~0UL) {
		if (w == (e - 1) / BITS_PER_LONG)
			m &= BITMAP_LAST_WORD_MASK(e);
		if (m & ~dcp_free_bits(pool, w))
			return false;
	}
	return true;
}

/*
 * @b plus the first bit of @f where @nr <= 2^@k free bits start, at a
 * multiple of 2^@k <= BITS_PER_LONG, below bit @lim; or -1
 */
static __always_inline long dcp_fit_bits(unsigned long f, unsigned long b,
					 unsigned long nr, unsigned int k,
					 unsigned long lim)
{
	unsigned long len;

	if (b + nr > lim)
		return -1;
	if (lim - b < BITS_PER_LONG)	/* pages from @lim on are out of reach */
		f &= BITMAP_LAST_WORD_MASK(lim - b);
	for (len = 1; 2 * len <= nr; len *= 2)
		f &= f >> len;
	if (len < nr)
		f &= f >> (nr - len);
	f &= dcp_stride[k];
	return f ? b + __ffs(f) : -1;
}

static __always_inline long dcp_fit(struct dma_coherent_pool *pool,
				    unsigned long w, unsigned long nr,
				    unsigned int k, unsigned long lim)
{
	return dcp_fit_bits(dcp_free_bits(pool, w), w * BITS_PER_LONG, nr, k,
			    lim);
}

/*
 * The first bit of @nr pages of order @k <= DCP_TOP below bit @lim, in one
 * word: the first word of the smallest class that holds them.
 * A run shorter than its alignment may fit in a word of class k - 1: the
 * first one is tried before the larger classes, the others last.
 */
static long dcp_find_small(struct dma_coherent_pool *pool, unsigned long nr,
			   unsigned int k, unsigned long lim)
{
	unsigned long nw = DIV_ROUND_UP(lim, BITS_PER_LONG), w;
	unsigned int first = k - (k && (nr & (nr - 1))), c;
	unsigned long m = pool->classes >> first;
	long b = -1;

	for (; m && b < 0; m &= m - 1) {
		c = first + __ffs(m);
		w = find_first_bit(pool->class[c], pool->nr_words);
		if (w >= pool->nr_words)	/* empty: forget the class */
			pool->classes &= ~BIT(c);
		else if (w < nw)
			b = dcp_fit(pool, w, nr, k, lim);
	}
	for (w = first < k ? 0 : nw; b < 0 && w < nw; w++) {
		w = find_next_bit(pool->class[first], nw, w);
		if (w < nw)
			b = dcp_fit(pool, w, nr, k, lim);
	}
	return b;
}

/*
 * As dcp_find_small(), at offsets from the region's start: the free bits
 * seen from bit @s on, so that those offsets are multiples of 2^@k.  Each
 * word is tried once.
 */
static long dcp_find_offset(struct dma_coherent_pool *pool, unsigned long nr,
			    unsigned int k, unsigned long lim)
{
	unsigned long s = pool->skew & (BIT(k) - 1), w, f;
	long b = -1;

	for (w = 0; b < 0 && w * BITS_PER_LONG + s + nr <= lim; w++) {
		f = dcp_free_bits(pool, w) >> s;
		if (s && w + 1 < pool->nr_words)
			f |= dcp_free_bits(pool, w + 1) << (BITS_PER_LONG - s);
		b = dcp_fit_bits(f, w * BITS_PER_LONG + s, nr, k, lim);
	}
	return b;
}

/* @nr free pages below bit @lim from bit @b on, at multiples of 2^@k */
static long dcp_find_large(struct dma_coherent_pool *pool, unsigned long nr,
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
 * start is less aligned, its page number a multiple of it, as in v6.12
 * (rpmsg fills a 16 KiB remoteproc carveout at 0x10042000 at once); or -1.
 */
long dcp_alloc(struct dma_coherent_pool *pool, unsigned long nr,
	       unsigned long limit)
{
	unsigned int k = nr > 1 ? __fls(nr - 1) + 1 : 0;
	unsigned long skew = pool->skew;
	bool unaligned;
	long b;

	if (!nr || nr > pool->nr_free || nr > limit)
		return -1;
	if (limit > pool->nr_pages)
		limit = pool->nr_pages;
	limit += skew;
	unaligned = pool->pfn & (BIT(k) - 1);
	if (k <= DCP_TOP) {
		b = dcp_find_small(pool, nr, k, limit);
		if (b < 0 && unaligned)
			b = dcp_find_offset(pool, nr, k, limit);
	} else {
		b = dcp_find_large(pool, nr, k,
				   skew + (-pool->pfn & (BIT(k) - 1)), limit);
		if (b < 0 && unaligned)
			b = dcp_find_large(pool, nr, k, skew, limit);
	}
	if (b < 0)
		return -1;
	dcp_update(pool, pool->used, b, b + nr, true);
	__set_bit(b, pool->mark);
	pool->nr_free -= nr;
	return b - skew;
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
 * Return: the number of allocations not freed.
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
 * Return: the number of zeroed longs dcp_init() takes.
 */
unsigned long dcp_meta_longs(unsigned long nr_pages, unsigned long dma_pfn)
{
	unsigned long nw = DIV_ROUND_UP(dma_pfn % BITS_PER_LONG + nr_pages,
					BITS_PER_LONG);

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
	unsigned long nw = DIV_ROUND_UP(skew + nr_pages, BITS_PER_LONG);
	int c;

	*pool = (struct dma_coherent_pool) {
		.used = meta, .mark = meta + nw, .skew = skew,
		.pfn = dma_pfn, .nr_words = nw,
		.nr_pages = nr_pages, .nr_free = nr_pages,
	};
	for (c = 0; c <= DCP_TOP; c++)
		pool->class[c] = meta + 2 * nw + c * BITS_TO_LONGS(nw);
	/* all pages reserved, then those of the region freed */
	for (w = 0; w < nw; w++)
		pool->mark[w] = ~0UL;
	dcp_update(pool, pool->mark, skew, skew + nr_pages, false);
}
