// SPDX-License-Identifier: GPL-2.0
/*
 * coherent_bench: the series' coherent page allocator against v6.12's and
 * genalloc, in userspace, side by side in one binary.
 *
 *   dcp       the page allocator of drivers/base/dma-coherent.c from
 *             $KTREE, extracted unchanged: dma_coherent_alloc_pages() and
 *             dma_coherent_free_pages(), exact pages aligned to the
 *             smallest power of two >= n, with lib/bitmap.c's
 *             bitmap_find_next_zero_area_off();
 *   v612      v6.12 kernel/dma/coherent.c: bitmap_find_free_region() /
 *             bitmap_release_region() of order get_order(size), extracted
 *             unchanged from $KBASE/include/linux/bitmap.h (they are
 *             static inlines there in v6.12, not in lib/bitmap.c);
 *   genalloc  $KBASE/lib/genalloc.c (up to its devres/OF part) with
 *             shims: gen_pool_create(PAGE_SHIFT), gen_pool_add,
 *             gen_pool_alloc_algo(gen_pool_first_fit_order_align),
 *             gen_pool_free, as drivers/misc/sram.c style users do.
 *
 * All three use the same tools/lib find_bit and bitmap code, and __ffs()
 * and __fls() as one instruction each, as the kernel has them on x86
 * (bench/shim/asm-generic/bitops/; tools/ has C fallbacks).  None of them
 * is timed with its lock (the kernel takes a spinlock around each of them;
 * genalloc uses cmpxchg on bitmap words instead, and those atomics are
 * real here).
 *
 * Output: TSV lines "metric<TAB>unit<TAB>allocator<TAB>value" on stdout
 * (medians over 5 rounds, allocators alternating A B C A B C ..., plus
 * .min/.max lines); with -o DIR, latency-vs-fill.dat and
 * latency-vs-size.dat for plots.
 *
 *   coherent_bench [-o DIR] [-q]     run everything (-q: fewer sweeps)
 *   coherent_bench --util            the utilisation metrics only
 *   coherent_bench --callgrind ALLOC [PAGES [FILL% [SIZE [PAIRS]]]]
 *          fixed workload for valgrind --tool=callgrind
 *          --toggle-collect=cg_workload: PAIRS (20000) alloc+free pairs of
 *          SIZE pages (0: random 1-64) on a region of PAGES (4096) pages
 *          filled to FILL% (90) with requests of that size, as for the
 *          latency metrics (see op_pair()); FILL% "checker": every other
 *          page in use, region at DMA page frame number 1, and PAIRS
 *          allocations of SIZE pages that all fail (the worst a failing
 *          request costs)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/genalloc.h>

/* what the series' page allocator needs of the kernel and of its region */
#define PAGE_SHIFT	12
#define bitmap_zalloc(nbits, gfp)	(bitmap_zalloc)(nbits)
struct dma_coherent_mem {
	unsigned long *bitmap, *occupied;
	unsigned long size;
	unsigned long long device_base;
};
#include "dma_coherent_pages.h"

/* DMA page frame number of the series' regions ("checker" workload: 1) */
static unsigned long cg_pfn;

#define ROUNDS		5
#define GBASE		(1UL << 40)	/* genalloc needs a non-zero address */

enum { DCP, V612, GENALLOC, NR_KINDS };
static const char *const kind_name[NR_KINDS] = { "dcp", "v612", "genalloc" };

struct live {
	unsigned long page, nr;
};

struct pool {
	int kind;
	unsigned long pages;
	struct dma_coherent_mem dcp;
	unsigned long *bm;		/* v612, and dcp's bitmap */
	struct gen_pool *gp;
	struct live *live;
	unsigned long nr_live;
	unsigned long req;		/* requested pages outstanding */
};

/* ---------------------------------------------------------------- rng */

static uint64_t rng;

static void rng_seed(uint64_t s)
{
	rng = s * 0x9e3779b97f4a7c15ULL + 0x1234567;
}

