#!/usr/bin/env python3
"""Host side of rig/bench-qemu.sh: turn guest consoles into numbers.

  parse.py parse ROUND TREE KIND CONSOLE   -> rows "round tree metric unit value"
  parse.py aggregate ROUNDS_TSV QEMU_TSV   -> medians and spread per metric

A value is a number, or "fail" when the measurement ran and did not give
one (e.g. dma_map_benchmark's ioctl failed because no bounce slot was
within the mask), or "missing" when the console does not have the line
(guest crashed or timed out).
"""
import re
import statistics
import sys

G4 = 4 << 30
G1 = 1 << 30
MiB = 1 << 20

DMB = re.compile(r'rig-dmb: t=(\d+) g=(\d+) b=(\d+) rc=(\d+) map=(\S+) unmap=(\S+)')
LOAD = re.compile(r'rig-swiotlb-load: a_max=(\d+) a_held=(\d+) b_bits=(\d+) '
                  r'b_tried=(\d+) b_ok=(\d+) b_outside=(\d+) b_high=(\d+) '
                  r'fraction=([0-9.]+)')
# the kernel's "Memory: 4998212K/5242360K available (...)" line
MEMORY = re.compile(r'Memory: (\d+)K/\d+K available')
POOL = re.compile(r'software IO TLB: mapped \[mem (0x[0-9a-f]+)-(0x[0-9a-f]+)\] \((\d+)MB\)')
SPLAT = re.compile(r'(BUG:|WARNING:|Kernel panic|KASAN:|UBSAN:|possible circular|'
                   r'possible recursive|DEADLOCK|unreferenced object)')


def overlap(a, b, lo, hi):
    return max(0, min(b, hi) - max(a, lo))


def parse(rnd, tree, kind, console):
    text = open(console, errors='replace').read()
    done = 'rig: guest done' in text
    rows = []

    def row(metric, unit, value):
        rows.append((rnd, tree, metric, unit, value))

    m = POOL.search(text)
    if kind == 'pool':
        avail = MEMORY.search(text)
        row('swiotlb.pool.available_mem', 'MiB',
            f'{int(avail.group(1)) / 1024:.1f}' if avail else 'missing')
        if m:
            a, b = int(m.group(1), 16), int(m.group(2), 16)
            row('swiotlb.pool.low_mem_cost.4G', 'MiB', f'{overlap(a, b, 0, G4) / MiB:g}')
            row('swiotlb.pool.low_mem_cost.1G', 'MiB', f'{overlap(a, b, 0, G1) / MiB:g}')
            row('info.pool.start', 'addr', f'{a:#x}')
            row('info.pool.end', 'addr', f'{b:#x}')
        else:
            for s in ('4G', '1G'):
                row('swiotlb.pool.low_mem_cost.' + s, 'MiB', 'missing')
    else:
        if m:
            row('info.pool_force.start', 'addr', f'{int(m.group(1), 16):#x}')
        seen = set()
        for d in DMB.finditer(text):
            t, g, bits, rc, mp, um = d.groups()
            if bits == '64':
                metric = f'swiotlb.map_unmap.64bit.t{t}.g{g}'
            elif bits == '28' and t == '1' and g == '1':
                metric = 'swiotlb.narrow28.map_unmap'
            else:
                continue
            seen.add(metric)
            if rc == '0' and mp != 'NA' and um != 'NA':
                row(metric, 'us', f'{float(mp) + float(um):.1f}')
            else:
                row(metric, 'us', 'fail')
        for t in (1, 2):
            for g in (1, 16):
                if f'swiotlb.map_unmap.64bit.t{t}.g{g}' not in seen:
                    row(f'swiotlb.map_unmap.64bit.t{t}.g{g}', 'us', 'missing')
        if 'swiotlb.narrow28.map_unmap' not in seen:
            row('swiotlb.narrow28.map_unmap', 'us', 'missing')
        ld = LOAD.search(text)
        if ld:
            a_max, a_held, _, tried, ok, outside, high, frac = ld.groups()
            row('swiotlb.narrow28.success_under_load', 'fraction',
                f'{int(ok) / int(tried):.4g}' if int(tried) else 'fail')
            row('info.narrow28.device_a_max', 'mappings', a_max)
            row('info.narrow28.device_a_held', 'mappings', a_held)
            row('info.narrow28.b_outside_mask', 'mappings', outside)
            row('info.narrow28.b_pages_above_4G', 'pages', high)
        else:
            row('swiotlb.narrow28.success_under_load', 'fraction', 'missing')
    row('info.splat.' + kind, 'lines', str(len(SPLAT.findall(text))))
    row('info.guest_done.' + kind, 'bool', '1' if done else '0')
    for r in rows:
        print('\t'.join(map(str, r)))


def num(v):
    try:
        return float(v)
    except ValueError:
        return None


def fmt(x):
    if isinstance(x, str):
        return x
    if x == int(x) and abs(x) < 1e9:
        return str(int(x))
    return f'{x:.4g}'


def aggregate(rounds_tsv, out_tsv):
    vals, units, order = {}, {}, []
    for line in open(rounds_tsv):
        f = line.rstrip('\n').split('\t')
        if len(f) != 5 or f[0] == 'round':
            continue
        _, tree, metric, unit, value = f
        if metric not in units:
            order.append(metric)
            units[metric] = unit
        vals.setdefault((metric, tree), []).append(value)
    cols = ['metric', 'unit']
    for tree in ('base', 'patched'):
        cols += [f'{tree}_median', f'{tree}_min', f'{tree}_max', f'{tree}_n',
                 f'{tree}_fail', f'{tree}_values']
    out = ['\t'.join(cols)]
    for metric in order:
        if units[metric] == 'addr':
            # addresses: keep the distinct values, no statistics
            cells = [metric, units[metric]]
            for tree in ('base', 'patched'):
                v = sorted(set(vals.get((metric, tree), [])))
                cells += [','.join(v), '', '', str(len(vals.get((metric, tree), []))), '0',
                          ','.join(vals.get((metric, tree), []))]
            out.append('\t'.join(cells))
            continue
        cells = [metric, units[metric]]
        for tree in ('base', 'patched'):
            raw = vals.get((metric, tree), [])
            nums = [num(v) for v in raw if num(v) is not None]
            bad = len(raw) - len(nums)
            if nums:
                med = statistics.median(nums)
                cells += [fmt(med), fmt(min(nums)), fmt(max(nums))]
            else:
                cells += ['fail' if raw else 'NA', '', '']
            cells += [str(len(raw)), str(bad), ','.join(raw)]
        out.append('\t'.join(cells))
    open(out_tsv, 'w').write('\n'.join(out) + '\n')


if __name__ == '__main__':
    if sys.argv[1] == 'parse':
        parse(*sys.argv[2:6])
    elif sys.argv[1] == 'aggregate':
        aggregate(sys.argv[2], sys.argv[3])
    else:
        sys.exit('usage: parse.py parse|aggregate ...')
