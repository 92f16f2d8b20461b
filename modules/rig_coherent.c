// SPDX-License-Identifier: GPL-2.0
/*
 * On-chip coherent memory with QEMU's ivshmem-plain device.
 *
 * At probe, declare BAR2 (host-backed by a memory-backend-file) as the
 * device's coherent memory, allocate from it, and write a known pattern
 * that the host checks in the backing file after the guest stops.
 *   mode=map    DMA_MEMORY_MAP: fill with 3-page then 1-page allocations;
 *               every page must be used (v6.12 leaves a quarter unused).
 *   mode=io     DMA_MEMORY_IO: write through __iomem cookies.
 *   mode=child  declared with DMA_MEMORY_INCLUDES_CHILDREN: allocations
 *               for a child and a grandchild come from the parent's BAR.
 *   mode=channels  the RFC's host adapter: four channels (children) share
 *               the BAR, write, free in another order
 *               (scenarios/coherent-channels.sh).
 *   mode=rebind dmam_declare_coherent_memory() with allocations left
 *               outstanding at unbind (scenarios/coherent-rebind.sh).
 *   mode=mmap   a 3-page allocation, page i filled with 'A' + i, offered
 *               to user space through dma_mmap_coherent() on
 *               /dev/rig_coherent_mmap (scenarios/coherent-mmap.sh).
 *   mode=fault  fault injection at every fault point of the declare calls
 *               (scenarios/coherent-fault.sh).
 *   mode=iommu  behind a translating IOMMU: the declaration is refused and
 *               dma_alloc_coherent() gets IOMMU-mapped memory
 *               (scenarios/coherent-iommu.sh).
 * Results are KTAP; "rig-host-check:" lines tell the host what to verify.
 */
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include "rig_ktap.h"

static char *mode = "map";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "map, io, child, channels, rebind, mmap, fault or iommu");
static bool rebind_declare = true;
module_param(rebind_declare, bool, 0644);
MODULE_PARM_DESC(rebind_declare, "mode=rebind: declare and allocate at probe (0: bind only, the control)");

static u8 pat(unsigned long off)
{
	return ((off >> 12) * 31 + off) & 0xff;
}

static void report_range(dma_addr_t h, size_t size, phys_addr_t bar)
{
	pr_info("rig-host-check: off=0x%llx len=0x%zx\n", (u64)(h - bar), size);
}

static bool in_bar(dma_addr_t h, size_t size, phys_addr_t bar, size_t barlen)
{
	return h >= bar && h + size <= bar + barlen;
}

#ifdef DMA_MEMORY_MAP
static void fill(void *p, dma_addr_t h, size_t size, phys_addr_t bar)
{
	unsigned long off = h - bar, i;

	for (i = 0; i < size; i++)
		((u8 *)p)[i] = pat(off + i);
}

static void fill_io(void __iomem *p, dma_addr_t h, size_t size, phys_addr_t bar)
{
	unsigned long off = h - bar, i;

	for (i = 0; i < size; i++)
		writeb(pat(off + i), p + i);
}

struct rig_alloc {
	void *cpu;
	dma_addr_t h;
	size_t size;
};

static int test_map(struct rig_ktap *t, struct device *dev, phys_addr_t bar, size_t barlen)
{
	size_t npages = barlen >> PAGE_SHIFT, cap = npages, used = 0, n = 0, i;
	struct rig_alloc *a = kcalloc(npages, sizeof(*a), GFP_KERNEL);
	bool placed = true, aligned = true;
	static const size_t steps[] = { 3, 1 };
	int ret, s;

	if (!a)
		return -ENOMEM;
	ret = dma_declare_coherent_memory(dev, bar, bar, barlen,
					  DMA_MEMORY_MAP | DMA_MEMORY_EXCLUSIVE);
	/*
	 * Without the region the allocations come from system memory and
	 * never run out: fill nothing then, and never past a[].
	 */
	if (!rig_ktap_result(t, ret == DMA_MEMORY_MAP, "declare BAR2 (%zu KiB) returns DMA_MEMORY_MAP (%d)",
			     barlen >> 10, ret))
		cap = 0;
	for (s = 0; s < ARRAY_SIZE(steps); s++) {
		while (n < cap) {
			size_t size = steps[s] << PAGE_SHIFT;
			void *p = dma_alloc_coherent(dev, size, &a[n].h, GFP_KERNEL);

			if (!p)
				break;
			a[n].cpu = p;
			a[n].size = size;
			placed &= in_bar(a[n].h, size, bar, barlen);
			aligned &= !((a[n].h - bar) & ((PAGE_SIZE << get_order(size)) - 1));
			fill(p, a[n].h, size, bar);
			used += steps[s];
			n++;
		}
	}
	rig_ktap_result(t, used == npages,
			"3-page then 1-page allocations use %zu of %zu pages", used, npages);
	rig_ktap_result(t, n && placed, "all %zu allocations lie in the BAR", n);
	rig_ktap_result(t, aligned, "each allocation is aligned to its order");
	for (i = 0; i < n; i++)
		report_range(a[i].h, a[i].size, bar);
	for (i = 0; i < n; i++)
		dma_free_coherent(dev, a[i].size, a[i].cpu, a[i].h);
	dma_release_declared_memory(dev);
	kfree(a);
	return 0;
}