static unsigned long rnd(unsigned long n)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (rng * 0x2545f4914f6cdd1dULL >> 11) % n;
}

/* ---------------------------------------------------------- allocators */

static unsigned int order_of(unsigned long nr)	/* get_order(nr pages) */
{
	unsigned int o = 0;

	while ((1UL << o) < nr)
		o++;
	return o;
}

static struct pool *pool_create(int kind, unsigned long pages)
{
	struct pool *p = calloc(1, sizeof(*p));

	p->kind = kind;
	p->pages = pages;
	p->live = calloc(pages, sizeof(*p->live));
	switch (kind) {
	case DCP:
		p->dcp.size = pages;
		p->dcp.device_base = cg_pfn << PAGE_SHIFT;
		if (dma_coherent_bitmap_init(&p->dcp, pages))
			abort();
		p->bm = p->dcp.bitmap;
		break;
	case V612:
		p->bm = bitmap_zalloc(pages, GFP_KERNEL);
		break;
	case GENALLOC:
		p->gp = gen_pool_create(PAGE_SHIFT, -1);
		if (!p->gp || gen_pool_add(p->gp, GBASE, pages << PAGE_SHIFT, -1))
			abort();
		break;
	}
	return p;
}

static void pool_destroy(struct pool *p)
{
	switch (p->kind) {
	case DCP:
	case V612:
		bitmap_free(p->bm);
		break;
	case GENALLOC:
		while (p->nr_live) {
			p->nr_live--;
			gen_pool_free(p->gp,
				      GBASE + (p->live[p->nr_live].page << PAGE_SHIFT),
				      p->live[p->nr_live].nr << PAGE_SHIFT);
		}
		gen_pool_destroy(p->gp);
		break;
	}
	free(p->live);
	free(p);
}

/* not inlined, so that callgrind can tell allocation from freeing */
__attribute__((__noinline__)) long pa_alloc(struct pool *p, unsigned long nr)
{
	unsigned long addr;

	switch (p->kind) {
	case DCP:
		return dma_coherent_alloc_pages(&p->dcp, nr, p->pages);
	case V612:
		return bitmap_find_free_region(p->bm, p->pages, order_of(nr));
	default:
		addr = gen_pool_alloc_algo(p->gp, nr << PAGE_SHIFT,
					   gen_pool_first_fit_order_align, NULL);
		return addr ? (long)((addr - GBASE) >> PAGE_SHIFT) : -1;
	}
}

__attribute__((__noinline__)) void pa_free(struct pool *p, unsigned long page,
					 unsigned long nr)
{
	switch (p->kind) {
	case DCP:
		if (dma_coherent_free_pages(&p->dcp, page, nr) != nr)
			abort();
		break;
	case V612:
		bitmap_release_region(p->bm, page, order_of(nr));
		break;
	default:
		gen_pool_free(p->gp, GBASE + (page << PAGE_SHIFT),
			      nr << PAGE_SHIFT);
		break;
	}
}

/* pages the allocator has taken out of the region */
static unsigned long pool_used(struct pool *p)
{
	switch (p->kind) {
	case DCP:
	case V612:
		return bitmap_weight(p->bm, p->pages);
	default:
		return p->pages - (gen_pool_avail(p->gp) >> PAGE_SHIFT);
	}
}

static bool track_alloc(struct pool *p, unsigned long nr)
{
	long page = pa_alloc(p, nr);

	if (page < 0)
		return false;
	if ((unsigned long)page % (1UL << order_of(nr)) ||
	    page + nr > p->pages)
		abort();
	p->live[p->nr_live].page = page;
	p->live[p->nr_live].nr = nr;
	p->nr_live++;
	p->req += nr;
	return true;
}

static void track_free(struct pool *p, unsigned long idx)
{
	struct live l = p->live[idx];

	pa_free(p, l.page, l.nr);
	p->req -= l.nr;
	p->live[idx] = p->live[--p->nr_live];
}

/* -------------------------------------------------------------- output */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	double s[64];

	memcpy(s, v, n * sizeof(*v));
	qsort(s, n, sizeof(*s), cmp_double);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* print median, min, max of @v[kind][round] */
