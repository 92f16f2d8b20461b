#!/usr/bin/env python3
"""Differential checker for the "swiotlb=" boot parameter (issue #15, 5-6).

Cuts v6.12's and the series' parser and sizing code out of both trees'
kernel/dma/swiotlb.c at run time (by function name, never a copy), together
with the library code they call (lib/kstrtox.c, lib/vsprintf.c,
lib/string.c, lib/cmdline.c, lib/ctype.c, the arithmetic macros of the same
tree), compiles each side in userspace against a few shims (printk capture,
num_possible_cpus(), a fake memblock allocation), runs both on the same
generated strings and classifies every difference:

  (a) same meaning: same pool size, area count, force, noforce; only the
      kernel log differs (e.g. the series warns and uses the defaults where
      v6.12 ignored the value silently);
  (b) v6.12 mangled the string: it stopped at junk and applied only a
      prefix, wrapped or overflowed a number, or ended with an area count
      that crashes it (limit_nareas() overflow, e.g. ",33554432");
  (c) a documented extension of the series: K/M/G sizes (rounded to whole
      areas; Documentation/admin-guide/kernel-parameters.txt);
  (d) anything else: a real incompatibility.

Exit status is non-zero if (d) is not empty, a refused string gave no
warning, an accepted result is out of bounds (pool not whole segments, area
count outside [1, min(IO_TLB_MAX_NAREAS, segments)], areas of unequal size,
bytes overflowing unsigned long), the series' code crashed or hit undefined
behaviour, or it accepted a value silently with another meaning than the
one its documentation gives (see series_doc()).
"""

import argparse
from collections import Counter, defaultdict
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

# --------------------------------------------------------------------------
# Cutting C source by name

def _skip_noncode(src, i):
    """If src[i:] starts a comment, string or char literal, return the
    index after it, else None."""
    if src.startswith('/*', i):
        j = src.find('*/', i + 2)
        return len(src) if j < 0 else j + 2
    if src.startswith('//', i):
        j = src.find('\n', i)
        return len(src) if j < 0 else j
    if src[i] in '"\'':
        q = src[i]
        j = i + 1
        while j < len(src) and src[j] != q:
            j += 2 if src[j] == '\\' else 1
        return j + 1
    return None


def _match(src, i, open_c, close_c):
    """Index after the bracket matching the one at src[i]."""
    depth = 0
    while i < len(src):
        j = _skip_noncode(src, i)
        if j is not None:
            i = j
            continue
        c = src[i]
        if c == open_c:
            depth += 1
        elif c == close_c:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError('unbalanced %s%s' % (open_c, close_c))


_BRACKETS = {'(': re.compile(r'[()]'), '{': re.compile(r'[{}]')}


def _match_masked(mask, i, open_c, close_c):
    """_match() for text without comments and literals."""
    depth = 0
    for m in _BRACKETS[open_c].finditer(mask, i):
        depth += 1 if m.group(0) == open_c else -1
        if depth == 0:
            return m.end()
    raise ValueError('unbalanced %s%s' % (open_c, close_c))


def _code_mask(src):
    """src with comments and literals blanked out (same length)."""
    out = list(src)
    i = 0
    while i < len(src):
        j = _skip_noncode(src, i)
        if j is not None:
            for k in range(i, min(j, len(src))):
                if out[k] != '\n':
                    out[k] = ' '
            i = j
        else:
            i += 1
    return ''.join(out)


class Source:
    def __init__(self, path):
        self.path = path
        with open(path, encoding='utf-8', errors='replace') as f:
            self.src = f.read()
        self.mask = _code_mask(self.src)
        self._fns = None

    def functions(self):
        """{name: (start, end)} of the function definitions in the file."""
        if self._fns is None:
            self._fns = self._functions()
        return self._fns

    def _functions(self):
        res = {}
        for m in re.finditer(r'\b([A-Za-z_]\w*)\s*\(', self.mask):
            name = m.group(1)
            if name in ('if', 'while', 'for', 'switch', 'return', 'sizeof',
                        'defined', '__attribute__', 'typeof', '__typeof__'):
                continue
            ls = self.mask.rfind('\n', 0, m.start()) + 1
            # a definition's name sits at top level: its line does not
            # start with white space and is not a preprocessor line
            if self.mask[ls] in ' \t#':
                continue
            try:
                close = _match_masked(self.mask, m.end() - 1, '(', ')')
            except ValueError:
                continue
            rest = self.mask[close:]
            k = len(rest) - len(rest.lstrip())
            if not rest[k:k + 1] == '{':
                continue
            body_end = _match_masked(self.mask, close + k, '{', '}')
            # take the lines before the name that belong to the declaration
            start = ls
            while start > 0:
                ps = self.mask.rfind('\n', 0, start - 1) + 1
                line = self.mask[ps:start - 1].strip()
                if (not line or line.endswith((';', '}', '{')) or
                        line.startswith('#') or line.endswith(')') and
                        line.startswith(('EXPORT_', 'early_param',
                                         '__setup', 'module_'))):
                    break
                start = ps
            if name in res:
                # two definitions (#ifdef branches): the first one counts
                continue
            res[name] = (start, body_end)
        return res

    def function(self, name):
        fns = self.functions()
        if name not in fns:
            return None
        s, e = fns[name]
        return self.src[s:e] + '\n'

    def macro(self, name, nth=0):
        found = []
        for m in re.finditer(r'^[ \t]*#[ \t]*define[ \t]+' + re.escape(name) +
                             r'\b', self.src, re.M):
            e = m.start()
            while True:
                nl = self.src.find('\n', e)
                if nl < 0:
                    nl = len(self.src)
                if self.src[nl - 1] == '\\':
                    e = nl + 1
                    continue
                break
            found.append(self.src[m.start():nl] + '\n')
        return found[nth] if len(found) > nth else None

    def variable(self, name):
        """The top-level declaration statement that defines name."""
        for m in re.finditer(r'^(?!#)[^\n;(){}]*?\b' + re.escape(name) +
                             r'\b[^\n(){}]*', self.mask, re.M):
            line = m.group(0)
            if line[:1] in ' \t' or 'extern' in line.split():
                continue
            end = self.mask.find(';', m.start())
            if '{' in self.mask[m.start():end]:
                end = _match_masked(self.mask, self.mask.index('{', m.start()),
                             '{', '}')
                end = self.mask.find(';', end)
            return self.src[m.start():end + 1] + '\n'
        return None

    def struct(self, name):
        m = re.search(r'^struct\s+' + re.escape(name) + r'\s*\{', self.mask,
                      re.M)
        if not m:
            return None
        e = _match_masked(self.mask, m.end() - 1, '{', '}')
        e = self.mask.find(';', e)
        return self.src[m.start():e + 1] + '\n'


def called(text):
    return set(re.findall(r'\b([A-Za-z_]\w*)\s*\(', _code_mask(text)))


class Missing(Exception):
    pass


def need(x, what):
    if x is None:
        raise Missing(what)
    return x


# --------------------------------------------------------------------------
# Building one side

