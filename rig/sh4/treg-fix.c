// SPDX-License-Identifier: GPL-2.0
/*
 * GCC plugin for Debian bookworm's sh4 cross compiler (gcc-12-sh4-linux-gnu
 * 12.2.0-13cross1): its sh_treg_combine passes take a register loaded from
 * memory for a negated T bit (negt_reg_operand), then drop the load and
 * the "tst" before a conditional branch, so "if (*p)" branches on a stale
 * T bit.  The kernel's decompressor already hangs on it (zImage prints
 * nothing on QEMU's r2d).  The two passes are only an optimisation:
 * switch them off through the plugin gate hook.
 */
#include "gcc-plugin.h"
#include "tree-pass.h"
#include "context.h"

int plugin_is_GPL_compatible;

static int disabled;

static void gate_cb(void *gcc_data, void *user_data)
{
	bool *gate = (bool *)gcc_data;

	if (current_pass && current_pass->name &&
	    !strncmp(current_pass->name, "sh_treg_combine", 15) && *gate) {
		*gate = false;
		disabled++;
	}
}

int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *ver)
{
	register_callback(info->base_name, PLUGIN_OVERRIDE_GATE, gate_cb, NULL);
	return 0;
}
