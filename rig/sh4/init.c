// SPDX-License-Identifier: GPL-2.0
/*
 * /init of the sh4 boot scenario (rig/sh4.sh): no busybox for sh4 in
 * Debian, so a few lines of C.  Mounts proc, sysfs and debugfs, prints
 * the kernel version, then a prompt ("sh4# ") and runs what it reads on
 * the console: "cat FILE", "ls DIR", "echo WORDS" and "poweroff".  The
 * host drives it through the serial console and stops QEMU afterwards.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <unistd.h>

static void cat(const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		printf("cat: %s: cannot open\n", path);
		return;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, n, stdout);
	close(fd);
}

static void ls(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (!d) {
		printf("ls: %s: cannot open\n", path);
		return;
	}
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			printf("%s\n", e->d_name);
	closedir(d);
}

int main(void)
{
	char line[256];

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("rig-sh4: userspace up\n");
	cat("/proc/version");
	for (;;) {
		printf("sh4# ");
		if (!fgets(line, sizeof(line), stdin))
			break;
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "cat ", 4))
			cat(line + 4);
		else if (!strncmp(line, "ls ", 3))
			ls(line + 3);
		else if (!strncmp(line, "echo ", 5))
			printf("%s\n", line + 5);
		else if (!strcmp(line, "poweroff"))
			break;
		else if (line[0])
			printf("%s: unknown command\n", line);
	}
	printf("rig: guest done\n");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
