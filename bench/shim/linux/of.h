/* SPDX-License-Identifier: GPL-2.0 */
/* shim for coherent_bench: see ../genalloc_shim.h */
#include "../genalloc_shim.h"
