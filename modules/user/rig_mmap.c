// SPDX-License-Identifier: GPL-2.0
/*
 * rig_mmap: user side of scenarios/coherent-mmap.sh.  /dev/rig_coherent_mmap
 * (modules/rig_coherent.c mode=mmap) offers a 3-page allocation from a
 * declared MAP region through dma_mmap_coherent(); page i holds 'A' + i.
 * The whole allocation and a page of it at an offset can be mapped and
 * read; a mapping that reaches beyond the allocation is refused.
 * Prints KTAP.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

static int n, failed;

static void result(int ok, const char *what)
{
	printf("    %s %d %s\n", ok ? "ok" : "not ok", ++n, what);
	failed += !ok;
}

/* map @pages pages at page offset @off; check contents or refusal */
static int try_map(int fd, long psz, int pages, int off)
{
	unsigned char *p = mmap(NULL, pages * psz, PROT_READ, MAP_SHARED, fd,
				off * psz);
	int i, ok = 1;

	if (p == MAP_FAILED)
		return -1;
	for (i = 0; i < pages; i++)
		ok &= p[i * psz] == 'A' + off + i && p[(i + 1) * psz - 1] == 'A' + off + i;
	munmap(p, pages * psz);
	return ok;
}

int main(void)
{
	long psz = sysconf(_SC_PAGESIZE);
	int fd = open("/dev/rig_coherent_mmap", O_RDWR);

	printf("KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: coherent_mmap\n    1..5\n");
	result(fd >= 0, "open /dev/rig_coherent_mmap");
	result(try_map(fd, psz, 3, 0) == 1, "mmap the whole 3-page allocation, contents match");
	result(try_map(fd, psz, 1, 2) == 1, "mmap its third page at offset 2, contents match");
	result(try_map(fd, psz, 4, 0) == -1, "mmap of 4 pages (beyond the allocation) is refused");
	result(try_map(fd, psz, 1, 3) == -1, "mmap at page offset 3 (past the end) is refused");
	printf("%s 1 coherent_mmap\n", failed ? "not ok" : "ok");
	return failed != 0;
}