static void report(const char *metric, const char *unit,
		   double v[NR_KINDS][ROUNDS], double *med_out)
{
	int k, r;

	for (k = 0; k < NR_KINDS; k++) {
		double lo = v[k][0], hi = v[k][0], m = median(v[k], ROUNDS);

		for (r = 1; r < ROUNDS; r++) {
			lo = v[k][r] < lo ? v[k][r] : lo;
			hi = v[k][r] > hi ? v[k][r] : hi;
		}
		printf("%s\t%s\t%s\t%.4g\n", metric, unit, kind_name[k], m);
		printf("%s.min\t%s\t%s\t%.4g\n", metric, unit, kind_name[k], lo);
		printf("%s.max\t%s\t%s\t%.4g\n", metric, unit, kind_name[k], hi);
		if (med_out)
			med_out[k] = m;
	}
	fflush(stdout);
}

/* --------------------------------------------------------- utilisation */

static double util_fill(int kind, unsigned long pages, const unsigned long *seq)
{
	struct pool *p = pool_create(kind, pages);
	double u;

	for (; *seq; seq++)
		while (track_alloc(p, *seq))
			;
	u = (double)p->req / pages;
	pool_destroy(p);
	return u;
}

static unsigned long rand_size(void)
{
	return 1 + rnd(64);
}

/*
 * Random mix of 1..64 pages, a random victim freed after every second
 * allocation, until the first failure; then fill with 64, 63, ... 1 page
 * requests until nothing fits.
 */
static void util_random(int kind, unsigned long pages, uint64_t seed,
			double *first, double *final, double *waste,
			double *fail_nr, double *free_at_fail)
{
	struct pool *p = pool_create(kind, pages);
	unsigned long n = 0, s;

	rng_seed(seed);
	for (;;) {
		s = rand_size();
		if (!track_alloc(p, s))
			break;
		if (++n % 2 == 0)
			track_free(p, rnd(p->nr_live));
	}
	*first = (double)p->req / pages;
	*fail_nr = s;
	*free_at_fail = (double)(pages - pool_used(p)) / pages;
	*waste = (double)pool_used(p) / p->req;
	for (s = 64; s; s--)
		while (track_alloc(p, s))
			;
	*final = (double)p->req / pages;
	pool_destroy(p);
}

/* ------------------------------------------------------------- latency */

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/*
 * Fill @p with requests of @size pages (0: the random mix), a victim freed
 * after every second allocation so that the holes are scattered, until
 * @frac of the region is taken out by the allocator.  Random sizes shrink
 * near the target and on failure; a fixed size stops there.
 */
static void fill_to(struct pool *p, double frac, unsigned long size)
{
	unsigned long target = frac * p->pages, n = 0, guard = 0;

	while (pool_used(p) < target && guard++ < 100 * p->pages) {
		unsigned long s = size ? size : rand_size();
		unsigned long room = target - pool_used(p);

		if (s > room && size)
			break;
		if (s > room)
			s = room;
		while (s && !track_alloc(p, s))
			s = size ? 0 : s / 2;
		if (!s)
			break;		/* not even one page fits */
		if (++n % 2 == 0 && pool_used(p) < target)
			track_free(p, rnd(p->nr_live));
	}
}

/*
 * One measured alloc+free at the fill level of @p.  On an empty region:
 * allocate @nr pages and free them.  Otherwise: free a random allocation
 * and allocate as many pages again, which every allocator can serve (the
 * pages just freed hold the request at its alignment), so that a row
 * times allocations that succeed, at a fill level that stays put.
 * Returns false if the allocation failed.
 */