static int test_io(struct rig_ktap *t, struct device *dev, phys_addr_t bar, size_t barlen)
{
	size_t size = 5 << PAGE_SHIFT;
	void __iomem *p;
	dma_addr_t h;
	bool ok = true;
	unsigned long i;
	int ret;

	ret = dma_declare_coherent_memory(dev, bar, bar, barlen,
					  DMA_MEMORY_IO | DMA_MEMORY_EXCLUSIVE);
	rig_ktap_result(t, ret == DMA_MEMORY_IO, "declare BAR2 with DMA_MEMORY_IO returns DMA_MEMORY_IO (%d)", ret);
	p = (void __iomem __force *)dma_alloc_coherent(dev, size, &h, GFP_KERNEL);
	rig_ktap_result(t, p && in_bar(h, size, bar, barlen), "5-page allocation lies in the BAR");
	if (!p)
		return 0;
	for (i = 0; i < size; i++)
		ok &= readb(p + i) == 0;
	rig_ktap_result(t, ok, "allocation reads back zeroed");
	fill_io(p, h, size, bar);
	ok = true;
	for (i = 0; i < size; i++)
		ok &= readb(p + i) == pat(h - bar + i);
	rig_ktap_result(t, ok, "memcpy_toio pattern reads back");
	report_range(h, size, bar);
	/* Keep the data: the host checks the file after the guest stops. */
	dma_release_declared_memory(dev);
	return 0;
}

static void rig_child_release(struct device *dev)
{
	kfree(dev);
}

static struct device *add_child(struct device *parent, const char *name)
{
	struct device *c = kzalloc(sizeof(*c), GFP_KERNEL);

	if (!c)
		return NULL;
	device_initialize(c);
	c->parent = parent;
	c->release = rig_child_release;
	c->coherent_dma_mask = DMA_BIT_MASK(64);
	c->dma_mask = &c->coherent_dma_mask;
	dev_set_name(c, "%s", name);
	if (device_add(c)) {
		put_device(c);
		return NULL;
	}
	return c;
}

static int test_child(struct rig_ktap *t, struct device *dev, phys_addr_t bar, size_t barlen)
{
	struct device *child = add_child(dev, "rig-child");
	struct device *grandchild = child ? add_child(child, "rig-grandchild") : NULL;
	size_t size = 2 << PAGE_SHIFT;
	dma_addr_t h1 = 0, h2 = 0;
	void *p1 = NULL, *p2 = NULL;
	int ret;

	ret = dma_declare_coherent_memory(dev, bar, bar, barlen, DMA_MEMORY_MAP |
					  DMA_MEMORY_INCLUDES_CHILDREN | DMA_MEMORY_EXCLUSIVE);
	rig_ktap_result(t, ret == DMA_MEMORY_MAP, "declare with INCLUDES_CHILDREN returns DMA_MEMORY_MAP (%d)", ret);
	if (child)
		p1 = dma_alloc_coherent(child, size, &h1, GFP_KERNEL);
	rig_ktap_result(t, p1 && in_bar(h1, size, bar, barlen), "child's allocation lies in the parent's BAR (%pad)", &h1);
	if (grandchild)
		p2 = dma_alloc_coherent(grandchild, size, &h2, GFP_KERNEL);
	rig_ktap_result(t, p2 && in_bar(h2, size, bar, barlen), "grandchild's allocation lies in the BAR (%pad)", &h2);
	if (p1 && in_bar(h1, size, bar, barlen)) {
		fill(p1, h1, size, bar);
		report_range(h1, size, bar);
	}
	if (p2 && in_bar(h2, size, bar, barlen)) {
		fill(p2, h2, size, bar);
		report_range(h2, size, bar);
	}
	if (p1)
		dma_free_coherent(child, size, p1, h1);
	if (p2)
		dma_free_coherent(grandchild, size, p2, h2);
	if (grandchild)
		device_unregister(grandchild);
	if (child)
		device_unregister(child);
	dma_release_declared_memory(dev);
	return 0;
}

