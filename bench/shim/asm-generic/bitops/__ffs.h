/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/include has the C fallback of __ffs() (five tests and shifts);
 * x86, arm64 and most others use one instruction (tzcnt, rbit+clz), and so
 * does the benchmark, for every allocator alike.
 */
#ifndef _TOOLS_LINUX_ASM_GENERIC_BITOPS___FFS_H_
#define _TOOLS_LINUX_ASM_GENERIC_BITOPS___FFS_H_

static inline __attribute__((__always_inline__)) unsigned long
__ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

#endif
