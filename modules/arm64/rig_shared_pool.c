// SPDX-License-Identifier: GPL-2.0
/*
 * Rig probe for the arm64-shared-pool scenario (not upstream): a platform
 * device whose device tree node names a no-map "shared-dma-pool" in
 * memory-region takes it with of_reserved_mem_device_init(), the way
 * in-tree drivers (pl111, remoteproc, media) do, and checks what
 * dma_alloc_coherent() then hands out.  The same on v6.12 and with the
 * series: allocations inside the pool, aligned to the smallest page order
 * covering their size, no fallback to system memory while the pool is
 * assigned, the whole pool one allocation once everything is freed,
 * system memory after of_reserved_mem_device_release(), the pool again
 * after a second of_reserved_mem_device_init(), and -EINVAL for a pool
 * without no-map (System RAM).  With the series only (its flags API):
 * two allocators must not hand out the same pages, so another device
 * declaring the pool's memory is refused while the pool is set up, and
 * before that, the pool is refused (-EBUSY) while the declaration holds
 * its memory; but memory inside an allocation from the pool can be
 * declared, as remoteproc declares the vdev buffers it allocated from its
 * parent's pool (rproc_alloc_carveout(), remoteproc_virtio.c).
 */
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_reserved_mem.h>
#include <linux/platform_device.h>
#include <linux/string.h>

#include "rig_ktap.h"

static struct rig_ktap ktap;
static phys_addr_t pool_base, pool_size;

static bool in_pool(dma_addr_t h, size_t size)
{
	return h >= pool_base && h - pool_base + size <= pool_size;
}

static bool aligned(dma_addr_t h, size_t size)
{
	return !(h & ((PAGE_SIZE << get_order(size)) - 1));
}

/* allocate SIZES from the pool, check each, free them in another order */
static void round_of_allocs(struct device *dev, const char *round)
{
	static const size_t sizes[] = { PAGE_SIZE, 3 * PAGE_SIZE, 5000,
					16 * PAGE_SIZE, 1 };
	dma_addr_t h[ARRAY_SIZE(sizes)];
	void *va[ARRAY_SIZE(sizes)];
	dma_addr_t big;
	void *whole;
	int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		va[i] = dma_alloc_coherent(dev, sizes[i], &h[i], GFP_KERNEL);
		if (va[i])
			memset(va[i], 0x5a + i, sizes[i]);
		rig_ktap_result(&ktap, va[i] && in_pool(h[i], sizes[i]) &&
				aligned(h[i], sizes[i]),
				"%s_alloc_%zu_in_pool_aligned # %pad", round,
				sizes[i], &h[i]);
	}
	whole = dma_alloc_coherent(dev, pool_size, &big, GFP_KERNEL);
	rig_ktap_result(&ktap, !whole, "%s_no_fallback_to_system_memory", round);
	if (whole)
		dma_free_coherent(dev, pool_size, whole, big);
	for (i = ARRAY_SIZE(sizes) - 1; i >= 0; i -= 2)
		if (va[i])
			dma_free_coherent(dev, sizes[i], va[i], h[i]);
	for (i = ARRAY_SIZE(sizes) - 2; i >= 0; i -= 2)
		if (va[i])
			dma_free_coherent(dev, sizes[i], va[i], h[i]);
	whole = dma_alloc_coherent(dev, pool_size, &big, GFP_KERNEL);
	rig_ktap_result(&ktap, whole && big == pool_base,
			"%s_whole_pool_after_frees # %pad", round, &big);
	if (whole)
		dma_free_coherent(dev, pool_size, whole, big);
}

#ifdef DMA_MEMORY_MAP
/*
 * A second device declaring @size bytes at @phys: the device, the
 * declaration's return in *@ret; NULL, with @test failed, if there is no
 * device.
 */
static struct platform_device *declare_on_other(const char *test,
						phys_addr_t phys, size_t size,
						int *ret)
{
	struct platform_device_info info = {
		.name = "rig-sp-other", .id = PLATFORM_DEVID_NONE,
		.dma_mask = DMA_BIT_MASK(32),
	};
	struct platform_device *other = platform_device_register_full(&info);

	if (IS_ERR(other)) {
		rig_ktap_result(&ktap, false, "%s # %ld", test, PTR_ERR(other));
		return NULL;
	}
	*ret = dma_declare_coherent_memory(&other->dev, phys, phys, size,
					   DMA_MEMORY_MAP);
	return other;
}

