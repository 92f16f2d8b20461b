#!/usr/bin/env python3
"""Drive the sh4 guest (rig/sh4/init.c) through its serial console.

sh4-drive.py ZIMAGE CONSOLE TIMEOUT [COMMAND...]: boot QEMU's r2d with
ZIMAGE, wait for the guest's prompt, run each COMMAND at the prompt, then
"poweroff"; everything the console prints goes to CONSOLE.  Exits 0 when
the guest reached its prompt and finished, 124 on timeout, 1 otherwise.
r2d cannot power off, so QEMU is stopped once the guest says it is done.
"""
import subprocess
import sys
import threading
import time

PROMPT = b'sh4# '
KEY_DELAY = 0.05


def main(zimage, console, timeout, commands):
    qemu = subprocess.Popen(
        ['qemu-system-sh4', '-M', 'r2d', '-kernel', zimage, '-display', 'none',
         '-monitor', 'none', '-serial', 'null', '-serial', 'stdio', '-no-reboot'],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    buf = bytearray()
    lock = threading.Lock()
    out = open(console, 'wb')

    def reader():
        # the console file grows as the guest prints, for a look meanwhile
        while True:
            b = qemu.stdout.read1(4096)
            if not b:
                return
            with lock:
                buf.extend(b)
            out.write(b.replace(b'\r', b''))
            out.flush()

    threading.Thread(target=reader, daemon=True).start()
    deadline = time.time() + timeout

    def wait_for(token, start):
        while time.time() < deadline:
            with lock:
                i = buf.find(token, start)
            if i >= 0:
                return i + len(token)
            if qemu.poll() is not None:
                return -1
            time.sleep(0.2)
        return -2

    def type_line(line):
        # QEMU 7.2's SCIF model (hw/char/sh_serial.c) takes any amount of
        # input but keeps only what fits its 16-byte receive FIFO: the
        # rest is dropped.  Type as a person would, a key at a time.
        for c in line.encode() + b'\n':
            qemu.stdin.write(bytes([c]))
            qemu.stdin.flush()
            time.sleep(KEY_DELAY)

    rc = 0
    pos = wait_for(PROMPT, 0)
    for cmd in commands + ['poweroff']:
        if pos < 0:
            break
        type_line(cmd)
        pos = wait_for(PROMPT if cmd != 'poweroff' else b'rig: guest done', pos)
    if pos == -2:
        rc = 124
    elif pos < 0:
        rc = 1
    time.sleep(1)
    qemu.kill()
    qemu.wait()
    time.sleep(0.5)
    out.close()
    return rc


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]))
