// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming DMA through swiotlb with QEMU's edu device.
 *
 * For each of `count` rounds: take a buffer that lies above the device's
 * DMA mask, map it DMA_TO_DEVICE and let edu copy it into its own memory,
 * then map a second such buffer DMA_FROM_DEVICE and let edu copy it back.
 * A round passes when both mappings succeed, every bus address handed to
 * the device lies within its mask, and the bytes come back unchanged
 * (edu clamps out-of-mask addresses, so a bad address corrupts data).
 * Results are KTAP; "rig-bounce:" lines feed the host's summary.
 */
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/random.h>
#include "rig_ktap.h"

static unsigned int bits = 28;
module_param(bits, uint, 0444);
MODULE_PARM_DESC(bits, "DMA mask width in bits");
static unsigned int count = 8;
module_param(count, uint, 0444);
static unsigned int len = 2048;
module_param(len, uint, 0444);
MODULE_PARM_DESC(len, "bytes per transfer (< 4096: edu's buffer)");
static bool refused;
module_param(refused, bool, 0444);
MODULE_PARM_DESC(refused, "expect every mapping to be refused (the pool is out of reach)");

#define EDU_DMA_SRC	0x80
#define EDU_DMA_DST	0x88
#define EDU_DMA_CNT	0x90
#define EDU_DMA_CMD	0x98
#define EDU_CMD_START	0x1
#define EDU_CMD_TO_RAM	0x2
#define EDU_BUF		0x40000

struct held {
	struct list_head node;
	struct page *page;
};

/* A page whose physical address lies above @mask if RAM reaches there. */
static struct page *page_above(u64 mask, struct list_head *rejected)
{
	int tries;

	/* A 5 GiB guest has no RAM above wider masks: any page will do. */
	if (bits > 32)
		return alloc_page(GFP_KERNEL);
	for (tries = 0; tries < 200000; tries++) {
		struct page *p = alloc_page(GFP_KERNEL | __GFP_NOWARN);
		struct held *h;

		if (!p)
			return NULL;
		if (page_to_phys(p) + PAGE_SIZE - 1 > mask)
			return p;
		h = kmalloc(sizeof(*h), GFP_KERNEL);
		if (!h) {
			__free_page(p);
			return NULL;
		}
		h->page = p;
		list_add(&h->node, rejected);
	}
	return alloc_page(GFP_KERNEL);
}

static int edu_copy(void __iomem *regs, u64 src, u64 dst, u32 n, u32 cmd)
{
	int i;

	writeq(src, regs + EDU_DMA_SRC);
	writeq(dst, regs + EDU_DMA_DST);
	writeq(n, regs + EDU_DMA_CNT);
	writeq(cmd | EDU_CMD_START, regs + EDU_DMA_CMD);
	for (i = 0; i < 5000; i++) {
		if (!(readq(regs + EDU_DMA_CMD) & EDU_CMD_START))
			return 0;
		msleep(1);
	}
	return -ETIMEDOUT;
}

static bool in_mask(dma_addr_t a, size_t n, u64 mask)
{
	return a + n - 1 <= mask && a + n - 1 >= a;
}

static int one_round(struct pci_dev *pdev, void __iomem *regs, u64 mask,
		     unsigned int round, struct list_head *rejected)
{
	struct device *dev = &pdev->dev;
	struct page *src = page_above(mask, rejected);
	struct page *dst = page_above(mask, rejected);
	dma_addr_t ds = DMA_MAPPING_ERROR, dd = DMA_MAPPING_ERROR;
	const char *why = NULL;
	u8 *s, *d;

	if (!src || !dst) {
		why = "no memory for the test buffers";
		goto out;
	}
	s = page_address(src);
	d = page_address(dst);
	get_random_bytes(s, len);
	memset(d, 0, PAGE_SIZE);

	ds = dma_map_page(dev, src, 0, len, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, ds)) {
		why = "dma_map_page(DMA_TO_DEVICE) failed";
		goto out;
	}
	if (!in_mask(ds, len, mask)) {
		why = "DMA_TO_DEVICE address outside the mask";
		goto out;
	}
	if (edu_copy(regs, ds, EDU_BUF, len, 0)) {
		why = "edu timed out (to device)";
		goto out;
	}
	dma_unmap_page(dev, ds, len, DMA_TO_DEVICE);

	dd = dma_map_page(dev, dst, 0, len, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dd)) {
		why = "dma_map_page(DMA_FROM_DEVICE) failed";
		goto out_src;
	}
	if (!in_mask(dd, len, mask)) {
		why = "DMA_FROM_DEVICE address outside the mask";
		goto out_src;
	}
	if (edu_copy(regs, EDU_BUF, dd, len, EDU_CMD_TO_RAM))
		why = "edu timed out (to RAM)";
	dma_unmap_page(dev, dd, len, DMA_FROM_DEVICE);
	if (!why && memcmp(s, d, len))
		why = "data did not round-trip";
	pr_info("rig-bounce: bits=%u buf=%pa to_dev=%pad from_dev=%pad\n",
		bits, &(phys_addr_t){ page_to_phys(src) }, &ds, &dd);
	goto out_src;
out:
	if (!dma_mapping_error(dev, ds))
		dma_unmap_page(dev, ds, len, DMA_TO_DEVICE);
out_src:
	if (src)
		__free_page(src);
	if (dst)
		__free_page(dst);
	if (why)
		pr_info("    # round %u: %s\n", round, why);
	return why ? -EIO : 0;
}

static int rig_edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	u64 mask = DMA_BIT_MASK(bits);
	static struct rig_ktap t;
	LIST_HEAD(rejected);
	void __iomem *regs;
	struct held *h, *tmp;
	unsigned int i;
	int ret;

	if (len == 0 || len >= 4096)
		return -EINVAL;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	pci_set_master(pdev);
	regs = pcim_iomap(pdev, 0, 0);
	if (!regs)
		return -ENOMEM;

	rig_ktap_start(&t, "edu_dma");
	ret = dma_set_mask_and_coherent(&pdev->dev, mask);
	rig_ktap_result(&t, !ret, "set %u-bit mask", bits);
	for (i = 0; i < count; i++) {
		if (refused) {
			rig_ktap_result(&t, !ret && one_round(pdev, regs, mask, i, &rejected),
					"round %u: mapping refused", i);
			continue;
		}
		rig_ktap_result(&t, !ret && !one_round(pdev, regs, mask, i, &rejected),
				"round %u: %u bytes above the mask to the device and back",
				i, len);
	}
	rig_ktap_end(&t);

	list_for_each_entry_safe(h, tmp, &rejected, node) {
		__free_page(h->page);
		kfree(h);
	}
	return 0;
}

static const struct pci_device_id rig_edu_ids[] = {
	{ PCI_DEVICE(0x1234, 0x11e8) },
	{ }
};
MODULE_DEVICE_TABLE(pci, rig_edu_ids);

static struct pci_driver rig_edu_driver = {
	.name = "rig_edu_dma",
	.id_table = rig_edu_ids,
	.probe = rig_edu_probe,
};
module_pci_driver(rig_edu_driver);
MODULE_DESCRIPTION("rig: streaming DMA through swiotlb with QEMU's edu device");
MODULE_LICENSE("GPL");
