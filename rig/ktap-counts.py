#!/usr/bin/env python3
"""Summarise the JSON that 'kunit.py parse --json' wrote: 'N ok, M not ok'."""
import json
import sys


def walk(group, counts):
    for case in group.get('test_cases', []):
        counts[case.get('status', 'FAIL')] = counts.get(case.get('status', 'FAIL'), 0) + 1
    for sub in group.get('sub_groups', []):
        walk(sub, counts)


try:
    data = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    print('no parsable KTAP')
    sys.exit(0)
counts = {}
walk(data, counts)
ok = counts.get('PASS', 0)
skip = counts.get('SKIP', 0)
bad = sum(v for k, v in counts.items() if k not in ('PASS', 'SKIP'))
print(f'{ok} ok, {bad} not ok' + (f', {skip} skipped' if skip else ''))