/*
 * The RFC's own case: a host adapter whose channels (child devices) share
 * one on-chip area.  In each of two rounds, four channels allocate 1, 2, 3
 * and 4 pages from the adapter's BAR, write the pattern and free in
 * another order than they allocated; between the rounds the whole BAR
 * must be free again.  The second round's ranges are what the host checks
 * (freeing leaves the bytes in place; the whole-BAR allocation zeroed the
 * first round's).
 */
#define RIG_CHANNELS 4
static void channels_round(struct rig_ktap *t, struct device **chan, int round,
			   phys_addr_t bar, size_t barlen)
{
	static const int free_order[RIG_CHANNELS] = { 2, 0, 3, 1 };
	dma_addr_t h[RIG_CHANNELS] = { };
	void *p[RIG_CHANNELS] = { };
	bool ok, apart = true;
	int i, j;

	for (i = 0; i < RIG_CHANNELS; i++) {
		size_t size = (i + 1) << PAGE_SHIFT;

		if (chan[i])
			p[i] = dma_alloc_coherent(chan[i], size, &h[i], GFP_KERNEL);
		ok = p[i] && in_bar(h[i], size, bar, barlen);
		rig_ktap_result(t, ok, "round %d, channel %d: %zu bytes in the adapter's BAR (%pad)",
				round, i, size, &h[i]);
		if (ok) {
			fill(p[i], h[i], size, bar);
			if (round == 2)
				report_range(h[i], size, bar);
		}
	}
	for (i = 0; i < RIG_CHANNELS; i++)
		for (j = 0; j < i; j++)
			if (p[i] && p[j] && h[i] < h[j] + ((j + 1) << PAGE_SHIFT) &&
			    h[j] < h[i] + ((i + 1) << PAGE_SHIFT))
				apart = false;
	rig_ktap_result(t, apart, "round %d: the channels' buffers do not overlap", round);
	for (i = 0; i < RIG_CHANNELS; i++) {
		j = free_order[i];
		if (p[j])
			dma_free_coherent(chan[j], (j + 1) << PAGE_SHIFT, p[j], h[j]);
	}
}

static int test_channels(struct rig_ktap *t, struct device *dev, phys_addr_t bar, size_t barlen)
{
	struct device *chan[RIG_CHANNELS] = { };
	void *whole;
	dma_addr_t hw;
	char name[16];
	int i, ret;

	ret = dma_declare_coherent_memory(dev, bar, bar, barlen, DMA_MEMORY_MAP |
					  DMA_MEMORY_INCLUDES_CHILDREN | DMA_MEMORY_EXCLUSIVE);
	rig_ktap_result(t, ret == DMA_MEMORY_MAP, "adapter declares its BAR for its channels (%d)", ret);
	for (i = 0; i < RIG_CHANNELS; i++) {
		snprintf(name, sizeof(name), "rig-chan%d", i);
		chan[i] = add_child(dev, name);
	}
	channels_round(t, chan, 1, bar, barlen);
	/* everything came back: the whole BAR is one allocation again */
	whole = dma_alloc_coherent(dev, barlen, &hw, GFP_KERNEL);
	rig_ktap_result(t, whole && hw == bar, "after the frees the whole BAR is free again");
	if (whole)
		dma_free_coherent(dev, barlen, whole, hw);
	channels_round(t, chan, 2, bar, barlen);
	for (i = 0; i < RIG_CHANNELS; i++)
		if (chan[i])
			device_unregister(chan[i]);
	/* Keep the data: the host checks the file after the guest stops. */
	dma_release_declared_memory(dev);
	return 0;
}
#endif