SHIM_HEAD = r'''
/* Shims: userspace stand-ins for the kernel environment. */
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* kernel names that clash with libc's: the kernel's code is used */
#define strsep k_strsep
#define strpbrk k_strpbrk
#define isdigit k_isdigit
#define isxdigit k_isxdigit

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;
typedef int64_t s64;
typedef int32_t s32;

#define __init
#define __initdata
#define __ro_after_init
#define __read_mostly
#define noinline
#define noinline_for_stack
#define VISIBLE_IF_KUNIT
#define __always_inline inline
#define __must_check
#define __user
#define fallthrough __attribute__((__fallthrough__))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define WARN_ON_ONCE(x) (x)
#define WARN_ON(x) (x)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define U64_MAX ((u64)~0ULL)
#define U32_MAX ((u32)~0U)
#define BIT(nr) (1UL << (nr))
#define BITS_PER_LONG 64
#define max(a, b) ((a) > (b) ? (a) : (b))
#define SZ_1M 0x00100000
#define SZ_128M 0x08000000
#define PAGE_SIZE 4096UL
#define PAGE_SHIFT 12
static inline u64 div_u64(u64 dividend, u32 divisor) { return dividend / divisor; }
/* include/asm-generic/bitops/fls64.h (BITS_PER_LONG == 64), __fls = bsr */
static inline int fls64(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline unsigned int fls_long(unsigned long l) { return fls64(l); }

/* printk capture */
static char logbuf[4096];
static size_t loglen;
static int nwarn;
static void cap_log(int lvl, const char *fmt, ...)
{
	va_list ap;
	if (lvl <= 4)
		nwarn++;
	if (loglen < sizeof(logbuf) - 8) {
		loglen += snprintf(logbuf + loglen, sizeof(logbuf) - loglen, "<%d>", lvl);
		va_start(ap, fmt);
		if (loglen < sizeof(logbuf))
			loglen += vsnprintf(logbuf + loglen, sizeof(logbuf) - loglen, fmt, ap);
		va_end(ap);
		if (loglen >= sizeof(logbuf))
			loglen = sizeof(logbuf) - 1;
	}
}
#define pr_err(fmt, ...) cap_log(3, fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...) cap_log(4, fmt, ##__VA_ARGS__)
#define pr_notice(fmt, ...) cap_log(5, fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...) cap_log(6, fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...) do { } while (0)
#define early_param(s, f) /* early_param(s, f) */
#define EXPORT_SYMBOL(x)
#define EXPORT_SYMBOL_GPL(x)
#define EXPORT_SYMBOL_IF_KUNIT(x)

/* the CPUs the sizing code sees, and a fake memblock allocation that fails
 * above alloc_max_slabs, as a machine with that much low memory would */
static unsigned int harness_ncpus = 1;
#define num_possible_cpus() (harness_ncpus)
static unsigned long alloc_max_slabs = ~0UL;
static char fake_pool;
static void *fake_memblock_alloc(unsigned long nslabs)
{
	return nslabs <= alloc_max_slabs ? &fake_pool : NULL;
}
#define swiotlb_memblock_alloc(nslabs, flags, remap) fake_memblock_alloc(nslabs)

/* lib/string.c sized_strscpy(): word-at-a-time is never taken here (max is
 * forced to 0 below, as under KMSAN); these only let it compile */
struct word_at_a_time { unsigned long one_bits, high_bits; };
#define WORD_AT_A_TIME_CONSTANTS { 0, 0 }
static inline unsigned long read_word_at_a_time(const void *p) { (void)p; abort(); }
static inline unsigned long load_unaligned_zeropad(const void *p) { (void)p; abort(); }
static inline unsigned long has_zero(unsigned long a, unsigned long *b, const struct word_at_a_time *c) { (void)a; (void)b; (void)c; abort(); }
static inline unsigned long prep_zero_mask(unsigned long a, unsigned long b, const struct word_at_a_time *c) { (void)a; (void)b; (void)c; abort(); }
static inline unsigned long create_zero_mask(unsigned long a) { (void)a; abort(); }
static inline unsigned long zero_bytemask(unsigned long a) { (void)a; abort(); }
static inline unsigned long find_zero(unsigned long a) { (void)a; abort(); }
#define strscpy(d, s, n) sized_strscpy(d, s, n)
'''

LEFTOVER = r'''
/* v6.12's parser ends with strcmp(str, "force"): what it had left. */
static char leftover[4096];
static int have_leftover;
static int cap_strcmp(const char *a, const char *b)
{
	if (!have_leftover && !strcmp(b, "force")) {
		snprintf(leftover, sizeof(leftover), "%s", a);
		have_leftover = 1;
	}
	return strcmp(a, b);
}
'''

DRIVER = r'''
/* ---- driver ---- */
#undef strcmp
static unsigned long o_nslabs;
static unsigned int o_nareas;
static int o_done;

static void harness_sizing(void)
{
	unsigned int flags = 0;
	void *remap = NULL;
	unsigned long nslabs;
	unsigned int nareas;
	void *tlb;

	(void)flags; (void)remap; (void)tlb;
	o_done = 0;
@SIZING@
	o_nslabs = nslabs;
	o_nareas = nareas;
	o_done = 1;
}

static sigjmp_buf jb;
static volatile int in_call;
static void on_signal(int sig)
{
	if (!in_call)
		_exit(128 + sig);
	siglongjmp(jb, sig);
}

static void hexout(const char *s, size_t n)
{
	static const char h[] = "0123456789abcdef";
	if (!n)
		putchar('-');
	for (size_t i = 0; i < n; i++) {
		putchar(h[(unsigned char)s[i] >> 4]);
		putchar(h[(unsigned char)s[i] & 15]);
	}
}

static int unhex(const char *s, char *out)
{
	int n = 0;
	if (*s == '-')
		return 0;
	for (; s[0] && s[1] && s[0] != '\n'; s += 2) {
		int a = s[0] <= '9' ? s[0] - '0' : s[0] - 'a' + 10;
		int b = s[1] <= '9' ? s[1] - '0' : s[1] - 'a' + 10;
		out[n++] = a * 16 + b;
	}
	return n;
}


int main(int argc, char **argv)
{
	static char line[65536], str[32768], buf[32768];
	unsigned long sv_nslabs, sv_nareas, b_limit;
	int sig;

	{
		/* SA_NODEFER: a siglongjmp() out of the handler leaves the
		 * signal unblocked, so sigsetjmp() need not save the mask */
		struct sigaction sa = { .sa_handler = on_signal,
					.sa_flags = SA_NODEFER };
		int sigs[] = { SIGSEGV, SIGFPE, SIGILL, SIGBUS, SIGTRAP, SIGABRT };
		for (unsigned i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			sigaction(sigs[i], &sa, NULL);
	}
	b_limit = argc > 1 ? strtoul(argv[1], NULL, 0) : (1UL << 19);

	/* input: "ncpus hexstring" or "ncpus null"; "memparse hexstring" */
	while (fgets(line, sizeof(line), stdin)) {
		char *sp = strchr(line, ' ');
		int n, isnull;
		if (!sp)
			continue;
		*sp++ = 0;
		isnull = !strncmp(sp, "null", 4);
		n = isnull ? 0 : unhex(sp, str);
		str[n] = 0;
		if (!strcmp(line, "defaults")) {
			harness_reset();
			printf("%lu %lu %d %d\n", (unsigned long)default_nslabs,
			       (unsigned long)default_nareas,
			       (int)swiotlb_force_bounce, (int)swiotlb_force_disable);
			continue;
		}
		if (!strcmp(line, "adjust")) {
			/* "adjust CPUS:BYTES": swiotlb_adjust_size(), as
			 * SEV and TDX guests call it, then the sizing */
			char *end;
			harness_ncpus = strtoul(str, &end, 10);
			harness_reset();
#ifdef HAVE_ADJUST_SIZE
			swiotlb_adjust_size(strtoul(end + 1, NULL, 0));
#endif
			alloc_max_slabs = ~0UL;
			harness_sizing();
			if (o_done)
				printf("%lu:%u\n", o_nslabs, o_nareas);
			else
				printf("none\n");
			continue;
		}
		if (!strcmp(line, "memparse")) {
#ifdef HAVE_MEMPARSE
			char *end;
			unsigned long long v = memparse(str, &end);
			printf("%llu ", v);
			hexout(end, strlen(end));
			putchar('\n');
#else
			printf("none\n");
#endif
			continue;
		}
		harness_ncpus = strtoul(line, NULL, 10);
		harness_reset();
		loglen = 0; logbuf[0] = 0; nwarn = 0;
#ifdef HARNESS_LEFTOVER
		have_leftover = 0; leftover[0] = 0;
#endif
		memcpy(buf, str, n + 1);

		/* phase 1: setup_io_tlb_npages() */
		in_call = 1;
		sig = sigsetjmp(jb, 0);
		if (!sig)
			setup_io_tlb_npages(isnull ? NULL : buf);
		in_call = 0;
		if (sig) {
			printf("CRASH parse %d ", sig);
			hexout(logbuf, loglen);
			putchar('\n');
			continue;
		}
		int pwarn = nwarn;
		printf("OK %d %lu %lu %d %d ", pwarn, (unsigned long)default_nslabs,
		       (unsigned long)default_nareas, (int)swiotlb_force_bounce,
		       (int)swiotlb_force_disable);
#ifdef HARNESS_LEFTOVER
		if (have_leftover)
			hexout(leftover, strlen(leftover));
		else
			printf("?");
#else
		printf("?");
#endif
		putchar(' ');
#ifdef HAVE_PARSE_PARAM
		{
			struct swiotlb_param p;
			memcpy(buf, str, n + 1);
			printf("%d ", swiotlb_parse_param(isnull ? NULL : buf, &p));
		}
#else
		printf("x ");
#endif
		sv_nslabs = default_nslabs;
		sv_nareas = default_nareas;

		/* phase 2: sizing when the allocation succeeds (A), and with
		 * b_limit slabs of low memory, halving as the kernel does (B) */
		for (int run = 0; run < 2; run++) {
			default_nslabs = sv_nslabs;
			default_nareas = sv_nareas;
			alloc_max_slabs = run ? b_limit : ~0UL;
			in_call = 1;
			sig = sigsetjmp(jb, 0);
			if (!sig)
				harness_sizing();
			in_call = 0;
			if (sig)
				printf("S%d ", sig);
			else if (!o_done)
				printf("none ");
			else
				printf("%lu:%u:%lu ", o_nslabs, o_nareas,
				       (unsigned long)default_nareas);
		}
		hexout(logbuf, loglen);
		putchar('\n');
	}
	return 0;
}
'''


