#!/usr/bin/env python3
"""Turn build/bench/harness.tsv into summary.tsv and report.md.

summary.tsv has the columns of the benchmark issue: metric, unit,
baseline (v6.12's algorithm), patched (the series), ratio
(patched/baseline), target and met.  Latency rows whose requests mostly
fail in the patched allocator's own fill state are marked: a fast
failure is not a fast allocation.

An optional fourth argument, build/bench/qemu.tsv (rig/bench-qemu.sh:
the swiotlb metrics measured in QEMU guests of both kernels), adds those
rows, and a section with their spread, to both outputs.
"""
import os
import sys

rows = {}
for line in open(sys.argv[1]):
    f = line.rstrip('\n').split('\t')
    if len(f) == 4:
        rows[(f[0], f[2])] = (f[1], f[3])


def val(metric, alloc):
    r = rows.get((metric, alloc))
    return (r[0], float(r[1])) if r else (None, None)


def target(metric):
    """The allocator issue's targets; instruction counts are the primary
    figure, the ns rows beside them have none."""
    if metric.startswith('coherent.util.fill'):
        return '= 1.0', lambda p, r: p >= 1.0
    if metric.startswith('coherent.util.random.') and metric.count('.') == 3:
        return '>= 0.85', lambda p, r: p >= 0.85
    if metric == 'coherent.waste':
        return '= 1.0', lambda p, r: p <= 1.0
    if metric.startswith('coherent.instr.2M.empty.'):
        return 'ratio <= 1.2', lambda p, r: r <= 1.2
    if metric.startswith('coherent.instr.2M.90full.'):
        return 'ratio <= 1.0', lambda p, r: r <= 1.0
    if metric.startswith('coherent.instr.256M.90full.'):
        return 'ratio <= 0.1', lambda p, r: r <= 0.1
    if metric.endswith('.fill_growth'):
        return '<= 3.0 (patched)', lambda p, r: p <= 3.0
    if metric == 'coherent.lines':
        return '<= 250', lambda p, r: p <= 250
    return '', None


# coherent.instr.REGION.fill_growth: the most an alloc+free costs at any
# fill from empty to 99% (the sweep), over what it costs on an empty region.
for reg in ('2M', '256M'):
    for alloc in ('dcp', 'v612', 'genalloc'):
        _, empty = (rows.get((f'coherent.instr.{reg}.empty.rand', alloc)) or
                    (None, None))
        sweep = [float(v[1]) for (m, a), v in rows.items()
                 if a == alloc and m.startswith(f'coherent.instr.sweep.{reg}.')
                 and not m.endswith('.failed')]
        if empty and sweep:
            rows[(f'coherent.instr.{reg}.fill_growth', alloc)] = (
                'ratio', str(max(sweep + [float(empty)]) / float(empty)))


out = ['metric\tunit\tbaseline\tpatched\tratio\ttarget\tmet']
report = ['# Allocator benchmark: the series (patched) against v6.12\n',
          'Medians of alternating rounds; `genalloc` in harness.tsv.\n',
          '| metric | unit | v6.12 | patched | ratio | target | met |',
          '|---|---|---|---|---|---|---|']
for (metric, alloc) in rows:
    if alloc != 'dcp' or metric.endswith(('.min', '.max', '.failed', '.fill',
                                           '.failed_nr', '.free_at_fail')):
        continue
    if not (metric.startswith(('coherent.util', 'coherent.waste',
                               'coherent.latency', 'coherent.instr'))) or \
            metric.startswith('coherent.instr.sweep.') or '.checker.' in metric:
        continue
    unit, p = val(metric, 'dcp')
    _, b = val(metric, 'v612')
    if b is None:
        continue
    ratio = p / b if b else float('nan')
    tgt, ok = target(metric)
    met = '' if ok is None else ('yes' if ok(p, ratio) else 'no')
    # a fast failure is not a fast allocation: a row counts only where
    # both allocators serve at least 90% of its requests
    _, pfail = val(metric + '.failed', 'dcp')
    _, bfail = val(metric + '.failed', 'v612')
    worst = max(pfail or 0, bfail or 0)
    if worst > 0.1:
        met = f'not comparable: {worst:.0%} of requests fail'
    out.append(f'{metric}\t{unit}\t{b:.4g}\t{p:.4g}\t{ratio:.3g}\t{tgt}\t{met}')
    report.append(f'| {metric} | {unit} | {b:.4g} | {p:.4g} | {ratio:.3g} | {tgt} | {met} |')