static bool op_pair(struct pool *p, unsigned long nr)
{
	unsigned long i;
	long pg;

	if (!p->nr_live) {
		pg = pa_alloc(p, nr);
		if (pg >= 0)
			pa_free(p, pg, nr);
		return pg >= 0;
	}
	i = rnd(p->nr_live);
	pa_free(p, p->live[i].page, p->live[i].nr);
	pg = pa_alloc(p, p->live[i].nr);
	if (pg < 0) {
		p->req -= p->live[i].nr;
		p->live[i] = p->live[--p->nr_live];
		return false;
	}
	p->live[i].page = pg;
	return true;
}

#define NSIZES 1024
static unsigned long rand_sizes[NSIZES];

/* ns per alloc+free pair of @sizes (cycled), adaptive iteration count */
static double time_pairs(struct pool *p, const unsigned long *sizes,
			 unsigned long nsz, double target_ns, double *failfrac)
{
	unsigned long iters = 16, i, fails;
	double t0, t1;

	for (;;) {
		fails = 0;
		t0 = now_ns();
		for (i = 0; i < iters; i++)
			fails += !op_pair(p, sizes[i % nsz]);
		t1 = now_ns();
		if (t1 - t0 >= target_ns || iters >= (1UL << 26))
			break;
		iters *= 2;
	}
	if (failfrac)
		*failfrac = (double)fails / iters;
	return (t1 - t0) / iters;
}

static const unsigned long fixed_sizes[] = { 1, 3, 16 };

/*
 * ns per alloc+free of sizes 1, 3, 16 and random on @pages pages at @frac
 * full; for a fixed size the region is filled with that size.
 */
static void latency_set(const char *prefix, unsigned long pages, double frac)
{
	double v[4][NR_KINDS][ROUNDS], f[4][NR_KINDS][ROUNDS];
	struct pool *p[4][NR_KINDS];
	char name[128];
	int k, r, s;

	for (s = 0; s < 4; s++)
		for (k = 0; k < NR_KINDS; k++) {
			p[s][k] = pool_create(k, pages);
			rng_seed(1000 + pages);
			fill_to(p[s][k], frac, s < 3 ? fixed_sizes[s] : 0);
		}
	for (r = 0; r < ROUNDS; r++)
		for (s = 0; s < 4; s++)
			for (k = 0; k < NR_KINDS; k++)
				v[s][k][r] = s < 3 ?
					time_pairs(p[s][k], &fixed_sizes[s], 1,
						   2e6, &f[s][k][r]) :
					time_pairs(p[s][k], rand_sizes, NSIZES,
						   4e6, &f[s][k][r]);
	for (s = 0; s < 4; s++) {
		char sz[8];

		if (s < 3)
			snprintf(sz, sizeof(sz), "%lu", fixed_sizes[s]);
		else
			strcpy(sz, "rand");
		snprintf(name, sizeof(name), "%s.%s", prefix, sz);
		report(name, "ns", v[s], NULL);
		snprintf(name, sizeof(name), "%s.%s.failed", prefix, sz);
		report(name, "fraction", f[s], NULL);
		for (k = 0; k < NR_KINDS; k++) {
			printf("%s.%s.fill\tfraction\t%s\t%.4g\n", prefix, sz,
			       kind_name[k],
			       (double)pool_used(p[s][k]) / pages);
			pool_destroy(p[s][k]);
		}
	}
}

static const unsigned long sweep_pages[] = { 512, 4096, 32768, 262144 };
static const int sweep_fill[] = { 0, 25, 50, 75, 90, 95, 99 };
#define NSP (sizeof(sweep_pages) / sizeof(sweep_pages[0]))
#define NSF (sizeof(sweep_fill) / sizeof(sweep_fill[0]))

