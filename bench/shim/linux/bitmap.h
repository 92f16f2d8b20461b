/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/include/linux/bitmap.h plus the bitmap_set() it lacks (as in
 * tools/testing/dma-coherent/linux/bitmap.h, copied from lib/bitmap.c).
 */
#ifndef _BENCH_LINUX_BITMAP_H
#define _BENCH_LINUX_BITMAP_H

#include_next <linux/bitmap.h>

static inline void bitmap_set(unsigned long *map, unsigned int start,
			      unsigned int nbits)
{
	int len = nbits;
	unsigned long *p = map + BIT_WORD(start);
	const unsigned int size = start + len;
	int bits_to_set = BITS_PER_LONG - (start % BITS_PER_LONG);
	unsigned long mask_to_set = BITMAP_FIRST_WORD_MASK(start);

	while (len - bits_to_set >= 0) {
		*p |= mask_to_set;
		len -= bits_to_set;
		bits_to_set = BITS_PER_LONG;
		mask_to_set = ~0UL;
		p++;
	}
	if (len) {
		mask_to_set &= BITMAP_LAST_WORD_MASK(size);
		*p |= mask_to_set;
	}
}

#endif /* _BENCH_LINUX_BITMAP_H */
