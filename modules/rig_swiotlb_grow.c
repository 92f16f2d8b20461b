// SPDX-License-Identifier: GPL-2.0
/*
 * Scenario probe (swiotlb-grow28): how much bounce space a narrow device
 * gets once it needs more than the default pool.  Device B (PCI slot
 * `slot`, mask `bits`) maps one page that lies above its mask `count`
 * times, holding every mapping; when a mapping fails it waits 100 ms for
 * swiotlb's worker to add a pool and tries again, `retries` times in a row
 * at most.  One line of results, then everything is unmapped:
 *
 *   rig-swiotlb-grow: bits=28 tried=N held=N in_window=N below16M=N outside=N
 *
 * in_window counts mappings in [16 MiB, mask], below16M those in ZONE_DMA
 * (v6.12's dynamic pools fall back to it), outside those beyond the mask.
 * The device is a QEMU edu; no driver is bound and no DMA happens.
 */
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/sizes.h>
#include <linux/slab.h>

static unsigned int slot = 0x11;
module_param(slot, uint, 0444);
MODULE_PARM_DESC(slot, "PCI slot (bus 0) of the narrow edu device");
static unsigned int bits = 28;
module_param(bits, uint, 0444);
MODULE_PARM_DESC(bits, "DMA mask width");
static unsigned int count = 30000;
module_param(count, uint, 0444);
MODULE_PARM_DESC(count, "single-page mappings to hold");
static unsigned int retries = 30;
module_param(retries, uint, 0444);
MODULE_PARM_DESC(retries, "consecutive failed attempts before giving up");

/* A page above @mask, so that every mapping of it bounces. */
static struct page *page_above(u64 mask, struct list_head *rejects)
{
	unsigned int i;

	for (i = 0; i < 65536; i++) {
		struct page *p = alloc_page(GFP_KERNEL);

		if (!p)
			return NULL;
		if (page_to_phys(p) > mask)
			return p;
		list_add(&p->lru, rejects);
	}
	return NULL;
}

static int __init rig_swiotlb_grow_init(void)
{
	struct pci_dev *pdev = pci_get_domain_bus_and_slot(0, 0, PCI_DEVFN(slot, 0));
	unsigned int held = 0, fails = 0, in_window = 0, low = 0, outside = 0;
	u64 mask = DMA_BIT_MASK(bits);
	struct page *page = NULL, *p, *n;
	dma_addr_t *dma = NULL;
	LIST_HEAD(rejects);
	int ret = -ENODEV;

	if (!pdev || pdev->vendor != 0x1234 || pdev->device != 0x11e8) {
		pr_err("rig-swiotlb-grow: no edu device at slot %#x\n", slot);
		goto out_put;
	}
	ret = dma_set_mask_and_coherent(&pdev->dev, mask);
	if (ret)
		goto out_put;
	ret = -ENOMEM;
	dma = kvmalloc_array(count, sizeof(*dma), GFP_KERNEL);
	page = page_above(mask, &rejects);
	if (!dma || !page)
		goto out_free;

	while (held < count && fails < retries) {
		dma_addr_t d = dma_map_page_attrs(&pdev->dev, page, 0, PAGE_SIZE,
						  DMA_TO_DEVICE, DMA_ATTR_NO_WARN);

		if (dma_mapping_error(&pdev->dev, d)) {
			fails++;
			msleep(100);
			continue;
		}
		fails = 0;
		dma[held++] = d;
		if (d + PAGE_SIZE - 1 > mask)
			outside++;
		else if (d < SZ_16M)
			low++;
		else
			in_window++;
		if (!(held % 1024))
			cond_resched();
	}
	pr_info("rig-swiotlb-grow: bits=%u tried=%u held=%u in_window=%u below16M=%u outside=%u\n",
		bits, count, held, in_window, low, outside);
	while (held)
		dma_unmap_page(&pdev->dev, dma[--held], PAGE_SIZE, DMA_TO_DEVICE);
	ret = 0;
out_free:
	list_for_each_entry_safe(p, n, &rejects, lru)
		__free_page(p);
	if (page)
		__free_page(page);
	kvfree(dma);
out_put:
	pci_dev_put(pdev);
	if (ret)
		pr_info("rig-swiotlb-grow: failed: %d\n", ret);
	return ret;
}
module_init(rig_swiotlb_grow_init);

static void __exit rig_swiotlb_grow_exit(void)
{
}
module_exit(rig_swiotlb_grow_exit);

MODULE_DESCRIPTION("rig: bounce space a narrow device gets beyond the default pool");
MODULE_LICENSE("GPL");
