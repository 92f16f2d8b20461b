/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page allocator for per-device coherent memory regions, see
 * dma-coherent-pool.c.  Only dma-coherent.c and tools/testing/dma-coherent
 * use it.
 */
#ifndef _DRIVERS_BASE_DMA_COHERENT_POOL_H
#define _DRIVERS_BASE_DMA_COHERENT_POOL_H

#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/types.h>

/* a word of the page maps holds a naturally aligned block of 2^DCP_TOP */
#define DCP_TOP		ilog2(BITS_PER_LONG)

/**
 * struct dma_coherent_pool - the pages of a region and who has them
 * @used:	the page belongs to an allocation
 * @mark:	with @used: the first page of an allocation; without: a
 *		reserved page (occupied, or padding outside the region)
 * @cls:	1 + the order of the largest free aligned block of each word
 * @skew:	the bit of the maps that page 0 is: a page's bit in its word
 *		is its DMA page frame number modulo BITS_PER_LONG
 * @base:	DMA page frame number of bit 0 of word 0, / BITS_PER_LONG
 * @nr_words:	number of words of @used and @mark
 * @nr_pages:	number of pages of the region
 * @nr_free:	pages neither allocated nor reserved
 *
 * Page p of the region is bit p + @skew of @used and @mark.  All maps are
 * in one allocation of dcp_meta_longs() longs.
 */
struct dma_coherent_pool {
	unsigned long	*used;
	unsigned long	*mark;
	u8		*cls;
	unsigned long	skew;
	unsigned long	base;
	unsigned long	nr_words;
	unsigned long	nr_pages;
	unsigned long	nr_free;
};

unsigned long dcp_meta_longs(unsigned long nr_pages, unsigned long dma_pfn);
void dcp_init(struct dma_coherent_pool *pool, unsigned long nr_pages,
	      unsigned long dma_pfn, unsigned long *meta);
long dcp_alloc(struct dma_coherent_pool *pool, unsigned long nr,
	       unsigned long limit);
unsigned long dcp_alloc_len(struct dma_coherent_pool *pool,
			    unsigned long page);
unsigned long dcp_free(struct dma_coherent_pool *pool, unsigned long page);
int dcp_occupy(struct dma_coherent_pool *pool, unsigned long page,
	       unsigned long nr);
unsigned long dcp_nr_allocs(struct dma_coherent_pool *pool);

#endif /* _DRIVERS_BASE_DMA_COHERENT_POOL_H */
