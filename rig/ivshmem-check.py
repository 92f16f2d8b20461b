#!/usr/bin/env python3
"""Host side of the ivshmem scenarios: check the guest's bytes in the file.

The guest prints 'rig-host-check: off=0x.. len=0x..' for every range it
wrote in the ivshmem BAR; each byte at BAR offset o must be
((o >> 12) * 31 + o) & 0xff, the pattern of modules/rig_coherent.c.
"""
import re
import sys


def pat(o):
    return ((o >> 12) * 31 + o) & 0xff


def main(console, backing):
    data = open(backing, 'rb').read()
    ranges = [(int(m.group(1), 16), int(m.group(2), 16))
              for m in re.finditer(r'rig-host-check: off=0x([0-9a-f]+) len=0x([0-9a-f]+)',
                                   open(console, errors='replace').read())]
    if not ranges:
        print('the guest reported no range to check')
        return 1
    total = 0
    for off, length in ranges:
        for o in range(off, off + length):
            if o >= len(data) or data[o] != pat(o):
                got = data[o] if o < len(data) else None
                print(f'byte at BAR offset {o:#x}: want {pat(o):#04x}, file has {got!r}')
                return 1
        total += length
    print(f'host read back {total} bytes in {len(ranges)} ranges from the ivshmem file')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