static void sweep(const char *dir, bool quick)
{
	static double med[NSP][NSF][NR_KINDS];
	FILE *ff = NULL, *fs = NULL;
	unsigned int i, j, nsp = quick ? 2 : NSP;
	char path[4096];
	int k, r;

	for (i = 0; i < nsp; i++) {
		struct pool *p[NR_KINDS];
		uint64_t state[NR_KINDS];

		rng_seed(77 + i);
		for (k = 0; k < NR_KINDS; k++) {
			p[k] = pool_create(k, sweep_pages[i]);
			state[k] = rng;
		}
		for (j = 0; j < NSF; j++) {
			double v[NR_KINDS][ROUNDS], f[NR_KINDS][ROUNDS];
			char name[96];

			/* each pool keeps its own random stream */
			for (k = 0; k < NR_KINDS; k++) {
				rng = state[k];
				fill_to(p[k], sweep_fill[j] / 100.0, 0);
				state[k] = rng;
			}
			for (r = 0; r < ROUNDS; r++)
				for (k = 0; k < NR_KINDS; k++)
					v[k][r] = time_pairs(p[k], rand_sizes,
							     NSIZES, 2e6,
							     &f[k][r]);
			snprintf(name, sizeof(name),
				 "coherent.sweep.%luM.%d.rand",
				 sweep_pages[i] >> 8, sweep_fill[j]);
			report(name, "ns", v, med[i][j]);
			strcat(name, ".failed");
			report(name, "fraction", f, NULL);
		}
		for (k = 0; k < NR_KINDS; k++)
			pool_destroy(p[k]);
	}
	if (!dir)
		return;
	snprintf(path, sizeof(path), "%s/latency-vs-fill.dat", dir);
	ff = fopen(path, "w");
	snprintf(path, sizeof(path), "%s/latency-vs-size.dat", dir);
	fs = fopen(path, "w");
	if (!ff || !fs) {
		perror("writing data files");
		exit(1);
	}
	for (i = 0; i < nsp; i++) {
		fprintf(ff, "# region %lu MiB: fill%% dcp v612 genalloc (median ns per alloc+free, random 1-64 pages)\n",
			sweep_pages[i] >> 8);
		for (j = 0; j < NSF; j++)
			fprintf(ff, "%d\t%.1f\t%.1f\t%.1f\n", sweep_fill[j],
				med[i][j][DCP], med[i][j][V612],
				med[i][j][GENALLOC]);
		fprintf(ff, "\n\n");
	}
	fprintf(fs, "# MiB");
	for (j = 0; j < NSF; j++)
		fprintf(fs, "\tdcp@%d\tv612@%d\tgenalloc@%d", sweep_fill[j],
			sweep_fill[j], sweep_fill[j]);
	fprintf(fs, "\n");
	for (i = 0; i < nsp; i++) {
		fprintf(fs, "%lu", sweep_pages[i] >> 8);
		for (j = 0; j < NSF; j++)
			for (k = 0; k < NR_KINDS; k++)
				fprintf(fs, "\t%.1f", med[i][j][k]);
		fprintf(fs, "\n");
	}
	fclose(ff);
	fclose(fs);
}

/* ------------------------------------------------------------ callgrind */

static unsigned long cg_pairs = 20000, cg_size;

/* count with valgrind --tool=callgrind --toggle-collect=cg_workload */
__attribute__((__noinline__)) unsigned long cg_workload(struct pool *p)
{
	unsigned long i, fails = 0;

	for (i = 0; i < cg_pairs; i++)
		fails += cg_pfn ? pa_alloc(p, cg_size) < 0 :
			  !op_pair(p, cg_size ? cg_size : rand_sizes[i % NSIZES]);
	return fails;
}

static int callgrind(const char *name, unsigned long pages, int fill)
{
	struct pool *p;
	int k;

	for (k = 0; k < NR_KINDS; k++)
		if (!strcmp(name, kind_name[k]))
			break;
	if (k == NR_KINDS) {
		fprintf(stderr, "unknown allocator %s\n", name);
		return 2;
	}
	if (fill < 0) {			/* checker */
		unsigned long i;

		cg_pfn = 1;
		p = pool_create(k, pages);
		while (track_alloc(p, 1))
			;
		for (i = p->nr_live; i-- > 0;)
			if (p->live[i].page % 2 == 0)
				track_free(p, i);
	} else {
		p = pool_create(k, pages);
		rng_seed(1000 + pages);	/* the same state as latency_set() */
		fill_to(p, fill / 100.0, cg_size);
	}
	printf("callgrind workload: %s, %lu pages at %.3f full, %lu alloc+free pairs of %s pages",
	       name, pages, (double)pool_used(p) / pages, cg_pairs,
	       cg_size ? "fixed" : "1-64");
	printf(", %lu failed\npairs %lu\n", cg_workload(p), cg_pairs);
	pool_destroy(p);
	return 0;
}

