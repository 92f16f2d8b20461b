/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal KTAP output for the rig's probe drivers: results are collected
 * and printed at the end (so the plan is exact), then parsed on the host
 * by the kernel's own kunit.py parse.
 */
#ifndef RIG_KTAP_H
#define RIG_KTAP_H

#include <linux/kernel.h>
#include <linux/printk.h>

#define RIG_KTAP_MAX 64

struct rig_ktap {
	const char *name;
	int n, failed;
	char line[RIG_KTAP_MAX][160];
};

static inline void rig_ktap_start(struct rig_ktap *t, const char *name)
{
	t->name = name;
	t->n = 0;
	t->failed = 0;
}

#define rig_ktap_result(t, ok, fmt, ...) ({				\
	bool __ok = (ok);						\
	if ((t)->n < RIG_KTAP_MAX) {					\
		snprintf((t)->line[(t)->n], sizeof((t)->line[0]),	\
			 "%s %d " fmt, __ok ? "ok" : "not ok",		\
			 (t)->n + 1, ##__VA_ARGS__);			\
		(t)->n++;						\
		if (!__ok)						\
			(t)->failed++;					\
	}								\
	__ok;								\
})

static inline void rig_ktap_skip(struct rig_ktap *t, const char *what,
				 const char *why)
{
	if (t->n < RIG_KTAP_MAX) {
		snprintf(t->line[t->n], sizeof(t->line[0]),
			 "ok %d %s # SKIP %s", t->n + 1, what, why);
		t->n++;
	}
}

static inline void rig_ktap_end(struct rig_ktap *t)
{
	int i;

	pr_info("KTAP version 1\n");
	pr_info("1..1\n");
	pr_info("    KTAP version 1\n");
	pr_info("    # Subtest: %s\n", t->name);
	pr_info("    1..%d\n", t->n);
	for (i = 0; i < t->n; i++)
		pr_info("    %s\n", t->line[i]);
	pr_info("%s 1 %s\n", t->failed || !t->n ? "not ok" : "ok", t->name);
}

#endif
