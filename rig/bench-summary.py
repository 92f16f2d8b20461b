#!/usr/bin/env python3
"""Turn build/bench/harness.tsv into summary.tsv and report.md.

summary.tsv has the columns of the benchmark issue: metric, unit,
baseline (v6.12's algorithm), patched (the series), ratio
(patched/baseline), target and met.  Latency rows whose requests mostly
fail in the patched allocator's own fill state are marked: a fast
failure is not a fast allocation.
"""
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
    if metric.startswith('coherent.util.fill'):
        return '= 1.0', lambda p, r: p >= 1.0
    if metric.startswith('coherent.util.random.') and metric.count('.') == 3:
        return '>= 0.90', lambda p, r: p >= 0.90
    if metric == 'coherent.waste':
        return '= 1.0', lambda p, r: p <= 1.0
    if metric.startswith('coherent.latency.2M.'):
        return 'ratio <= 1.0', lambda p, r: r <= 1.0
    if metric.startswith('coherent.latency.256M.90full.'):
        return 'ratio <= 0.1', lambda p, r: r <= 0.1
    return '', None


out = ['metric\tunit\tbaseline\tpatched\tratio\ttarget\tmet']
report = ['# Allocator benchmark: the series (patched) against v6.12\n',
          'Medians of alternating rounds; `genalloc` in harness.tsv.\n',
          '| metric | unit | v6.12 | patched | ratio | target | met |',
          '|---|---|---|---|---|---|---|']
for (metric, alloc) in rows:
    if alloc != 'dcp' or metric.endswith(('.min', '.max', '.failed', '.fill',
                                           '.failed_nr', '.free_at_fail')):
        continue
    if not (metric.startswith(('coherent.util', 'coherent.waste', 'coherent.latency'))):
        continue
    unit, p = val(metric, 'dcp')
    _, b = val(metric, 'v612')
    if b is None:
        continue
    ratio = p / b if b else float('nan')
    tgt, ok = target(metric)
    met = '' if ok is None else ('yes' if ok(p, ratio) else 'no')
    _, failed = val(metric + '.failed', 'dcp')
    if failed and failed > 0.5 and met:
        met = 'not comparable: most patched requests fail'
    out.append(f'{metric}\t{unit}\t{b:.4g}\t{p:.4g}\t{ratio:.3g}\t{tgt}\t{met}')
    report.append(f'| {metric} | {unit} | {b:.4g} | {p:.4g} | {ratio:.3g} | {tgt} | {met} |')
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
open(sys.argv[3], 'w').write('\n'.join(report) + '\n')
print('\n'.join(out))
