/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal kernel shims to build lib/genalloc.c (up to its devres/OF part)
 * in userspace for coherent_bench.  Single-threaded: locks and RCU are
 * no-ops, but the atomics genalloc really uses in the kernel (cmpxchg on
 * bitmap words, atomic_long on chunk->avail) are real atomics here too,
 * so their cost is measured.
 */
#ifndef _BENCH_GENALLOC_SHIM_H
#define _BENCH_GENALLOC_SHIM_H

#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/log2.h>
#include <linux/bitmap.h>
#include <linux/find.h>

#ifndef __ALIGN_MASK
#define __ALIGN_MASK(x, mask)	(((x) + (mask)) & ~(mask))
#endif

typedef u64 dma_addr_t_shim;
#define dma_addr_t dma_addr_t_shim

/* spinlock_types.h */
typedef struct { int dummy; } spinlock_t;
#define spin_lock_init(l)	((void)(l))
#define spin_lock(l)		((void)(l))
#define spin_unlock(l)		((void)(l))

/* rculist.h: a single thread sees no concurrent updates */
#define rcu_read_lock()		do { } while (0)
#define rcu_read_unlock()	do { } while (0)
#define list_add_rcu(n, h)	list_add(n, h)
#define list_for_each_entry_rcu(pos, head, member) \
	list_for_each_entry(pos, head, member)

/* atomic.h */
/* atomic_long_t comes from tools/include/linux/types.h */
#define cpu_relax()		do { } while (0)
#define atomic_long_set(v, i)	__atomic_store_n(&(v)->counter, (i), __ATOMIC_RELAXED)
#define atomic_long_read(v)	__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic_long_add(i, v)	((void)__atomic_fetch_add(&(v)->counter, (i), __ATOMIC_SEQ_CST))
#define atomic_long_sub(i, v)	((void)__atomic_fetch_sub(&(v)->counter, (i), __ATOMIC_SEQ_CST))
#define try_cmpxchg(ptr, oldp, new) \
	__atomic_compare_exchange_n((ptr), (oldp), (new), false, \
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)

/* slab.h, vmalloc.h */
#define GFP_KERNEL		0
#define kmalloc_node(s, g, n)	malloc(s)
#define vzalloc_node(s, n)	calloc(1, s)
#define vfree(p)		free(p)
#define kfree(p)		free(p)
#define kfree_const(p)		free((void *)(p))
#define kstrdup_const(s, g)	strdup(s)

/* export.h, interrupt.h, bug.h */
#define EXPORT_SYMBOL(s)
#define EXPORT_SYMBOL_GPL(s)
#define in_nmi()		0
#undef BUG
#undef BUG_ON
#define BUG()			abort()
#define BUG_ON(c)		do { if (c) abort(); } while (0)
#ifndef WARN_ON
#define WARN_ON(c)		(c)
#endif

/* of.h, platform_device.h: only the devres/OF part uses them, not built */
struct device;
struct device_node;

/* lib/bitmap.c of the base tree, extracted by rig/bench-harness.sh */
#include "kbase_bitmap.h"

#endif /* _BENCH_GENALLOC_SHIM_H */