#ifdef DMA_MEMORY_MAP
/*
 * mode=rebind: declare BAR2 with dmam_declare_coherent_memory() and keep
 * three allocations outstanding; there is no remove callback, so devres
 * releases the region with them on every unbind.  A devres action added
 * before the declaration, hence run after the release, frees them late,
 * the way a child driver may.  The guest script unbinds and rebinds the
 * device and checks that nothing accumulates.
 */
struct rig_rebind {
	struct device *dev;
	void *p[3];
	dma_addr_t h[3];
	size_t size[3];
};

static void rig_rebind_late_free(void *data)
{
	struct rig_rebind *r = data;
	int i;

	for (i = 0; i < ARRAY_SIZE(r->p); i++)
		if (r->p[i])
			dma_free_coherent(r->dev, r->size[i], r->p[i], r->h[i]);
}

static int probe_rebind(struct device *dev, phys_addr_t bar, size_t barlen)
{
	static const unsigned int pages[] = { 1, 3, 16 };
	static unsigned int probes;
	struct rig_rebind *r;
	int i;

	if (!rebind_declare)
		return 0;
	r = devm_kzalloc(dev, sizeof(*r), GFP_KERNEL);
	if (!r || devm_add_action_or_reset(dev, rig_rebind_late_free, r))
		return -ENOMEM;
	r->dev = dev;
	if (dmam_declare_coherent_memory(dev, bar, bar, barlen,
					 DMA_MEMORY_MAP | DMA_MEMORY_EXCLUSIVE) != DMA_MEMORY_MAP)
		return -ENODEV;
	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		r->size[i] = pages[i] * PAGE_SIZE;
		r->p[i] = dma_alloc_coherent(dev, r->size[i], &r->h[i], GFP_KERNEL);
		if (!r->p[i] || r->h[i] < bar || r->h[i] - bar >= barlen) {
			pr_info("rig-rebind: probe %u: allocation %d failed\n", probes, i);
			return -ENOMEM;
		}
		memset(r->p[i], 0x5a, r->size[i]);
	}
	pr_info("rig-rebind: probe %u: declared, 3 allocations outstanding\n", probes++);
	return 0;
}
#endif

#ifdef DMA_MEMORY_MAP
static struct {
	struct device *dev;
	void *cpu;
	dma_addr_t dma;
	size_t size;
} mmap_buf;

static int rig_mmap(struct file *file, struct vm_area_struct *vma)
{
	return dma_mmap_coherent(mmap_buf.dev, vma, mmap_buf.cpu, mmap_buf.dma,
				 mmap_buf.size);
}

static const struct file_operations rig_mmap_fops = {
	.owner = THIS_MODULE,
	.mmap = rig_mmap,
};

static struct miscdevice rig_mmap_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "rig_coherent_mmap",
	.fops = &rig_mmap_fops,
};

static int probe_mmap(struct device *dev, phys_addr_t bar, size_t barlen)
{
	int i;

	if (dmam_declare_coherent_memory(dev, bar, bar, barlen,
					 DMA_MEMORY_MAP | DMA_MEMORY_EXCLUSIVE) != DMA_MEMORY_MAP)
		return -ENODEV;
	mmap_buf.dev = dev;
	mmap_buf.size = 3 * PAGE_SIZE;
	mmap_buf.cpu = dmam_alloc_coherent(dev, mmap_buf.size, &mmap_buf.dma, GFP_KERNEL);
	if (!mmap_buf.cpu)
		return -ENOMEM;
	for (i = 0; i < 3; i++)
		memset(mmap_buf.cpu + i * PAGE_SIZE, 'A' + i, PAGE_SIZE);
	pr_info("rig-mmap: 3 pages at dma %pad, /dev/%s\n", &mmap_buf.dma,
		rig_mmap_dev.name);
	return misc_register(&rig_mmap_dev);
}
#endif

#define RIG_FAULT_MAX	200
#define RIG_FAULT_SLACK	8
#define RIG_FAULT_TAIL	4

