#!/usr/bin/env python3
"""address.py KTREE PATCH...: add To/Cc headers from scripts/get_maintainer.pl.

To: the maintainers of the DMA-mapping helpers (kernel/dma/), on every
message.  Cc: whatever else get_maintainer.pl names for a patch
(reviewers, other subsystems' maintainers, lists), and on the cover
letter the union of all of them.  The author is left out: git
send-email adds them.  Keyword and git-history matches are off, so the
result depends only on MAINTAINERS and the diff.
"""
import os
import subprocess
import sys

ktree, patches = sys.argv[1], sys.argv[2:]
GM = ["perl", "scripts/get_maintainer.pl", "--no-rolestats", "--nokeywords",
      "--nogit", "--nogit-fallback", "--nomoderated"]


def gm(*args):
    env = dict(os.environ, PATH="/usr/bin:" + os.environ.get("PATH", ""))
    res = subprocess.run(GM + list(args), cwd=ktree, env=env, check=True,
                         capture_output=True, text=True)
    return [ln.strip() for ln in res.stdout.splitlines() if ln.strip()]


def author(path):
    with open(path) as f:
        for ln in f:
            if ln.startswith("From: "):
                return ln[6:].strip()
    return ""


def fold(name, addrs):
    return f"{name}: " + ",\n    ".join(addrs) + "\n" if addrs else ""


def add_headers(path, to, cc):
    with open(path) as f:
        text = f.read()
    head, sep, body = text.partition("\n\n")
    lines = head.split("\n")
    # after the (possibly folded) Subject: header
    i = next(k for k, ln in enumerate(lines) if ln.startswith("Subject: "))
    i += 1
    while i < len(lines) and lines[i].startswith(" "):
        i += 1
    extra = (fold("To", to) + fold("Cc", cc)).rstrip("\n")
    lines[i:i] = extra.split("\n") if extra else []
    with open(path, "w") as f:
        f.write("\n".join(lines) + sep + body)


to = gm("--nol", "--nor", "-f", "kernel/dma/mapping.c")
cover = [p for p in patches if os.path.basename(p).startswith("0000-")]
real = [p for p in patches if p not in cover]
union = []
for p in real:
    me = author(p)
    cc = [a for a in gm(os.path.abspath(p)) if a not in to and a != me]
    union += [a for a in cc if a not in union]
    add_headers(p, to, cc)
for p in cover:
    add_headers(p, to, union)