/* ----------------------------------------------------------------- main */

int main(int argc, char **argv)
{
	static const unsigned long seq31[] = { 3, 1, 0 }, seq521[] = { 5, 2, 1, 0 };
	double v[NR_KINDS][ROUNDS], w[NR_KINDS][ROUNDS], x[NR_KINDS][ROUNDS];
	double y[NR_KINDS][ROUNDS], z[NR_KINDS][ROUNDS];
	const char *dir = NULL;
	bool quick = false, util_only = false;
	int i, k, r;

	rng_seed(99);
	for (i = 0; i < NSIZES; i++)
		rand_sizes[i] = rand_size();

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--callgrind") && i + 1 < argc) {
			/* ALLOC [PAGES [FILL% [SIZE (0: random) [PAIRS]]]] */
			unsigned long pages = 4096;
			int fill = 90;

			if (i + 2 < argc)
				pages = strtoul(argv[i + 2], NULL, 0);
			if (i + 3 < argc)
				fill = strcmp(argv[i + 3], "checker") ?
				       atoi(argv[i + 3]) : -1;
			if (i + 4 < argc)
				cg_size = strtoul(argv[i + 4], NULL, 0);
			if (i + 5 < argc)
				cg_pairs = strtoul(argv[i + 5], NULL, 0);
			return callgrind(argv[i + 1], pages, fill);
		}
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			dir = argv[++i];
		else if (!strcmp(argv[i], "-q"))
			quick = true;
		else if (!strcmp(argv[i], "--util"))
			util_only = true;
		else {
			fprintf(stderr, "usage: %s [-o DIR] [-q] | --callgrind dcp|v612|genalloc\n",
				argv[0]);
			return 2;
		}
	}

	/* deterministic: the same every round */
	for (r = 0; r < ROUNDS; r++)
		for (k = 0; k < NR_KINDS; k++) {
			v[k][r] = util_fill(k, 1024, seq31);
			w[k][r] = util_fill(k, 1024, seq521);
		}
	report("coherent.util.fill.3-1", "fraction", v, NULL);
	report("coherent.util.fill.5-2-1", "fraction", w, NULL);

	for (i = 0; i < 2; i++) {
		unsigned long pages = i ? 65536 : 1024;
		const char *sz = i ? "256M" : "4M";
		char name[64];

		for (r = 0; r < ROUNDS; r++)
			for (k = 0; k < NR_KINDS; k++)
				util_random(k, pages, 1 + r, &v[k][r],
					    &w[k][r], &x[k][r], &y[k][r],
					    &z[k][r]);
		snprintf(name, sizeof(name), "coherent.util.random.%s", sz);
		report(name, "fraction", v, NULL);
		snprintf(name, sizeof(name), "coherent.util.random.%s.failed_nr", sz);
		report(name, "pages", y, NULL);
		snprintf(name, sizeof(name), "coherent.util.random.%s.free_at_fail", sz);
		report(name, "fraction", z, NULL);
		snprintf(name, sizeof(name), "coherent.util.random_final.%s", sz);
		report(name, "fraction", w, NULL);
		snprintf(name, sizeof(name), "coherent.waste.%s", sz);
		report(name, "pages/page", x, NULL);
		if (i)
			report("coherent.waste", "pages/page", x, NULL);
	}

	if (util_only)
		return 0;
	latency_set("coherent.latency.2M.empty", 512, 0);
	latency_set("coherent.latency.2M.90full", 512, 0.9);
	latency_set("coherent.latency.256M.empty", 65536, 0);
	latency_set("coherent.latency.256M.90full", 65536, 0.9);
	sweep(dir, quick);
	return 0;
}