/*
 * mode=fault: systematic fault injection on the declare path.  For each
 * declare variant and n = 1, 2, ... make the n-th fault point of the call
 * fail (current->fail_nth: failslab, fail_page_alloc and every other
 * fault attribute count), until RIG_FAULT_SLACK calls in a row run
 * without reaching their n-th point.  One is not enough: the number of
 * fault points shrinks from call to call as caches warm up (dentries,
 * per-CPU preloads), so a sweep that only goes up can step over the last
 * point (dmam_declare_coherent_memory()'s devres allocation); for each
 * call that falls short, its last RIG_FAULT_TAIL points are failed too.
 * After every injected failure: the call returned 0, the device
 * has no region, and a declaration without faults then works, allocates
 * and releases.  kmemleak, scanned by the guest at the end, finds any
 * leak.  Needs CONFIG_FAULT_INJECTION, with failslab's and
 * fail_page_alloc's ignore-gfp-wait off and fail_page_alloc's min-order 0
 * (scenarios/coherent-fault.sh sets them).
 */
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

static int fault_declare(struct device *dev, const struct rig_variant *v,
		   phys_addr_t bar, size_t len)
{
	if (v->managed)
		return dmam_declare_coherent_memory(dev, bar, bar, len, v->flags);
	return dma_declare_coherent_memory(dev, bar, bar, len, v->flags);
}

/* The device has a working region: allocate, check, free, release. */
static bool fault_usable(struct device *dev, phys_addr_t bar, size_t len)
{
	dma_addr_t h;
	void *p = dma_alloc_coherent(dev, 3 * PAGE_SIZE, &h, GFP_KERNEL);
	bool ok = p && h >= bar && h + 3 * PAGE_SIZE <= bar + len;

	if (p)
		dma_free_coherent(dev, 3 * PAGE_SIZE, p, h);
	dma_release_declared_memory(dev);
	return ok;
}

static bool fault_no_region(struct device *dev, phys_addr_t bar)
{
	return PTR_ERR(dma_mark_declared_memory_occupied(dev, bar, PAGE_SIZE)) == -EINVAL;
}

struct rig_fault_count {
	unsigned int injected, tolerated, bad;
};

/*
 * Make the n-th fault point of one declare call fail and check what
 * happened.  Returns true if the call reached it; if not, *had is the
 * number of fault points the call had.
 */
static bool fault_at(struct device *dev, const struct rig_variant *v,
		     phys_addr_t bar, size_t len, unsigned int n,
		     unsigned int *had, struct rig_fault_count *c)
{
	unsigned int left;
	int ret;

	WRITE_ONCE(current->fail_nth, n);
	ret = fault_declare(dev, v, bar, len);
	left = READ_ONCE(current->fail_nth);
	WRITE_ONCE(current->fail_nth, 0);
	if (left) {
		/* fewer than n fault points: a run without a fault */
		if (!ret || !fault_usable(dev, bar, len))
			c->bad++;
		*had = n - left;
		return false;
	}
	if (ret) {
		/* a fault the call may absorb (debugfs), still usable */
		c->tolerated++;
		if (!fault_usable(dev, bar, len))
			c->bad++;
		return true;
	}
	c->injected++;
	if (!fault_no_region(dev, bar))
		c->bad++;
	/* and the device declares fine afterwards */
	if (!fault_declare(dev, v, bar, len) || !fault_usable(dev, bar, len))
		c->bad++;
	return true;
}

static void fault_variant(struct rig_ktap *t, struct device *dev,
			  const struct rig_variant *v, phys_addr_t bar, size_t len)
{
	struct rig_fault_count c = { };
	unsigned int n, k, had, left, points = 0, misses = 0;

	for (n = 1; n <= RIG_FAULT_MAX && misses < RIG_FAULT_SLACK; n++) {
		if (fault_at(dev, v, bar, len, n, &had, &c)) {
			misses = 0;
			points = n;
			continue;
		}
		misses++;
		/*
		 * The call had fewer points than the sweep has reached:
		 * fail its last few (for dmam_*, the devres allocation and,
		 * on a kmemleak kernel, its tracking object), which the
		 * sweep would otherwise step over.
		 */
		for (k = had; k && k + RIG_FAULT_TAIL > had; k--)
			if (fault_at(dev, v, bar, len, k, &left, &c))
				points = max(points, k);
	}
	rig_ktap_result(t, misses == RIG_FAULT_SLACK && c.injected && !c.bad,
			"%s: %u fault points, %u failed cleanly, %u absorbed, %u bad",
			v->name, points, c.injected, c.tolerated, c.bad);
	pr_info("rig-fault: %s faults=%u clean=%u absorbed=%u bad=%u\n",
		v->name, points, c.injected, c.tolerated, c.bad);
}
#endif