def build_side(tree, swiotlb_c, outdir, tag, cc, cflags):
    """Write and compile tag.c from tree (swiotlb.c from swiotlb_c)."""
    sw = Source(swiotlb_c)
    hdr = Source(os.path.join(tree, 'include/linux/swiotlb.h'))
    lib = {n: Source(os.path.join(tree, p)) for n, p in (
        ('kstrtox', 'lib/kstrtox.c'), ('kstrtox_h', 'lib/kstrtox.h'),
        ('vsprintf', 'lib/vsprintf.c'), ('string', 'lib/string.c'),
        ('cmdline', 'lib/cmdline.c'), ('ctype_c', 'lib/ctype.c'),
        ('ctype_h', 'include/linux/ctype.h'),
        ('log2', 'include/linux/log2.h'), ('math', 'include/linux/math.h'),
        ('align', 'include/linux/align.h'),
        ('const', 'include/uapi/linux/const.h'),
        ('div64', 'include/asm-generic/div64.h'),
        ('kernel', 'include/linux/kernel.h'))}
    out = ['/* generated by rig/swiotlb-parse-diff.py from %s */\n' % tree,
           SHIM_HEAD]
    if tag == 'v612':
        out.append('#define HARNESS_LEFTOVER 1\n')
        out.append(LEFTOVER)

    def macro(src, name, nth=0, optional=False):
        m = src.macro(name, nth)
        if m is None and not optional:
            raise Missing('#define %s in %s' % (name, src.path))
        if m:
            out.append(m)

    # arithmetic of the same tree
    for n in ('__ALIGN_KERNEL', '__ALIGN_KERNEL_MASK'):
        macro(lib['const'], n)
    for n in ('ALIGN', 'ALIGN_DOWN', 'IS_ALIGNED'):
        macro(lib['align'], n, optional=True)
    for n in ('DIV_ROUND_UP', '__KERNEL_DIV_ROUND_UP', 'DIV_ROUND_DOWN_ULL',
              'DIV_ROUND_UP_ULL'):
        macro(lib['math'], n, optional=True)
    if lib['const'].macro('__KERNEL_DIV_ROUND_UP'):
        out.append(lib['const'].macro('__KERNEL_DIV_ROUND_UP'))
    macro(lib['div64'], 'do_div')      # the first one: BITS_PER_LONG == 64
    out.append(need(lib['log2'].function('is_power_of_2'), 'is_power_of_2'))
    out.append(need(lib['log2'].function('__roundup_pow_of_two'),
                    '__roundup_pow_of_two'))
    # roundup_pow_of_two(): the branch taken for a non-constant argument
    out.append('#define roundup_pow_of_two(n) __roundup_pow_of_two(n)\n')
    # ctype
    for n in ('_U', '_L', '_D', '_C', '_P', '_S', '_X', '_SP', '__ismask',
              'isalnum', 'isalpha', 'islower', 'isupper', 'isspace'):
        macro(lib['ctype_h'], n)
    out.append('#undef isxdigit\n')
    macro(lib['ctype_h'], 'isxdigit')
    out.append(need(lib['ctype_c'].variable('_ctype'), '_ctype'))
    out.append(need(lib['ctype_h'].function('_tolower'), '_tolower'))
    for n in ('__tolower', '__toupper'):
        f = lib['ctype_h'].function(n)
        if f:
            out.append(f)
    for n in ('tolower', 'toupper'):
        macro(lib['ctype_h'], n, optional=True)
    # isdigit(): the inline fallback of include/linux/ctype.h
    isd = lib['ctype_h'].function('isdigit')
    out.append('#undef isdigit\n#define isdigit k_isdigit\n')
    out.append(need(isd, 'isdigit').replace('isdigit(', 'k_isdigit(', 1))
    # lib/kstrtox.c, lib/vsprintf.c, lib/string.c, lib/cmdline.c
    macro(lib['kstrtox_h'], 'KSTRTOX_OVERFLOW')
    for n in ('_parse_integer_fixup_radix', '_parse_integer_limit',
              '_parse_integer', '_kstrtoull', 'kstrtoull', 'kstrtouint'):
        out.append(need(lib['kstrtox'].function(n), n))
    for n in ('simple_strntoull', 'simple_strtoull', 'simple_strtoul'):
        out.append(need(lib['vsprintf'].function(n), n))
    out.append(need(lib['string'].function('strpbrk'), 'strpbrk')
               .replace('strpbrk(', 'k_strpbrk(', 1))
    out.append(need(lib['string'].function('strsep'), 'strsep')
               .replace('strsep(', 'k_strsep(', 1))
    scpy = need(lib['string'].function('sized_strscpy'), 'sized_strscpy')
    # as under KMSAN: no word-at-a-time, the byte loop does it all
    scpy = scpy.replace('IS_ENABLED(CONFIG_KMSAN)', '1')
    out.append('static ' + scpy)
    mp = lib['cmdline'].function('memparse')
    if mp:
        out.append('#define HAVE_MEMPARSE 1\n' + mp)

    # include/linux/swiotlb.h
    for n in ('IO_TLB_SEGSIZE', 'IO_TLB_SHIFT', 'IO_TLB_SIZE',
              'IO_TLB_DEFAULT_SIZE'):
        macro(hdr, n)
    # struct swiotlb_param: kernel/dma/swiotlb.h (private) if the tree has
    # it, else include/linux/swiotlb.h (the series before it moved)
    priv = os.path.join(tree, 'kernel/dma/swiotlb.h')
    st = (Source(priv).struct('swiotlb_param') if os.path.exists(priv)
          else None) or hdr.struct('swiotlb_param')
    if st:
        out.append(st)
    # kernel/dma/swiotlb.c: constants, state, parser and sizing
    for n in ('IO_TLB_MIN_SLABS', 'IO_TLB_MAX_NAREAS', 'SWIOTLB_MAX_PARAM_SLABS'):
        macro(sw, n, optional=True)
    state = []
    for n in ('swiotlb_force_bounce', 'swiotlb_force_disable',
              'default_nslabs', 'default_nareas', 'default_nslabs_set',
              'default_nslabs_in_bytes'):
        v = sw.variable(n)
        # v6.12 has neither flag
        if v is None and n not in ('default_nslabs_set',
                                   'default_nslabs_in_bytes'):
            raise Missing('variable %s in %s' % (n, swiotlb_c))
        if v:
            out.append(v)
            init = re.search(r'=\s*(.*?);', v, re.S)
            state.append((n, init.group(1) if init else '0'))
    out.append('static void harness_reset(void)\n{\n' + ''.join(
        '\t%s = %s;\n' % s for s in state) + '}\n')

    fns = sw.functions()
    remap = sw.function('swiotlb_init_remap')
    if remap is None:
        raise Missing('swiotlb_init_remap in ' + swiotlb_c)
    # the sizing: from "if (!default_nareas)" to the end of the loop that
    # halves the pool until the allocation succeeds
    rm = _code_mask(remap)
    a = rm.find('if (!default_nareas)')
    wl = re.search(r'while\s*\(\(tlb = swiotlb_memblock_alloc\(', rm)
    if a < 0 or not wl:
        raise Missing('the sizing code of swiotlb_init_remap() '
                      '("if (!default_nareas)" ... "while ((tlb = '
                      'swiotlb_memblock_alloc(") in ' + swiotlb_c)
    wb = _match_masked(rm, rm.index('{', _match_masked(
        rm, rm.index('(', wl.start()), '(', ')')), '{', '}')
    a = rm.rfind('\n', 0, a) + 1
    sizing = remap[a:wb] + '\n'

    roots = ['setup_io_tlb_npages']
    if 'swiotlb_adjust_size' in fns:
        roots.append('swiotlb_adjust_size')
        out.append('#define HAVE_ADJUST_SIZE 1\n')
    if 'swiotlb_parse_param' in fns:
        roots.append('swiotlb_parse_param')
        out.append('#define HAVE_PARSE_PARAM 1\n')
    # everything the roots and the sizing call that swiotlb.c defines
    want, todo = set(), set(roots) | (called(sizing) & set(fns))
    skip = {'swiotlb_memblock_alloc'}
    while todo:
        n = todo.pop()
        if n in want or n in skip:
            continue
        want.add(n)
        todo |= called(sw.function(n)) & set(fns)
    if tag == 'v612':
        out.append('#define strcmp cap_strcmp\n')
    for n in sorted(want, key=lambda n: fns[n][0]):
        out.append(sw.function(n))
    out.append(DRIVER.replace('@SIZING@', sizing))
    csrc = os.path.join(outdir, tag + '.c')
    with open(csrc, 'w') as f:
        f.write(''.join(out))
    exe = os.path.join(outdir, tag)
    cmd = [cc] + cflags + ['-o', exe, csrc]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write(r.stdout + r.stderr)
        raise SystemExit('swiotlb-parse-diff: compiling %s failed: %s' %
                         (csrc, ' '.join(cmd)))
    return exe, sorted(want)