def fmt(metric, alloc):
    v = val(metric, alloc)[1]
    if v is None:   # v6.12's allocator is bitmap helpers, not a file
        return 'n/a' if metric == 'coherent.lines' else '?'
    return f'{v:.4g}'


report += [
    '',
    '## Allocator: how to read the rows, and the targets out of reach',
    '',
    '`coherent.instr.*` (callgrind instructions per allocation and free, '
    'which repeat) are the primary figures and carry the targets; the '
    '`coherent.latency.*` ns rows beside them are noise on a shared machine '
    'and have none.  On a filled region each measured pair frees a random '
    'allocation and allocates as many pages again, a request every '
    'allocator can serve; `.failed` is the fraction of failed allocations, '
    'and a row where it exceeds 10% on either side is "not comparable".',
    '',
    f'- Empty 2 MiB region, ratio <= 1.2: patched '
    f'{fmt("coherent.instr.2M.empty.1", "dcp")} / '
    f'{fmt("coherent.instr.2M.empty.rand", "dcp")} instructions (1 page / '
    f'random), v6.12 {fmt("coherent.instr.2M.empty.1", "v612")} / '
    f'{fmt("coherent.instr.2M.empty.rand", "v612")}.  Both allocate with '
    'one bitmap search; v6.12\'s free is one bitmap_clear() that trusts its '
    'caller, where the series first checks that the pages are allocated '
    'and none of them occupied (find_next_zero_bit() and find_next_bit() '
    'over them), so that a bad free cannot corrupt the region.',
    f'- 90% full, random sizes: 2 MiB (ratio <= 1.0) patched '
    f'{fmt("coherent.instr.2M.90full.rand", "dcp")}, v6.12 '
    f'{fmt("coherent.instr.2M.90full.rand", "v612")}; 256 MiB (ratio <= '
    f'0.1) patched {fmt("coherent.instr.256M.90full.rand", "dcp")}, v6.12 '
    f'{fmt("coherent.instr.256M.90full.rand", "v612")}.  Both search first '
    'fit from the start of the region.  The series takes exact pages and '
    'leaves free the pages that alignment skips: '
    'bitmap_find_next_zero_area_off() visits each such hole below the '
    'first fit, where v6.12 tests each aligned block of the request\'s '
    'order.  Requests of 3 pages are the worst case (the region fills to '
    f'{fmt("coherent.latency.2M.90full.3.fill", "dcp")} only, a free page '
    'in every 4-page block); with 1 or 16 pages, which leave no such '
    'holes, the series is far below v6.12.',
    f'- `coherent.util.random` >= 0.85: patched '
    f'{fmt("coherent.util.random.4M", "dcp")} / '
    f'{fmt("coherent.util.random.256M", "dcp")} (4 MiB / 256 MiB), v6.12 '
    f'{fmt("coherent.util.random.4M", "v612")} / '
    f'{fmt("coherent.util.random.256M", "v612")}, genalloc '
    f'{fmt("coherent.util.random.4M", "genalloc")} / '
    f'{fmt("coherent.util.random.256M", "genalloc")}.  With the DMA '
    'API\'s alignment every request of 33-64 pages (half of them) needs '
    'a whole free, aligned 64-page block, and the first failure is such a '
    'request: at that point '
    f'{fmt("coherent.util.random.4M.free_at_fail", "dcp")} of the region '
    'is free, in holes that the random frees left in partly used blocks '
    'and that only smaller requests fit.  Filling until nothing fits '
    'reaches 1.0 (`random_final`).',
    f'- The allocator in at most 250 lines: patched '
    f'{fmt("coherent.lines", "dcp")} (`coherent.lines`: the non-blank lines '
    'of the four functions of drivers/base/dma-coherent.c that the '
    'benchmark extracts, their comments not counted).',
]