/* before the pool is set up: the declaration holds the memory */
static void pool_over_declared(struct device *dev)
{
	struct platform_device *other;
	int ret;

	other = declare_on_other("pool_over_declared_refused", pool_base,
				 pool_size, &ret);
	if (!other)
		return;
	rig_ktap_result(&ktap, ret, "declare_before_pool # %d", ret);
	ret = of_reserved_mem_device_init(dev);
	rig_ktap_result(&ktap, ret == -EBUSY,
			"pool_over_declared_refused # %d", ret);
	if (!ret)
		of_reserved_mem_device_release(dev);
	dma_release_declared_memory(&other->dev);
	platform_device_unregister(other);
}

/* with the pool set up */
static void declare_over_pool(void)
{
	struct platform_device *other;
	int ret;

	other = declare_on_other("declare_over_pool_refused", pool_base,
				 pool_size, &ret);
	if (!other)
		return;
	rig_ktap_result(&ktap, !ret, "declare_over_pool_refused # %d", ret);
	if (ret)
		dma_release_declared_memory(&other->dev);
	platform_device_unregister(other);
}

/* remoteproc's vdev buffers: an allocation from the pool, declared */
static void declare_inside_allocation(struct device *dev)
{
	struct platform_device *other;
	size_t size = 4 * PAGE_SIZE;
	dma_addr_t h;
	void *va;
	int ret;

	va = dma_alloc_coherent(dev, size, &h, GFP_KERNEL);
	if (!va) {
		rig_ktap_result(&ktap, false, "declare_inside_allocation # no allocation");
		return;
	}
	other = declare_on_other("declare_inside_allocation", h, size, &ret);
	if (other) {
		rig_ktap_result(&ktap, ret == DMA_MEMORY_MAP,
				"declare_inside_allocation # %d at %pad", ret, &h);
		if (ret)
			dma_release_declared_memory(&other->dev);
		platform_device_unregister(other);
	}
	dma_free_coherent(dev, size, va, h);
}
#else
static void pool_over_declared(struct device *dev) { }
static void declare_over_pool(void) { }
static void declare_inside_allocation(struct device *dev) { }
#endif

static int rig_sp_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *np;
	struct reserved_mem *rmem;
	dma_addr_t h;
	void *va;
	int ret;

	rig_ktap_start(&ktap, "rig_shared_pool");
	np = of_parse_phandle(dev->of_node, "memory-region", 0);
	rmem = np ? of_reserved_mem_lookup(np) : NULL;
	of_node_put(np);
	if (!rmem) {
		rig_ktap_result(&ktap, false, "pool_found");
		goto out;
	}
	pool_base = rmem->base;
	pool_size = rmem->size;
	pool_over_declared(dev);
	ret = of_reserved_mem_device_init(dev);
	rig_ktap_result(&ktap, !ret, "init # %d, pool %pa+%pa", ret,
			&pool_base, &pool_size);
	if (ret)
		goto out;
	round_of_allocs(dev, "first");
	declare_over_pool();
	declare_inside_allocation(dev);

	of_reserved_mem_device_release(dev);
	va = dma_alloc_coherent(dev, PAGE_SIZE, &h, GFP_KERNEL);
	rig_ktap_result(&ktap, va && !in_pool(h, PAGE_SIZE),
			"after_release_system_memory # %pad", &h);
	if (va)
		dma_free_coherent(dev, PAGE_SIZE, va, h);

	ret = of_reserved_mem_device_init(dev);
	rig_ktap_result(&ktap, !ret, "init_again # %d", ret);
	if (!ret) {
		round_of_allocs(dev, "second");
		of_reserved_mem_device_release(dev);
	}

	/*
	 * The second memory-region is a shared-dma-pool without no-map,
	 * i.e. System RAM, which cannot be mapped write-combined: drivers
	 * see -EINVAL, as they always did.
	 */
	ret = of_reserved_mem_device_init_by_idx(dev, dev->of_node, 1);
	rig_ktap_result(&ktap, ret == -EINVAL, "ram_pool_refused_einval # %d",
			ret);
	if (!ret)
		of_reserved_mem_device_release(dev);
out:
	rig_ktap_end(&ktap);
	return 0;
}

static const struct of_device_id rig_sp_of_match[] = {
	{ .compatible = "rig,shared-pool" },
	{ }
};
MODULE_DEVICE_TABLE(of, rig_sp_of_match);

static struct platform_driver rig_sp_driver = {
	.probe = rig_sp_probe,
	.driver = {
		.name = "rig-shared-pool",
		.of_match_table = rig_sp_of_match,
	},
};
module_platform_driver(rig_sp_driver);
MODULE_DESCRIPTION("rig: a shared-dma-pool taken by a platform driver");
MODULE_LICENSE("GPL");
