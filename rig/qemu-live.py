#!/usr/bin/env python3
"""Talk to a running QEMU for a scenario's host_live (rig/arm-qemu.sh).

qemu-live.py RUN REGEX TIMEOUT [MONITOR-COMMAND...]

Waits until a line of RUN/console.log matches REGEX, then gives each
MONITOR-COMMAND to the HMP monitor on RUN/monitor.sock (printing what the
monitor answers) and finally writes "go" and a newline to the guest's
second UART (RUN/uart1.sock), which the guest may be reading to learn that
the host is done.  Exits 0 when all that happened, 1 if the line did not
come within TIMEOUT seconds or QEMU went away (rig/qemu.sh exports the
pid of its QEMU script as RIG_QEMU_PID).
"""
import os
import re
import socket
import sys
import time


def qemu_gone():
    pid = os.environ.get('RIG_QEMU_PID')
    if not pid:
        return False
    try:
        # a zombie too: the shell that started it may not have reaped it yet
        with open(f'/proc/{int(pid)}/stat') as f:
            return f.read().rsplit(')', 1)[1].split()[0] == 'Z'
    except (FileNotFoundError, ProcessLookupError):
        return True


def connect(path, deadline):
    while time.time() < deadline and not qemu_gone():
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.connect(path)
            return s
        except OSError:
            s.close()
            time.sleep(0.1)
    raise TimeoutError(f'cannot connect to {path} (QEMU not running?)')


def until_prompt(s, deadline):
    buf = b''
    while not buf.endswith(b'(qemu) '):
        if time.time() > deadline:
            raise TimeoutError('no monitor prompt')
        s.settimeout(max(0.1, deadline - time.time()))
        chunk = s.recv(4096)
        if not chunk:
            raise ConnectionError('monitor closed')
        buf += chunk
    return buf.decode(errors='replace')


def main(run, regex, timeout, cmds):
    deadline = time.time() + timeout
    try:
        uart = connect(os.path.join(run, 'uart1.sock'), deadline)
    except TimeoutError as e:
        print(f'qemu-live: {e}')
        return 1
    console = os.path.join(run, 'console.log')
    pat = re.compile(regex)
    seen = False
    while not seen:
        if time.time() > deadline or qemu_gone():
            print(f'qemu-live: no console line matching {regex!r} before QEMU stopped '
                  f'or within {timeout:.0f} s')
            return 1
        try:
            with open(console, errors='replace') as f:
                seen = any(pat.search(line) for line in f)
        except FileNotFoundError:
            pass
        if not seen:
            time.sleep(0.2)
    mon = connect(os.path.join(run, 'monitor.sock'), deadline)
    until_prompt(mon, deadline)
    for cmd in cmds:
        mon.sendall(cmd.encode() + b'\n')
        answer = until_prompt(mon, deadline)
        answer = answer.replace('\r', '').rsplit('(qemu) ', 1)[0]
        lines = [ln for ln in answer.split('\n') if ln.strip() and cmd not in ln]
        print(f'qemu-live: {cmd}' + ''.join(f'\n  {ln}' for ln in lines))
    mon.close()
    uart.sendall(b'go\n')
    time.sleep(0.5)
    uart.close()
    return 0


if __name__ == '__main__':
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]))
