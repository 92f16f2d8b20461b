/* SPDX-License-Identifier: GPL-2.0 */
/* As __ffs.h: one instruction (bsr, clz), as in the kernel. */
#ifndef _ASM_GENERIC_BITOPS___FLS_H_
#define _ASM_GENERIC_BITOPS___FLS_H_

static inline __attribute__((__always_inline__)) unsigned int
__fls(unsigned long word)
{
	return 8 * sizeof(long) - 1 - __builtin_clzl(word);
}

#endif
