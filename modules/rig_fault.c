// SPDX-License-Identifier: GPL-2.0
/*
 * Systematic fault injection on the declare path (rig only, not upstream).
 *
 * Bound to QEMU's ivshmem-plain device, for each declare variant and for
 * n = 1, 2, ... the probe makes the n-th fault point of the call fail
 * (current->fail_nth: failslab, fail_page_alloc and every other fault
 * attribute count), until a call runs without reaching its n-th point.
 * After every injected failure: the call returned 0, the device has no
 * region, and a declaration without faults then works, allocates and
 * releases.  kmemleak, scanned by the guest at the end, finds any leak.
 * Needs CONFIG_FAULT_INJECTION with failslab's and fail_page_alloc's
 * ignore-gfp-wait off and fail_page_alloc's min-order 0 (the scenario
 * sets them in debugfs).
 */
#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/sched.h>
#include "rig_ktap.h"

#define RIG_FAULT_MAX	200

#if defined(DMA_MEMORY_MAP) && defined(CONFIG_FAULT_INJECTION)
struct rig_variant {
	const char *name;
	int flags;
	bool managed;
};

static const struct rig_variant variants[] = {
	{ "dma_declare_coherent_memory(MAP)", DMA_MEMORY_MAP | DMA_MEMORY_EXCLUSIVE },
	{ "dma_declare_coherent_memory(IO)", DMA_MEMORY_IO | DMA_MEMORY_EXCLUSIVE },
	{ "dmam_declare_coherent_memory(MAP)", DMA_MEMORY_MAP | DMA_MEMORY_EXCLUSIVE, true },
};

static int declare(struct device *dev, const struct rig_variant *v,
		   phys_addr_t bar, size_t len)
{
	if (v->managed)
		return dmam_declare_coherent_memory(dev, bar, bar, len, v->flags);
	return dma_declare_coherent_memory(dev, bar, bar, len, v->flags);
}

/* The device has a working region: allocate, check, free, release. */
static bool usable(struct device *dev, phys_addr_t bar, size_t len)
{
	dma_addr_t h;
	void *p = dma_alloc_coherent(dev, 3 * PAGE_SIZE, &h, GFP_KERNEL);
	bool ok = p && h >= bar && h + 3 * PAGE_SIZE <= bar + len;

	if (p)
		dma_free_coherent(dev, 3 * PAGE_SIZE, p, h);
	dma_release_declared_memory(dev);
	return ok;
}

static bool no_region(struct device *dev, phys_addr_t bar)
{
	return PTR_ERR(dma_mark_declared_memory_occupied(dev, bar, PAGE_SIZE)) == -EINVAL;
}

static void run_variant(struct rig_ktap *t, struct device *dev,
			const struct rig_variant *v, phys_addr_t bar, size_t len)
{
	unsigned int n, injected = 0, tolerated = 0, bad = 0;
	int ret, left;

	for (n = 1; n <= RIG_FAULT_MAX; n++) {
		WRITE_ONCE(current->fail_nth, n);
		ret = declare(dev, v, bar, len);
		left = READ_ONCE(current->fail_nth);
		WRITE_ONCE(current->fail_nth, 0);
		if (left) {
			/* fewer than n fault points: the plain run */
			if (!ret || !usable(dev, bar, len))
				bad++;
			break;
		}
		if (ret) {
			/* a fault the call may absorb (debugfs), still usable */
			tolerated++;
			if (!usable(dev, bar, len))
				bad++;
			continue;
		}
		injected++;
		if (!no_region(dev, bar))
			bad++;
		/* and the device declares fine afterwards */
		if (!declare(dev, v, bar, len) || !usable(dev, bar, len))
			bad++;
	}
	rig_ktap_result(t, n <= RIG_FAULT_MAX && injected && !bad,
			"%s: %u fault points, %u failed cleanly, %u absorbed, %u bad",
			v->name, n - 1, injected, tolerated, bad);
	pr_info("rig-fault: %s faults=%u clean=%u absorbed=%u bad=%u\n",
		v->name, n - 1, injected, tolerated, bad);
}
#endif

static int rig_fault_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	static struct rig_ktap t;
	phys_addr_t bar;
	size_t len;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	bar = pci_resource_start(pdev, 2);
	len = pci_resource_len(pdev, 2) & PAGE_MASK;

	rig_ktap_start(&t, "coherent_fault_injection");
#if defined(DMA_MEMORY_MAP) && defined(CONFIG_FAULT_INJECTION)
	{
		int i;

		for (i = 0; i < ARRAY_SIZE(variants); i++)
			run_variant(&t, &pdev->dev, &variants[i], bar, len);
	}
#elif defined(DMA_MEMORY_MAP)
	rig_ktap_skip(&t, "declare under fault injection",
		      "kernel built without CONFIG_FAULT_INJECTION");
#else
	rig_ktap_result(&t, false,
			"dma_declare_coherent_memory() with DMA_MEMORY_* flags is not in this kernel");
#endif
	rig_ktap_end(&t);
	return 0;
}

static const struct pci_device_id rig_fault_ids[] = {
	{ PCI_DEVICE(0x1af4, 0x1110) },
	{ }
};
MODULE_DEVICE_TABLE(pci, rig_fault_ids);

static struct pci_driver rig_fault_driver = {
	.name = "rig_fault",
	.id_table = rig_fault_ids,
	.probe = rig_fault_probe,
};
module_pci_driver(rig_fault_driver);
MODULE_DESCRIPTION("rig: systematic fault injection on dma_declare_coherent_memory()");
MODULE_LICENSE("GPL");
