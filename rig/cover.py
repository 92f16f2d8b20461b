#!/usr/bin/env python3
"""Recover the text of a format-patch cover letter.

'cover.py parse FILE' prints the subject (without the [PATCH 0/N] tag), a
blank line and the body, i.e. the branch description that
'git format-patch --cover-from-description=subject' turns back into the
same cover letter.  The shortlog and diffstat that format-patch appends are
dropped: they are regenerated from the commits.
"""
import re
import sys


def parse(path):
    text = open(path, encoding='utf-8').read()
    head, _, body = text.partition('\n\n')
    subject = ''
    in_subject = False
    for line in head.split('\n'):
        if line.startswith('Subject: '):
            subject, in_subject = line[len('Subject: '):], True
        elif in_subject and line[:1] in (' ', '\t'):
            subject += line  # RFC 5322 unfolding keeps the blank
        else:
            in_subject = False
    subject = re.sub(r'^\[[^]]*\]\s*', '', subject)
    lines = body.split('\n')
    # The shortlog starts with "Author Name (N):" followed by indented
    # subjects; everything before the last such header is the body.
    end = len(lines)
    for i, line in enumerate(lines):
        if re.match(r'^\S.* \(\d+\):$', line) and i + 1 < len(lines) \
                and lines[i + 1].startswith('  '):
            end = i
            break
    body = '\n'.join(lines[:end]).strip('\n')
    return subject + '\n\n' + body + '\n'


if __name__ == '__main__':
    if len(sys.argv) != 3 or sys.argv[1] != 'parse':
        sys.exit('usage: cover.py parse COVER-LETTER')
    sys.stdout.write(parse(sys.argv[2]))