# --------------------------------------------------------------------------
# Generated strings

FLAGS = ['force', 'noforce']
FLAG_JUNK = ['FORCE', 'Force', 'forced', 'forc', 'noforc', 'no', 'noforcex',
             ' force', 'force ', 'force\n', 'NOFORCE', 'force=1', 'on',
             'off', '1', 'nforce']
SUFFIXES = list('KkMmGgTtPpEe')
SUFFIX_JUNK = ['MB', 'KB', 'GB', 'mb', 'kb', 'KiB', 'MiB', 'GiB', 'B', 'b',
               'M ', 'MM', 'KM', 'k\n', 'M\n', 'x', 'Q', 'MBs', ' M']
JUNK = ['x', ' ', '\n', '\t', '#', '=1', ';', '.', '.5', 'z', '\x7f', '\xff',
        '-', '+', ':', '/', 'X', 'g', 'Z']


def pick_int(rng):
    k = rng.random()
    if k < 0.25:
        return rng.randrange(0, 300)
    if k < 0.45:
        b = rng.randrange(0, 66)
        return max(0, (1 << b) + rng.choice([-129, -128, -127, -1, 0, 1, 127,
                                              128, 129]))
    if k < 0.55:
        return rng.randrange(1, 2048) * 128
    if k < 0.65:
        return rng.randrange(0, 1 << 64)
    if k < 0.72:
        return rng.randrange(1 << 64, 10 ** 30)
    if k < 0.85:
        # near the series' and v6.12's limits: 2^53 slabs, 2^64
        base = rng.choice([1 << 53, 1 << 64, 1 << 32, 1 << 31, 1 << 24,
                           1 << 25, (1 << 53) - 128])
        return max(0, base + rng.randrange(-4096, 4096))
    return rng.randrange(0, 1 << rng.randrange(1, 70))


def fmt_int(rng, v):
    k = rng.random()
    if k < 0.6:
        s = str(v)
    elif k < 0.8:
        s = rng.choice(['0x', '0X']) + (('%x' if rng.random() < .5 else '%X')
                                        % v)
    elif k < 0.93:
        s = '0' + '%o' % v
    else:
        s = '0' * rng.randrange(1, 70) + str(v)   # leading zeros: octal
    if rng.random() < 0.04:
        s = rng.choice(['+', '-', '++', '+-', ' ', '0x', '0']) + s
    if rng.random() < 0.02:
        s = s.replace('0', '8', 1)                # invalid octal digit
    return s


def pick_size(rng):
    k = rng.random()
    if k < 0.12:
        return ''
    if k < 0.55:
        return fmt_int(rng, pick_int(rng))
    if k < 0.85:
        suf = rng.choice(SUFFIXES)
        shift = {'k': 10, 'm': 20, 'g': 30, 't': 40, 'p': 50,
                 'e': 60}[suf.lower()]
        kk = rng.random()
        if kk < 0.5:
            v = rng.randrange(0, 5000)
        elif kk < 0.8:
            # the largest values that fit: bytes near 2^64 and the series'
            # limit of 2^53 - 129 slabs, DIV_ROUND_UP_ULL near U64_MAX
            top = rng.choice([1 << 64, ((1 << 53) - 129) << 11,
                              ((1 << 53) - 128) << 11, 1 << 63])
            v = max(0, (top >> shift) + rng.randrange(-3, 3))
        else:
            v = pick_int(rng)
        return fmt_int(rng, v) + suf
    if k < 0.93:
        return fmt_int(rng, pick_int(rng)) + rng.choice(SUFFIX_JUNK)
    return rng.choice(['0x', '0X', '0', '00', '-0', '+', '-', '0xg', '0x-1',
                       'x', 'K', 'M', '1.5M', '1e6', '0b101', ' 1', '1 ',
                       '0x1p3', '1_000'])


def pick_areas(rng):
    k = rng.random()
    if k < 0.15:
        return ''
    if k < 0.55:
        return fmt_int(rng, rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 16, 31, 64,
                                        100, 128, 255, 256, 1024, 4096]))
    if k < 0.8:
        return fmt_int(rng, max(0, rng.choice([1 << 24, 1 << 25, 1 << 31,
                                               1 << 32, 1 << 64, 1 << 16])
                                + rng.choice([-1, 0, 1, 4, -4])))
    if k < 0.9:
        return fmt_int(rng, pick_int(rng))
    return fmt_int(rng, rng.randrange(0, 64)) + rng.choice(SUFFIXES +
                                                           SUFFIX_JUNK + JUNK)