#ifdef DMA_MEMORY_MAP
static int test_iommu(struct rig_ktap *t, struct device *dev, phys_addr_t bar,
		      size_t barlen)
{
	dma_addr_t h;
	void *p;
	int ret;

	ret = dma_declare_coherent_memory(dev, bar, bar, barlen,
					  DMA_MEMORY_MAP | DMA_MEMORY_EXCLUSIVE);
	rig_ktap_result(t, ret == 0, "declare behind a translating IOMMU is refused (%d)", ret);
	if (ret)
		dma_release_declared_memory(dev);
	p = dma_alloc_coherent(dev, PAGE_SIZE, &h, GFP_KERNEL);
	rig_ktap_result(t, p && !in_bar(h, PAGE_SIZE, bar, barlen),
			"dma_alloc_coherent() gets IOMMU-mapped memory (%pad)", &h);
	if (p)
		dma_free_coherent(dev, PAGE_SIZE, p, h);
	return 0;
}
#endif

static int test_fault(struct rig_ktap *t, struct device *dev, phys_addr_t bar,
		      size_t len)
{
#if defined(DMA_MEMORY_MAP) && defined(CONFIG_FAULT_INJECTION)
	int i;

	for (i = 0; i < ARRAY_SIZE(variants); i++)
		fault_variant(t, dev, &variants[i], bar, len & PAGE_MASK);
#else
	rig_ktap_skip(t, "declare under fault injection",
		      "kernel built without CONFIG_FAULT_INJECTION");
#endif
	return 0;
}

static void rig_coherent_remove(struct pci_dev *pdev)
{
#ifdef DMA_MEMORY_MAP
	if (mmap_buf.dev == &pdev->dev)
		misc_deregister(&rig_mmap_dev);
#endif
}

static int rig_coherent_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	phys_addr_t bar;
	size_t barlen;
	static struct rig_ktap t;
	static char name[32];
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	bar = pci_resource_start(pdev, 2);
	barlen = pci_resource_len(pdev, 2);
#ifdef DMA_MEMORY_MAP
	if (!strcmp(mode, "rebind"))
		return probe_rebind(&pdev->dev, bar, barlen);
	if (!strcmp(mode, "mmap"))
		return probe_mmap(&pdev->dev, bar, barlen);
#endif
	pr_info("    # ivshmem BAR2 at %pa, %zu KiB\n", &bar, barlen >> 10);

	snprintf(name, sizeof(name), "coherent_%s", mode);
	rig_ktap_start(&t, name);
#ifdef DMA_MEMORY_MAP
	if (!strcmp(mode, "map"))
		ret = test_map(&t, &pdev->dev, bar, barlen);
	else if (!strcmp(mode, "io"))
		ret = test_io(&t, &pdev->dev, bar, barlen);
	else if (!strcmp(mode, "child"))
		ret = test_child(&t, &pdev->dev, bar, barlen);
	else if (!strcmp(mode, "channels"))
		ret = test_channels(&t, &pdev->dev, bar, barlen);
	else if (!strcmp(mode, "fault"))
		ret = test_fault(&t, &pdev->dev, bar, barlen);
	else if (!strcmp(mode, "iommu"))
		ret = test_iommu(&t, &pdev->dev, bar, barlen);
	else
		ret = -EINVAL;
#else
	rig_ktap_result(&t, false,
			"dma_declare_coherent_memory() with DMA_MEMORY_* flags is not in this kernel");
	ret = 0;
#endif
	rig_ktap_end(&t);
	return ret;
}

static const struct pci_device_id rig_coherent_ids[] = {
	{ PCI_DEVICE(0x1af4, 0x1110) },
	{ }
};
MODULE_DEVICE_TABLE(pci, rig_coherent_ids);

static struct pci_driver rig_coherent_driver = {
	.name = "rig_coherent",
	.id_table = rig_coherent_ids,
	.probe = rig_coherent_probe,
	.remove = rig_coherent_remove,
};
module_pci_driver(rig_coherent_driver);
MODULE_DESCRIPTION("rig: on-chip coherent memory with QEMU's ivshmem device");
MODULE_LICENSE("GPL");
