#!/usr/bin/env python3
"""Refresh the output under every "$ command" line of README.md's ```console
blocks (see readme.t), by running the commands from the top of the checkout.
Review the diff before committing it."""
import os, subprocess

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
env = dict(os.environ, LC_ALL="C", TZ="UTC")
out, block, skipping = [], False, False
for line in open(os.path.join(top, "README.md")).read().split("\n"):
    if line.startswith("```console"):
        block = True
    elif block and line.startswith("```"):
        block = skipping = False
    elif block and line.startswith("$ "):
        res = subprocess.run(["bash", "-c", line[2:]], cwd=top, env=env,
                             capture_output=True, text=True)
        if res.returncode:
            raise SystemExit(f"README.md: '{line[2:]}' failed: {res.stderr}")
        out.append(line)
        if res.stdout:
            out.extend(res.stdout.rstrip("\n").split("\n"))
        skipping = True
        continue
    elif skipping:
        continue
    out.append(line)
open(os.path.join(top, "README.md"), "w").write("\n".join(out))