def pick_flag(rng):
    return rng.choice(FLAGS) if rng.random() < 0.8 else rng.choice(FLAG_JUNK)


ALPHABET = '0123456789,,,xXaAbBfFkKmMgGtTpPeE+- \nforcen'


def gen_string(rng):
    k = rng.random()
    s, a, f = pick_size(rng), pick_areas(rng), pick_flag(rng)
    if k < 0.14:
        r = s
    elif k < 0.28:
        r = s + ',' + a
    elif k < 0.42:
        r = s + ',' + a + ',' + f
    elif k < 0.48:
        r = s + ',,' + f
    elif k < 0.53:
        r = ',' + a + rng.choice(['', ',' + f, ','])
    elif k < 0.57:
        r = f
    elif k < 0.61:
        r = s + ',' + f
    elif k < 0.65:
        r = s + f                        # no comma
    elif k < 0.68:
        r = s + ',' + a + f              # no comma
    elif k < 0.72:
        r = s + ',' + a + ','            # trailing comma
    elif k < 0.76:
        # force/noforce anywhere, too many parts
        parts = [s, a, f, pick_flag(rng), ''][:rng.randrange(2, 6)]
        rng.shuffle(parts)
        r = ','.join(parts)
    elif k < 0.82:
        r = rng.choice([s, s + ',' + a, s + ',' + a + ',' + f, ',' + a,
                        s + ',,' + f]) + rng.choice(JUNK + SUFFIX_JUNK)
    elif k < 0.86:
        r = ','.join(rng.choice(['', s, a, f])
                     for _ in range(rng.randrange(1, 7)))
    elif k < 0.92:
        r = ''.join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 14)))
    elif k < 0.96:
        r = '0' * rng.randrange(50, 80) + str(rng.randrange(1, 70000)) + \
            rng.choice(['', ',4', ',,force', ',4,noforce'])
    else:
        r = rng.choice([s, f]) + rng.choice(['', ',']) * rng.randrange(0, 3)
    return r


FIXED = [None, '', ',', ',,', ',,,', 'force', 'noforce', ',force', ',,force',
         ',noforce', '32768', '32768,', '32768,,', '32768,,force',
         '32768,4', '32768,4,', '32768,4,force', '32768,4,noforce',
         '32768,x', '32768,4x', ',33554432,force', ',33554432', ',16777216',
         ',16777217', ',2147483648', ',2147483649', ',4294967295',
         ',4294967296', ',4294967300', '0', '0,,force', '1', '127', '128',
         '129', '65536', '49152', '49152,3', '96M', '96MB', '96m', '1T',
         '1G', '1g', '64K', '64k', '4M,4', '4M,4,force', '256M',
         '0x8000', '0x8000,0x4', '010000', '08', '0x', '0xg', '+32768',
         '-1', '32768force', '32768noforce', '32768,4force', '0x100force',
         '18446744073709551615', '18446744073709551616',
         '18446744073709551615K', '18014398509481983K', '18014398509481984K',
         '17592186044415M', '17179869183G', '9007199254740863',
         '9007199254740864', '9007199254740735', '0x1fffffffffff7f',
         '0x1fffffffffff7f,16777216', '0x1fffffffffff7f,2',
         '18014398509481471K', '18014398509481471K,2', '32768\n',
         'force,32768', '32768,force,4', 'force,force', 'noforce,force',
         '32768,4,force,', '1,2,3,4', '0' * 70 + '100', '0' * 59 + '32768',
         '0' * 58 + '32768']

MEMPARSE_SHOW = ['1T', '96MB', '96M', '1G', '64K', '0x10M', '16E', '1P',
                 '18446744073709551615K']


def inputs(n, seed):
    rng = random.Random(seed)
    cpus = [1, 2, 3, 4, 5, 6, 8, 16, 64, 255, 8192]
    res = [(c, s) for s in FIXED for c in (1, 2, 4, 6)]
    seen = set()
    n += len(res)
    while len(res) < n:
        s = gen_string(rng)
        c = rng.choice(cpus)
        if (c, s) in seen:
            continue
        seen.add((c, s))
        res.append((c, s))
    return res


def enc(s):
    return 'null' if s is None else (s.encode('latin-1').hex() or '-')


def dec(h):
    return '' if h == '-' else bytes.fromhex(h).decode('latin-1')