def qemu_rows(path):
    """Rows of rig/bench-qemu.sh's qemu.tsv as dicts, in file order."""
    lines = open(path).read().splitlines()
    cols = lines[0].split('\t')
    return [dict(zip(cols, line.split('\t'))) for line in lines[1:] if line]


def fnum(s):
    try:
        return float(s)
    except ValueError:
        return None


def qemu_target(metric, b, p, pmin, pfail, pn, spread_overlaps=False):
    """target text and met for one QEMU metric (medians b, p)."""
    if metric.startswith('swiotlb.map_unmap.64bit.'):
        if p is None or b is None:
            return 'ratio <= 1.02', 'no (no measurement)'
        met = 'yes' if p / b <= 1.02 else 'no'
        if spread_overlaps:
            met += ' (min-max ranges overlap)'
        if pfail:
            met = f'no ({pfail} of {pn} patched rounds failed)'
        return 'ratio <= 1.02', met
    if metric == 'swiotlb.narrow28.success_under_load':
        # every round, not just the median: one failing round is a failure
        if pmin is None:
            return '= 1.0', 'no (no measurement)'
        if pfail:
            return '= 1.0', f'no ({pfail} of {pn} patched rounds gave no figure)'
        return '= 1.0', 'yes' if pmin >= 1.0 else f'no (worst round {pmin:.4g})'
    if metric == 'swiotlb.pool.available_mem':
        if p is None or b is None:
            return '>= v6.12 - 1 MiB', 'no (no measurement)'
        return '>= v6.12 - 1 MiB', 'yes' if p >= b - 1 else 'no'
    return '', ''


