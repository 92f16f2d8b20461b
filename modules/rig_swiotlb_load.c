// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark probe (make bench, metric swiotlb.narrow28.success_under_load):
 * how many mappings of a 28-bit device succeed while a 64-bit device holds
 * 90% of what swiotlb lets it take.  Meant for a guest booted with
 * swiotlb=force, so every mapping bounces.
 *
 * Device A (PCI slot a_slot, mask 64 bits) maps single pages with
 * dma_map_page() until a mapping fails, then unmaps the last 10% of them.
 * Device B (PCI slot b_slot, mask b_bits) then maps `count` single pages
 * taken from high memory; a mapping counts as a success when it does not
 * fail and the whole bus range lies within B's mask.  Everything is unmapped
 * again before the module's init returns.  One line of results:
 *
 *   rig-swiotlb-load: a_max=N a_held=N b_bits=28 b_tried=N b_ok=N
 *     b_outside=N b_high=N fraction=0.xxxx
 *
 * The devices are QEMU edu devices at fixed slots; no driver is bound to
 * them and no DMA happens, only the mapping API is exercised.
 */
#include <linux/dma-mapping.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

static unsigned int a_slot = 0x11;
module_param(a_slot, uint, 0444);
MODULE_PARM_DESC(a_slot, "PCI slot (bus 0) of the 64-bit device A");
static unsigned int b_slot = 0x12;
module_param(b_slot, uint, 0444);
MODULE_PARM_DESC(b_slot, "PCI slot (bus 0) of the narrow device B");
static unsigned int b_bits = 28;
module_param(b_bits, uint, 0444);
MODULE_PARM_DESC(b_bits, "DMA mask width of device B");
static unsigned int count = 256;
module_param(count, uint, 0444);
MODULE_PARM_DESC(count, "single-page mappings device B attempts");
static bool a_warn;
module_param(a_warn, bool, 0444);
MODULE_PARM_DESC(a_warn, "let device A's failing mapping print swiotlb's 'buffer is full' line");
static unsigned int a_limit = 4u << 20;
module_param(a_limit, uint, 0444);
MODULE_PARM_DESC(a_limit, "stop device A after this many mappings (safety)");

static struct pci_dev *edu_at(unsigned int slot)
{
	struct pci_dev *pdev = pci_get_domain_bus_and_slot(0, 0, PCI_DEVFN(slot, 0));

	if (pdev && (pdev->vendor != 0x1234 || pdev->device != 0x11e8)) {
		pci_dev_put(pdev);
		return NULL;
	}
	return pdev;
}

static int __init rig_swiotlb_load_init(void)
{
	struct pci_dev *pa = edu_at(a_slot), *pb = edu_at(b_slot);
	u64 bmask = DMA_BIT_MASK(b_bits);
	struct page *apage = NULL, **bpages = NULL;
	dma_addr_t *adma = NULL, *bdma = NULL;
	unsigned int na = 0, held, nb_ok = 0, nb_out = 0, nb_high = 0, i;
	int ret = -ENODEV;

	if (!pa || !pb) {
		pr_err("rig-swiotlb-load: no edu device at slot %#x or %#x\n",
		       a_slot, b_slot);
		goto out_put;
	}
	ret = dma_set_mask_and_coherent(&pa->dev, DMA_BIT_MASK(64));
	if (!ret)
		ret = dma_set_mask_and_coherent(&pb->dev, bmask);
	if (ret) {
		pr_err("rig-swiotlb-load: setting the DMA masks failed: %d\n", ret);
		goto out_put;
	}

	ret = -ENOMEM;
	adma = kvmalloc_array(a_limit, sizeof(*adma), GFP_KERNEL);
	bdma = kcalloc(count, sizeof(*bdma), GFP_KERNEL);
	bpages = kcalloc(count, sizeof(*bpages), GFP_KERNEL);
	apage = alloc_page(GFP_KERNEL);
	if (!adma || !bdma || !bpages || !apage)
		goto out_free;
	for (i = 0; i < count; i++) {
		bpages[i] = alloc_page(GFP_HIGHUSER);
		if (!bpages[i])
			goto out_free;
		if (page_to_phys(bpages[i]) >= (1ULL << 32))
			nb_high++;
	}

	/* A takes what it can: every mapping bounces through the pool. */
	while (na < a_limit) {
		dma_addr_t d = dma_map_page_attrs(&pa->dev, apage, 0, PAGE_SIZE,
						  DMA_TO_DEVICE,
						  a_warn ? 0 : DMA_ATTR_NO_WARN);

		if (dma_mapping_error(&pa->dev, d))
			break;
		adma[na++] = d;
		if (!(na % 1024))
			cond_resched();
	}
	/* ... and gives back 10%. */
	held = na - na / 10;
	for (i = held; i < na; i++)
		dma_unmap_page(&pa->dev, adma[i], PAGE_SIZE, DMA_TO_DEVICE);

	for (i = 0; i < count; i++) {
		dma_addr_t d = dma_map_page_attrs(&pb->dev, bpages[i], 0, PAGE_SIZE,
						  DMA_TO_DEVICE, DMA_ATTR_NO_WARN);

		bdma[i] = d;
		if (dma_mapping_error(&pb->dev, d))
			continue;
		if (d + PAGE_SIZE - 1 <= bmask && d + PAGE_SIZE - 1 >= d)
			nb_ok++;
		else
			nb_out++;
	}
	pr_info("rig-swiotlb-load: a_max=%u a_held=%u b_bits=%u b_tried=%u b_ok=%u b_outside=%u b_high=%u fraction=%u.%04u\n",
		na, held, b_bits, count, nb_ok, nb_out, nb_high,
		count ? nb_ok / count : 0,
		count ? (unsigned int)div_u64((u64)(nb_ok % count) * 10000, count) : 0);

	for (i = 0; i < count; i++)
		if (!dma_mapping_error(&pb->dev, bdma[i]))
			dma_unmap_page(&pb->dev, bdma[i], PAGE_SIZE, DMA_TO_DEVICE);
	for (i = 0; i < held; i++)
		dma_unmap_page(&pa->dev, adma[i], PAGE_SIZE, DMA_TO_DEVICE);
	ret = 0;
out_free:
	if (bpages)
		for (i = 0; i < count; i++)
			if (bpages[i])
				__free_page(bpages[i]);
	if (apage)
		__free_page(apage);
	kfree(bpages);
	kfree(bdma);
	kvfree(adma);
out_put:
	pci_dev_put(pa);
	pci_dev_put(pb);
	if (ret)
		pr_info("rig-swiotlb-load: failed: %d\n", ret);
	return ret;
}
module_init(rig_swiotlb_load_init);

static void __exit rig_swiotlb_load_exit(void)
{
}
module_exit(rig_swiotlb_load_exit);

MODULE_DESCRIPTION("rig: 28-bit mappings while a 64-bit device fills swiotlb (bench)");
MODULE_LICENSE("GPL");
