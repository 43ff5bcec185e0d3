#!/usr/bin/env python3
"""Refresh the expected output under every "$ command" line of the man pages'
EXAMPLES literal blocks (see man-examples.t), by running the commands in
tests/ with bin/ first on PATH. Review the diff before committing it.
Usage: tests/update-man-examples.py PAGE..."""
import os, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
env = dict(os.environ, LC_ALL="C", TZ="UTC",
           PATH=os.environ.get("FS_BIN", os.path.join(here, "..", "bin")) + ":" + os.environ["PATH"])

def roff(line):
    line = line.replace("\\", "\\e")
    return "\\&" + line if line.startswith((".", "'")) else line

for page in sys.argv[1:]:
    out, in_ex, in_blk, skipping = [], False, False, False
    for line in open(page).read().split("\n"):
        if line.startswith(".Sh "):
            in_ex = line.split()[1] == "EXAMPLES"
        if in_ex and line.startswith(".Bd -literal"):
            in_blk = True
        elif in_blk and line.startswith(".Ed"):
            in_blk = skipping = False
        elif in_blk and line.startswith("$ "):
            cmd = line[2:].replace("\\e", "\\").replace("\\&", "")
            res = subprocess.run(["bash", "-c", cmd], cwd=here, env=env,
                                 capture_output=True, text=True)
            if res.returncode:
                sys.exit(f"{page}: '{cmd}' failed: {res.stderr}")
            out.append(line)
            out.extend(roff(l.rstrip()) for l in res.stdout.rstrip("\n").split("\n") if res.stdout)
            skipping = True
            continue
        elif skipping:
            continue
        out.append(line)
    open(page, "w").write("\n".join(out))