qemu_tsv = sys.argv[4] if len(sys.argv) > 4 else None
if qemu_tsv and os.path.exists(qemu_tsv):
    import time
    stamp = time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(os.path.getmtime(qemu_tsv)))
    spread = []
    for r in qemu_rows(qemu_tsv):
        metric, unit = r['metric'], r['unit']
        if metric.startswith('info.'):
            if unit == 'addr':
                spread.append(f'| {metric} | {unit} | {r["base_median"]} | | '
                              f'{r["patched_median"]} | |')
            else:
                spread.append(f'| {metric} | {unit} | {r["base_median"]} | '
                              f'{r["base_min"]}–{r["base_max"]} | {r["patched_median"]} | '
                              f'{r["patched_min"]}–{r["patched_max"]} |')
            continue
        b, p = fnum(r['base_median']), fnum(r['patched_median'])
        pmin = fnum(r['patched_min'])
        pfail, pn = int(r['patched_fail']), int(r['patched_n'])
        bfail, bn = int(r['base_fail']), int(r['base_n'])
        bcell = f'{b:.4g}' if b is not None else r['base_median']
        pcell = f'{p:.4g}' if p is not None else r['patched_median']
        ratio = f'{p / b:.3g}' if (b and p is not None) else 'NA'
        bmin, bmax, pmax = fnum(r['base_min']), fnum(r['base_max']), fnum(r['patched_max'])
        overlaps = None not in (bmin, bmax, pmin, pmax) and not (pmax < bmin or pmin > bmax)
        tgt, met = qemu_target(metric, b, p, pmin, pfail, pn, overlaps)
        out.append(f'{metric}\t{unit}\t{bcell}\t{pcell}\t{ratio}\t{tgt}\t{met}')
        report.append(f'| {metric} | {unit} | {bcell} | {pcell} | {ratio} | {tgt} | {met} |')

        def rng(t, fail, n):
            lo, hi = r[t + '_min'], r[t + '_max']
            s = f'{lo}–{hi}' if lo else '—'
            return s + (f', {fail} of {n} failed' if fail else '') + f' (n={n})'
        spread.append(f'| {metric} | {unit} | {bcell} | {rng("base", bfail, bn)} | '
                      f'{pcell} | {rng("patched", pfail, pn)} |')
    report += [
        '',
        f'## swiotlb in QEMU guests (rig/bench-qemu.sh, {stamp})',
        '',
        'Both kernels built with the same fragments (qemu + test: DMA_API_DEBUG '
        'and DMA_MAP_BENCHMARK on), 5 GiB guest, -smp 2, TCG, `tsc=reliable`; '
        'rounds alternate v6.12 and patched, one `swiotlb=force` boot and one '
        'boot without `swiotlb=` per kernel and round.  Medians; min–max over '
        'the rounds; raw values in build/bench/qemu.tsv, consoles in '
        'build/bench/qemu/rN/.',
        '',
        '| metric | unit | v6.12 median | v6.12 min–max | patched median | patched min–max |',
        '|---|---|---|---|---|---|',
    ] + spread + [
        '',
        '- `swiotlb.map_unmap.64bit.tT.gG`: the kernel\'s own `dma_map_benchmark` '
        '(kernel/dma/map_benchmark.c, userspace tool from '
        'tools/testing/selftests/dma) bound to an edu device by driver_override, '
        '`swiotlb=force`, 64-bit mask, T threads, G pages per mapping, '
        'average map + average unmap latency in µs of guest time.  The '
        'guests run with QEMU\'s `-icount shift=3,sleep=off`, so guest time '
        'follows the instructions executed and the figures repeat within '
        'about 1%.  Those guests have one vCPU (with two, icount ran about '
        '20 times slower and now and then hung the guest), so the two '
        'threads of `-t 2` take turns on it: a measure of the code path, not '
        'of contention between CPUs.  '
        'The tool truncates each sample to 100 ns.  When the min–max ranges '
        'of the two kernels overlap (`met` says so), the median ratio is '
        'within the spread of this instrument.',
        '- `swiotlb.narrow28.success_under_load`: rig_swiotlb_load.ko, '
        '`swiotlb=force`: device A (64-bit) maps single pages until a mapping '
        'fails (info.narrow28.device_a_max), gives back 10%, then device B '
        '(28-bit mask) maps 256 pages from above 4 GiB; a success is a mapping '
        'that did not fail and lies within the mask.  v6.12 places its pool at '
        '~3 GiB, above every 28-bit address, so it cannot succeed.',
        '- `swiotlb.narrow28.map_unmap`: `dma_map_benchmark -b 28 -t 1 -g 1` '
        'in the same boot.  On v6.12 every bounce slot lies above the mask: '
        'swiotlb_map() warns "swiotlb addr ... overflow" and the benchmark\'s '
        'ioctl fails with ENOMEM, so the baseline is "fail" and there is no '
        'ratio.',
        '- `swiotlb.pool.low_mem_cost.4G` / `.1G`: MiB of the default pool '
        '(boot line "software IO TLB: mapped [mem A-B]", no `swiotlb=` '
        'argument) below 4 GiB and below 1 GiB.  Informational, no target: '
        'both kernels take 64 MiB below 4 GiB; the patched kernel places '
        'it below 256 MiB (info.pool.start/end) so that 28-bit devices have '
        'bounce slots, where v6.12 puts it just below 4 GiB.',
        '- `swiotlb.pool.available_mem`: MiB the kernel\'s "Memory: NK/MK '
        'available" boot line gives, same boot.  Target (issue 15): '
        'patched >= v6.12 - 1 MiB, i.e. a machine without a narrow device '
        'pays nothing for the series.',
        '- `info.splat.*`: lines of BUG/WARNING/KASAN/lockdep/kmemleak in the '
        'consoles.  On v6.12 the `swiotlb=force` boot has one: the overflow '
        'warning of the 28-bit dma_map_benchmark run described above.  On the '
        'patched kernel any splat is a bug; see the consoles.',
    ]
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
open(sys.argv[3], 'w').write('\n'.join(report) + '\n')
print('\n'.join(out))