# swiotlb_adjust_size() as mem_encrypt_setup_arch() calls it: 6% of the
# memory, at least the 64 MiB default, at most 1 GiB; plus every MiB up to
# 2 GiB and a few odd byte counts, on machines of 1 to 512 CPUs.
ADJUST_CASES = [(c, b) for c in (1, 2, 3, 4, 8, 64, 512) for b in sorted(set(
    [min(max(g * (1 << 28) * 6 // 100, 1 << 26), 1 << 30)
     for g in range(1, 257)] +
    [m << 20 for m in range(1, 2049)] +
    [(1 << 26) + 1, (1 << 26) - 2048, 338 * (1 << 20) + 12345]))]


def run_side(exe, items, blimit, timeout=600):
    data = ''.join('%d %s\n' % (c, enc(s)) for c, s in items)
    try:
        r = subprocess.run([exe, str(blimit)], input=data,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise SystemExit('swiotlb-parse-diff: %s took more than %d s '
                         '(a loop that does not end?)' % (exe, timeout))
    lines = r.stdout.splitlines()
    if r.returncode or len(lines) != len(items):
        # a crash outside the protected calls: name the string
        bad = items[len(lines)] if len(lines) < len(items) else None
        raise SystemExit('swiotlb-parse-diff: %s died (status %d) after %d '
                         'of %d strings; next string: %r\n%s' %
                         (exe, r.returncode, len(lines), len(items), bad,
                          r.stderr[-2000:]))
    return [parse_line(l) for l in lines]


def parse_sz(t):
    if t == 'none':
        return ('none',)
    if t.startswith('S'):
        return ('crash', int(t[1:]))
    a, b, c = t.split(':')
    return (int(a), int(b), int(c))


def parse_line(l):
    f = l.split(' ')
    if f[0] == 'CRASH':
        return {'crash': 'parse, signal %s' % f[2], 'log': dec(f[3])}
    return {'crash': None, 'warn': int(f[1]), 'slabs': int(f[2]),
            'nareas': int(f[3]), 'force': int(f[4]), 'noforce': int(f[5]),
            'leftover': None if f[6] == '?' else dec(f[6]),
            'ret': None if f[7] == 'x' else int(f[7]),
            'A': parse_sz(f[8]), 'B': parse_sz(f[9]), 'log': dec(f[10])}


# --------------------------------------------------------------------------
# Oracles (big integers, no wrapping): what a string means

ULONG = 1 << 64


def pow2_up(n):
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def strtoul_big(s):
    """simple_strtoul(s, &end, 0) without wrapping: (value, chars used)."""
    i, base = 0, 10
    if s[:1] == '0':
        if s[1:2] in ('x', 'X') and s[2:3] and s[2] in \
                '0123456789abcdefABCDEF':
            base, i = 16, 2
        else:
            base = 8
    v = 0
    while i < len(s):
        c = s[i]
        if '0' <= c <= '9':
            d = ord(c) - 48
        elif 'a' <= chr(ord(c) | 0x20) <= 'f':
            d = (ord(c) | 0x20) - ord('a') + 10
        else:
            break
        if d >= base:
            break
        v = v * base + d
        i += 1
    return v, i


def v612_model(s, ncpus):
    """v6.12's setup_io_tlb_npages() and sizing on unbounded integers."""
    slabs, areas, i = 32768, 0, 0
    size_given = None
    glued_areas = glued_flag = False
    if s[:1].isdigit() and s[0] in '0123456789':
        v, n = strtoul_big(s)
        slabs = -(-v // 128) * 128
        size_given = v
        i = n
        glued_areas = s[i:i + 1] != '' and s[i] in '0123456789'
    comma = s[i:i + 1] == ','
    if comma:
        i += 1
    area_given = None
    if s[i:i + 1] and s[i] in '0123456789':
        v, n = strtoul_big(s[i:])
        area_given = v
        i += n
        areas = pow2_up(v) if v else 1
        slabs = v612_round(slabs, areas)
    comma = s[i:i + 1] == ','
    if comma:
        i += 1
    left = s[i:]
    glued_flag = left in ('force', 'noforce') and not comma and i > 0
    if not areas:
        areas = pow2_up(ncpus)
        slabs = v612_round(slabs, areas)
    fin_areas = slabs // 128 if slabs < areas * 128 else areas
    return {'slabs': slabs, 'areas': fin_areas, 'left': left,
            'force': left == 'force', 'noforce': left == 'noforce',
            'size': size_given, 'area_arg': area_given,
            'glued_areas': glued_areas, 'glued_flag': glued_flag}


def v612_round(slabs, areas):
    if slabs < 128 * areas:
        return 128 * areas
    if slabs & (slabs - 1) == 0:
        return slabs
    return pow2_up(slabs)


KSTRTO_RE = re.compile(r'^\+?(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)\n?$')


def kstrto_big(t):
    m = KSTRTO_RE.match(t)
    if not m:
        return None
    n = m.group(1)
    if n[:2] in ('0x', '0X'):
        return int(n[2:], 16)
    if n.startswith('0'):
        return int(n, 8)
    return int(n)


def series_doc(s, ncpus, max_nareas=1 << 24):
    """What a string means by the series' kernel-parameters.txt entry for
    swiotlb=, plus the readings v6.12 gave where the text is silent:

    Format: { <size>[KMGTPE] | <int> } [,<int>] [,force | noforce]
            or { force | noforce }
    <size>[KMGTPE]: bytes as memparse() reads them (a hex number's last
            "E" is a digit), rounded up to 256 KiB times the areas, at
            most half of what an unsigned long counts in bytes;
    <int>: slabs, rounded up to a power of 2, at least 128 times the
            areas, as before;
    areas: rounded up to a power of 2, at most 16777216 (8192 on
            32-bit).
    Malformed (empty, negative, too large, unknown suffix, trailing
    characters): ignored with a warning, defaults used.

    Silent in the text, read as v6.12 did: any part may be empty
    ("32768,,force", ",4", "32768,4,"); numbers as the kernel's kstrto*()
    read them (0x and 0 prefixes, a leading '+', one trailing newline; any
    number of leading zeros); "0" is the smallest pool (one segment per
    area); force/noforce right after a number ("32768force").

    Returns None for "refused", else (slabs, areas, force, noforce,
    uses_suffix)."""
    if not s:
        return None
    parts = s.split(',')
    force = noforce = False
    if parts[-1] == 'force':
        force = True
        parts.pop()
    elif parts[-1] == 'noforce':
        noforce = True
        parts.pop()
    elif len(parts) == 3 and parts[2] == '':
        parts.pop()
    elif len(parts) <= 2:
        g = re.match(r'^(.*[0-9a-fA-F])noforce$', parts[-1]) or \
            re.match(r'^(.*[0-9])force$', parts[-1])
        if g:
            parts[-1] = g.group(1)
            force, noforce = not g.group(0).endswith('noforce'), \
                g.group(0).endswith('noforce')
    if len(parts) > 2:
        return None
    slabs, areas, suffix = 32768, 0, False
    if parts and parts[0]:
        t = parts[0]
        shift = {'k': 10, 'm': 20, 'g': 30, 't': 40, 'p': 50,
                 'e': 60}.get(t[-1].lower(), 0)
        if shift == 60 and t.lstrip('+')[:2] in ('0x', '0X'):
            shift = 0                    # memparse: a hex digit, not exa
        if shift:
            t = t[:-1]
            suffix = True
        v = kstrto_big(t)
        if v is None or v >= ULONG or (v == 0 and shift):
            return None
        if shift:
            if (v << shift) >= ULONG:
                return None
            v = -(-(v << shift) // 2048)
        if v > (ULONG >> 11) // 2 + 1:
            return None                  # too large
        slabs = max(128, -(-v // 128) * 128)
    if len(parts) == 2 and parts[1]:
        v = kstrto_big(parts[1])
        if v is None or v >= 1 << 32 or v > max_nareas:
            return None
        areas = pow2_up(v) if v else 1
    if not areas:
        areas = pow2_up(ncpus)
    if suffix:                           # bytes: whole areas
        slabs = -(-slabs // (128 * areas)) * (128 * areas)
    else:                                # slabs: a power of two, as before
        slabs = pow2_up(max(slabs, 128 * areas))
    if slabs << 11 >= ULONG:
        return None                      # too large
    return (slabs, areas, force, noforce, suffix)


# --------------------------------------------------------------------------
# Checks and classes

def oob(sz, max_nareas):
    """Why a sizing result (slabs, areas, default_nareas) is out of
    bounds, or None."""
    if sz[0] == 'none':
        return None                      # no pool: swiotlb stays off
    if sz[0] == 'crash':
        return 'crash (signal %d) in the sizing code' % sz[1]
    slabs, areas, _ = sz
    if slabs == 0:
        return 'empty pool'
    if slabs % 128:
        return 'pool of %d slabs is not whole segments' % slabs
    if slabs << 11 >= ULONG:
        return 'pool of %d slabs: bytes overflow unsigned long' % slabs
    if areas < 1:
        return 'no area'
    if max_nareas and areas > max_nareas:
        return '%d areas > IO_TLB_MAX_NAREAS' % areas
    if areas * 128 > slabs:
        return '%d areas for %d slabs: area smaller than a segment' % (
            areas, slabs)
    if slabs % (areas * 128):
        return '%d areas of unequal size (%d slabs)' % (areas, slabs)
    return None


def show(s):
    return 'NULL (bare "swiotlb")' if s is None else repr(s)


def describe(r):
    if r['crash']:
        return 'CRASH ' + r['crash']
    A = r['A']
    if A[0] == 'none':
        pool = 'no pool'
    elif A[0] == 'crash':
        pool = 'sizing crash'
    else:
        pool = '%d slabs (%s), %d areas' % (A[0], mib(A[0]), A[1])
    fl = ('force' if r['force'] else '') + ('noforce' if r['noforce'] else '')
    return pool + (', ' + fl if fl else '')


def mib(slabs):
    b = slabs << 11
    if b >= 1 << 40:
        return '%g TiB' % (b / (1 << 40))
    return '%g MiB' % (b / (1 << 20))


def warntext(r):
    return ' | '.join(l.strip() for l in re.split(r'(?=<\d>)', r['log'])
                      if l.startswith(('<3>', '<4>')))


def v612_clean(v, m):
    """v6.12 read the whole string, in bounds, without wrapping."""
    if v['crash'] or m is None or oob(v['A'], 0) or oob(v['B'], 0):
        return False
    if m['left'] not in ('', 'force', 'noforce') or m['glued_areas']:
        return False
    return (v['A'][0], v['A'][1]) == (m['slabs'], m['areas']) and \
        m['slabs'] << 11 < ULONG and \
        (m['size'] is None or m['size'] < ULONG) and \
        (m['area_arg'] is None or m['area_arg'] < 1 << 31)


def classify(s, c, v, p, max_nareas, failures, defaults):
    """(class, reason, detail) of one string."""
    key = lambda r: (r['A'], r['force'], r['noforce']) if not r['crash'] \
        else ('crash',)
    # the series' own checks
    if p['crash'] or p['A'][0] == 'crash' or p['B'][0] == 'crash':
        failures['series crashed or hit undefined behaviour'].append(
            (s, c, describe(p)))
        return 'd', 'the series crashes', ''
    refused = p['ret'] != 0 if p['ret'] is not None else p['warn'] > 0
    if refused:
        if not p['warn']:
            failures['refused without a warning'].append((s, c, describe(p)))
        if (p['slabs'], p['nareas'], p['force'], p['noforce']) != defaults:
            failures['refused but not at the defaults'].append(
                (s, c, describe(p)))
    for run in 'AB':
        why = oob(p[run], max_nareas)
        if why:
            failures['accepted result out of bounds'].append(
                (s, c, '%s (%s)' % (why, 'allocation succeeds' if run == 'A'
                                    else 'low memory, halving')))
    # v6.12
    m = v612_model(s, c) if s is not None else None
    if not v['crash'] and m is not None and v['leftover'] != m['left']:
        failures['harness: v6.12 model disagrees with v6.12 code'].append(
            (s, c, 'leftover %r vs %r' % (v['leftover'], m['left'])))

    doc = series_doc(s, c, max_nareas) if s is not None else None
    if not refused and p['A'][0] != 'none' and not (
            key(v) == key(p) and v612_clean(v, m)):
        # accepted: with the documented meaning, or with v6.12's where
        # v6.12 read the string cleanly (compatibility is never a silent
        # misconfiguration)
        got = (p['A'][0], p['A'][1], bool(p['force']), bool(p['noforce']))
        if doc is None or doc[:4] != got:
            failures['accepted with another meaning than documented'].append(
                (s, c, 'series: %s, accepted; documentation: %s' % (
                    describe(p), 'refused (malformed/too large)' if doc is None
                    else '%d slabs, %d areas' % doc[:2])))

    if key(v) == key(p):
        if v['log'] == p['log']:
            return 'same', '', ''
        if refused:
            return 'a', 'the series warns and keeps the defaults, as v6.12 ' \
                'ended up with', ''
        return 'a', 'same result, other log lines', ''

    # (c) documented extension: a K/M/G size read as bytes
    if doc is not None and doc[4] and not refused and \
            (p['A'][0], p['A'][1]) == doc[:2]:
        return 'c', 'size with a K/M/G suffix, in bytes', ''
    # (b) v6.12 mangled it
    if v['crash'] or m is None:
        return 'b', 'v6.12 crashes or hits undefined behaviour', '%s%s' % (
            v['crash'], ' (NULL dereference)' if s is None else '')
    for run in 'AB':
        why = oob(v[run], 0)
        if why:
            return 'b', 'v6.12 ends out of bounds (sizing crashes or ' \
                'wraps)', '%s%s' % (why, ', allocation fails, halving'
                                    if run == 'B' else '')
    if m['left'] not in ('', 'force', 'noforce'):
        return 'b', 'v6.12 stops at junk and applies only a prefix', \
            'stops at %r' % m['left'][:16]
    if m['glued_areas']:
        return 'b', 'v6.12 splits a number at an invalid octal digit', \
            'reads %r as %d slabs and %d areas' % (
                s, m['size'], m['area_arg'])
    vA = v['A']
    if (vA[0], vA[1]) != (m['slabs'], m['areas']) or \
            m['slabs'] << 11 >= ULONG or \
            (m['size'] is not None and m['size'] >= ULONG) or \
            (m['area_arg'] is not None and m['area_arg'] >= 1 << 31):
        return 'b', 'v6.12 wraps or overflows a number', \
            'v6.12 %s vs unbounded %d slabs, %d areas' % (
                describe(v), m['slabs'], m['areas'])
    # (c) documented rounding to whole areas instead of a power of two
    if doc is not None and not refused and doc[:4] == (
            p['A'][0], p['A'][1], bool(p['force']), bool(p['noforce'])) and \
            (v['force'], v['noforce']) == (p['force'], p['noforce']) and \
            vA[1] == p['A'][1] and vA[0] != p['A'][0]:
        return 'c', 'rounded up to whole areas, not to a power of two', ''
    # (d)
    if refused:
        if len(s) > 63:
            return 'd', 'v6.12 applies it, the series refuses it: longer ' \
                'than 63 characters', ''
        if m['size'] == 0:
            return 'd', 'v6.12 applies it, the series refuses it: size 0 ' \
                '(v6.12: the smallest pool, 128 slabs per area)', ''
        if m['glued_flag']:
            return 'd', 'v6.12 applies it, the series refuses it: ' \
                'force/noforce without a comma', ''
        return 'd', 'v6.12 applies it, the series refuses it', ''
    return 'd', 'different result', ''


def main():
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.environ.get('BUILD', os.path.join(top, 'build'))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument('--base', default=os.environ.get(
        'KBASE', os.path.join(build, 'base')), help='v6.12 tree')
    ap.add_argument('--series', default=os.environ.get(
        'KTREE', os.path.join(build, 'linux')), help='patched tree')
    ap.add_argument('--base-swiotlb', help='v6.12 kernel/dma/swiotlb.c '
                    '(default: the one of --base)')
    ap.add_argument('--series-swiotlb', help='the series\' '
                    'kernel/dma/swiotlb.c (default: the one of --series); '
                    'a modified copy shows the checker failing')
    ap.add_argument('-n', '--count', type=int, default=int(os.environ.get(
        'SWIOTLB_DIFF_COUNT', 100000)), help='generated strings, besides '
        'the fixed cases (default 100000)')
    ap.add_argument('--seed', type=int, default=int(os.environ.get(
        'SWIOTLB_DIFF_SEED', 15)))
    ap.add_argument('--examples', type=int, default=20)
    ap.add_argument('--low-mem-slabs', type=int, default=1 << 19,
                    help='slabs of low memory for the halving run (1 GiB)')
    ap.add_argument('--tsv', help='write every string with both results '
                    'and its class here')
    ap.add_argument('--keep', help='keep the generated C and binaries here')
    ap.add_argument('--cc', default=os.environ.get('CC', 'gcc'))
    args = ap.parse_args()

    t0 = time.time()
    work = args.keep or tempfile.mkdtemp(prefix='swiotlb-parse-diff.')
    os.makedirs(work, exist_ok=True)
    cflags = ['-O1', '-g', '-std=gnu11', '-fno-strict-aliasing',
              '-fno-strict-overflow', '-fno-builtin', '-w',
              '-fsanitize=shift,integer-divide-by-zero,bounds,null,'
              'unreachable,return,vla-bound,bool,enum,pointer-overflow',
              '-fsanitize-undefined-trap-on-error']
    try:
        sides = {}
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            futs = {}
            for tag, tree, sw in (('v612', args.base, args.base_swiotlb),
                                  ('series', args.series,
                                   args.series_swiotlb)):
                sw = sw or os.path.join(tree, 'kernel/dma/swiotlb.c')
                futs[tag] = (tree, ex.submit(build_side, tree, sw, work, tag,
                                             args.cc, cflags))
            for tag, (tree, f) in futs.items():
                try:
                    sides[tag] = f.result()
                except Missing as e:
                    raise SystemExit('swiotlb-parse-diff: cannot cut %s out '
                                     'of %s' % (e, tree))
        max_nareas = None
        m = Source(args.series_swiotlb or os.path.join(
            args.series, 'kernel/dma/swiotlb.c')).macro('IO_TLB_MAX_NAREAS')
        if m:
            val = m.split(None, 2)[2]
            b = re.search(r'BIT\((\d+)\)', val)
            n = re.search(r'(0x[0-9a-fA-F]+|\d+)', val)
            max_nareas = 1 << int(b.group(1)) if b else \
                int(n.group(1), 0) if n else None
        items = inputs(args.count, args.seed)
        t1 = time.time()
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            fv = ex.submit(run_side, sides['v612'][0], items,
                           args.low_mem_slabs)
            fp = ex.submit(run_side, sides['series'][0], items,
                           args.low_mem_slabs)
            V, P = fv.result(), fp.result()
        t2 = time.time()
        mp = {}
        for tag in ('v612', 'series'):
            data = 'defaults x\n' + ''.join('memparse %s\n' % enc(s)
                                            for s in MEMPARSE_SHOW)
            r = subprocess.run([sides[tag][0]], input=data,
                               capture_output=True, text=True)
            mp[tag] = r.stdout.splitlines()
            defaults = tuple(int(x) for x in mp[tag].pop(0).split())
        adj = {}
        for tag in ('v612', 'series'):
            data = ''.join('adjust %s\n' % enc('%d:%d' % a)
                           for a in ADJUST_CASES)
            r = subprocess.run([sides[tag][0]], input=data,
                               capture_output=True, text=True)
            adj[tag] = r.stdout.splitlines()
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    failures = defaultdict(list)
    classes = defaultdict(list)
    reasons = Counter()
    for (c, s), v, p in zip(items, V, P):
        cl, why, detail = classify(s, c, v, p, max_nareas or 0, failures,
                                   defaults)
        classes[cl].append((s, c, v, p, why, detail))
        reasons[(cl, why)] += 1

    print('swiotlb-parse-diff: %d strings (%d generated, %d fixed cases; %d '
          'distinct), seed %d; cut from\n  %s and %s' % (
              len(items), args.count, len(items) - args.count,
              len(set(s for _, s in items)), args.seed,
              args.base_swiotlb or args.base,
              args.series_swiotlb or args.series))
    print('  v6.12 functions: %s' % ', '.join(sides['v612'][1]))
    print('  series functions: %s' % ', '.join(sides['series'][1]))
    print('  sizing: swiotlb_init_remap() from "if (!default_nareas)" to the '
          'halving loop; run A: allocation succeeds, run B: %d slabs of low '
          'memory' % args.low_mem_slabs)
    names = {'same': 'identical (result and log)',
             'a': '(a) same meaning, log differs',
             'b': '(b) v6.12 mangled the string',
             'c': '(c) documented extension of the series',
             'd': '(d) REAL INCOMPATIBILITY'}
    print()
    for cl in ('same', 'a', 'b', 'c', 'd'):
        print('%-42s %7d' % (names[cl], len(classes[cl])))
    print()
    print('reasons:')
    for (cl, why), n in sorted(reasons.items()):
        if cl != 'same':
            print('  (%s) %-78s %7d' % (cl, why, n))
    for cl in ('a', 'b', 'c', 'd'):
        if not classes[cl]:
            continue
        ex = classes[cl]
        if cl == 'd' and len(ex) <= 200:
            print('\n%s: every string' % names[cl])
        else:
            # examples spread over the reasons (for (d): up to
            # --examples of each reason), one per distinct string
            per = args.examples if cl == 'd' else max(
                1, args.examples // len({e[4] for e in ex}))
            rest = list(ex)
            random.Random(1).shuffle(rest)
            # the fixed strings first: they are the documented cases
            fixed = set(FIXED)
            rest.sort(key=lambda e: e[0] not in fixed)
            byr, seen, pick = Counter(), set(), []
            for e in rest:
                if byr[e[4]] < per and e[0] not in seen:
                    byr[e[4]] += 1
                    seen.add(e[0])
                    pick.append(e)
            for e in rest:
                if len(pick) >= args.examples:
                    break
                if e[0] not in seen:
                    seen.add(e[0])
                    pick.append(e)
            lim = args.examples * (len(byr) if cl == 'd' else 1)
            ex = sorted(pick[:lim], key=lambda e: e[4])
            print('\n%s: %d examples%s' % (
                names[cl], len(ex), ' (up to %d per reason)' % per
                if cl == 'd' else ''))
        for s, c, v, p, why, detail in ex:
            print('  swiotlb=%s (cpus %d): %s%s' % (show(s), c, why,
                                                    ': ' + detail if detail
                                                    else ''))
            print('      v6.12:  %s' % describe(v))
            pr = ('refused: ' + warntext(p)) if (p.get('ret') or 0) != 0 \
                else 'accepted'
            print('      series: %s; %s' % (describe(p), pr))
    if args.tsv:
        with open(args.tsv, 'w') as f:
            f.write('class\treason\tstring\tcpus\tv612\tseries\t'
                    'series_warning\n')
            for cl in ('same', 'a', 'b', 'c', 'd'):
                for s, c, v, p, why, detail in classes[cl]:
                    f.write('%s\t%s%s\t%s\t%d\t%s\t%s%s\t%s\n' % (
                        cl, why, ': ' + detail if detail else '',
                        'NULL' if s is None else s.encode(
                            'unicode_escape').decode(), c, describe(v),
                        describe(p), '' if not p.get('ret') else
                        ', refused (%d)' % p['ret'],
                        warntext(p).encode('unicode_escape').decode()))
        print('\nevery string with both results: %s' % args.tsv)

    print('\nmemparse() (lib/cmdline.c, as mem=, cma=, crashkernel= read '
          'sizes) next to swiotlb=:')
    showmap = {}
    for (c, s), v, p in zip(items, V, P):
        if s in MEMPARSE_SHOW and c == 2:
            showmap[s] = (v, p)
    for i, s in enumerate(MEMPARSE_SHOW):
        mps = mp['series'][i].split(' ')
        rest = dec(mps[1]) if len(mps) > 1 else ''
        v, p = showmap.get(s, (None, None))
        print('  %-24s memparse: %s%s' % (
            s, mps[0], ' bytes, stops at %r' % rest if rest else ' bytes'))
        if v:
            print('  %-24s v6.12: %s; series: %s%s' % (
                '', describe(v), describe(p), ' (refused: %s)' % warntext(p)
                if p['ret'] else ''))
    fail = bool(classes['d'])
    # swiotlb_adjust_size(): the pool of confidential guests (no swiotlb=)
    bad = [(a, x, y) for a, x, y in zip(ADJUST_CASES, adj['v612'],
                                        adj['series']) if x != y]
    if len(adj['series']) != len(ADJUST_CASES):
        bad.append(((0, 0), 'all', 'the series died'))
    print('\nswiotlb_adjust_size() without swiotlb= (SEV, TDX): %d sizes x '
          'cpu counts, %d differ from v6.12' % (len(ADJUST_CASES), len(bad)))
    for (c, b), x, y in bad[:args.examples]:
        print('  %d bytes, %d cpus: v6.12 %s slabs:areas, series %s' %
              (b, c, x, y))
    if bad:
        failures['swiotlb_adjust_size() sizes a pool unlike v6.12'] = [
            ('adjust', c, '%d bytes: v6.12 %s, series %s' % (b, x, y))
            for (c, b), x, y in bad]
    print()
    for what, lst in sorted(failures.items()):
        fail = True
        print('FAIL %s: %d' % (what, len(lst)))
        # distinct shapes first (digits folded), then the rest
        shapes, first, rest = set(), [], []
        for e in lst:
            k = re.sub(r'\d+', 'N', e[2])
            (rest if k in shapes else first).append(e)
            shapes.add(k)
        seen = set()
        for s, c, d in (first + rest):
            if s in seen:
                continue
            seen.add(s)
            print('  swiotlb=%s (cpus %d): %s' % (show(s), c, d))
            if len(seen) >= args.examples:
                break
    if classes['d']:
        print('FAIL class (d), real incompatibilities: %d' %
              len(classes['d']))
    print('\nswiotlb-parse-diff: %s: %d strings, (d) %d%s; %.1f s (build %.1f '
          's, run %.1f s)' % ('FAIL' if fail else 'PASS', len(items),
                              len(classes['d']), ''.join(
                                  ', %s %d' % (w, len(l)) for w, l in
                                  sorted(failures.items())),
                              time.time() - t0, t1 - t0, t2 - t1))
    return 1 if fail else 0


if __name__ == '__main__':
    sys.exit(main())
