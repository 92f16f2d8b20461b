// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the sh4 boot scenario (rig/sh4.sh): no busybox for sh4 in
 * Debian, so a few lines of C.  Mounts proc, sysfs and debugfs, prints
 * the kernel version, then a prompt ("sh4# ") and runs what it reads on
 * the console: "cat FILE", "ls DIR", "echo WORDS" and "poweroff".  The
 * host drives it through the serial console and stops QEMU afterwards.
 *
 * Freestanding, on raw system calls: Debian bookworm's static sh4 glibc
 * (libc6-dev-sh4-cross) was built by the same gcc 12.2 that drops the
 * "tst" before conditional branches (see rig/sh4/treg-fix.c), and its
 * __libc_start_main spins for ever on the auxv loop.  This file is built
 * with -nostdlib and the plugin, so none of that code is linked.
 */

#define NR_exit_group	252
#define NR_read		3
#define NR_write	4
#define NR_open		5
#define NR_close	6
#define NR_mount	21
#define NR_sync		36
#define NR_reboot	88
#define NR_getdents64	220

/* The unified SH-2/3/4 system call trap: number in r3, arguments r4-r7. */
static long sys(long nr, long a, long b, long c, long d, long e)
{
	register long r3 __asm__("r3") = nr;
	register long r4 __asm__("r4") = a;
	register long r5 __asm__("r5") = b;
	register long r6 __asm__("r6") = c;
	register long r7 __asm__("r7") = d;
	register long r0 __asm__("r0") = e;

	__asm__ volatile("trapa #31"
			 : "+r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory", "t");
	return r0;
}

void *memset(void *s, int c, unsigned long n);
void *memcpy(void *d, const void *s, unsigned long n);

void *memset(void *s, int c, unsigned long n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = c;
	return s;
}

void *memcpy(void *d, const void *s, unsigned long n)
{
	unsigned char *p = d;
	const unsigned char *q = s;

	while (n--)
		*p++ = *q++;
	return d;
}

static unsigned long len(const char *s)
{
	unsigned long n = 0;

	while (s[n])
		n++;
	return n;
}

static int prefix(const char *s, const char *p)
{
	while (*p)
		if (*s++ != *p++)
			return 0;
	return 1;
}

static void out(const char *s)
{
	sys(NR_write, 1, (long)s, len(s), 0, 0);
}

static void cat(const char *path)
{
	char buf[512];
	long n;
	long fd = sys(NR_open, (long)path, 0, 0, 0, 0);

	if (fd < 0) {
		out("cat: ");
		out(path);
		out(": cannot open\n");
		return;
	}
	while ((n = sys(NR_read, fd, (long)buf, sizeof(buf), 0, 0)) > 0)
		sys(NR_write, 1, (long)buf, n, 0, 0);
	sys(NR_close, fd, 0, 0, 0, 0);
}

static void ls(const char *path)
{
	long buf[256];
	long n, i;
	long fd = sys(NR_open, (long)path, 0, 0, 0, 0);

	if (fd < 0) {
		out("ls: ");
		out(path);
		out(": cannot open\n");
		return;
	}
	while ((n = sys(NR_getdents64, fd, (long)buf, sizeof(buf), 0, 0)) > 0) {
		for (i = 0; i < n;) {
			char *d = (char *)buf + i;
			unsigned short reclen = *(unsigned short *)(d + 16);
			const char *name = d + 19;

			if (name[0] != '.') {
				out(name);
				out("\n");
			}
			i += reclen;
		}
	}
	sys(NR_close, fd, 0, 0, 0, 0);
}

/* One line from the console, without its end; -1 at the end of input. */
static long getline(char *line, long size)
{
	long n = 0;
	char c;

	for (;;) {
		if (sys(NR_read, 0, (long)&c, 1, 0, 0) != 1)
			return n ? n : -1;
		if (c == '\n' || c == '\r')
			break;
		if (n < size - 1)
			line[n++] = c;
	}
	line[n] = '\0';
	return n;
}

static int main(void)
{
	char line[256];

	sys(NR_mount, (long)"proc", (long)"/proc", (long)"proc", 0, 0);
	sys(NR_mount, (long)"sysfs", (long)"/sys", (long)"sysfs", 0, 0);
	sys(NR_mount, (long)"debugfs", (long)"/sys/kernel/debug", (long)"debugfs", 0, 0);
	out("rig-sh4: userspace up\n");
	cat("/proc/version");
	for (;;) {
		out("sh4# ");
		if (getline(line, sizeof(line)) < 0)
			break;
		if (prefix(line, "cat "))
			cat(line + 4);
		else if (prefix(line, "ls "))
			ls(line + 3);
		else if (prefix(line, "echo ")) {
			out(line + 5);
			out("\n");
		} else if (line[0] == 'p' && prefix(line, "poweroff") && !line[8])
			break;
		else if (line[0]) {
			out(line);
			out(": unknown command\n");
		}
	}
	out("rig: guest done\n");
	sys(NR_sync, 0, 0, 0, 0, 0);
	/*
	 * LINUX_REBOOT_MAGIC1, _MAGIC2, LINUX_REBOOT_CMD_HALT: r2d cannot
	 * power off, and a power off that returns ends init, which panics.
	 * A halted CPU just waits for rig/sh4-drive.py to stop QEMU.
	 */
	sys(NR_reboot, 0xfee1dead, 672274793, 0xcdef0123, 0, 0);
	return 0;
}

void _start(void);
void _start(void)
{
	sys(NR_exit_group, main(), 0, 0, 0, 0);
	for (;;)
		;
}
