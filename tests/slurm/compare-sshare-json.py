#!/usr/bin/env python3
"""compare-sshare-json.py [--tolerance] OURS.json SSHARE.json

Check `fs-rank --json=sshare` against `sshare -a --json` taken at the same
moment, field by field: every association's every field, the same values
of the same JSON types (an integer is not a double), the same order;
meta.plugin and meta.slurm. Not compared, as fs-rank(1) says: tres.usage
(the tree keeps none: fs-rank writes it empty), meta.command (fs-rank's),
meta.client (who ran it) and the warnings fs-rank adds (source "fs-rank");
Slurm's own warnings must be the same.
The numbers fs-rank computes from the usage (usage_normalized,
effective_usage, fairshare.factor and fairshare.level) are compared to a
relative 1e-7 with --tolerance: a live dump keeps RawUsage to six decimals
(sshare's %.6Lf), an error of at most 5e-7 / usage relative (below 3e-8 in
the scenarios, whose usages are 19 and above), where slurmctld computes from
its long double; every other number exactly.
Prints one line per difference; exit status 0 when all agree, 1 otherwise.
"""
import json
import sys


COMPUTED = (".usage_normalized.number", ".effective_usage.number",
            ".fairshare.factor.number", ".fairshare.level.number")
TOLERANCE = 0.0


def close(ours, theirs, path):
    if not path.endswith(COMPUTED) or not TOLERANCE:
        return False
    if type(ours) is not type(theirs) or not isinstance(ours, float):
        return False
    return abs(ours - theirs) <= TOLERANCE * max(abs(ours), abs(theirs))


def walk(ours, theirs, path, out):
    if isinstance(ours, dict) and isinstance(theirs, dict):
        if list(ours) != list(theirs):
            out.append("%s: keys %s, sshare %s" % (path, list(ours), list(theirs)))
        for k in ours:
            if k in theirs:
                walk(ours[k], theirs[k], path + "." + k, out)
    elif isinstance(ours, list) and isinstance(theirs, list):
        if len(ours) != len(theirs):
            out.append("%s: %d elements, sshare %d" % (path, len(ours), len(theirs)))
        for i, (a, b) in enumerate(zip(ours, theirs)):
            walk(a, b, "%s[%d]" % (path, i), out)
    elif (type(ours) is not type(theirs) or ours != theirs) and \
            not close(ours, theirs, path):
        out.append("%s: fs-rank %r, sshare %r" % (path, ours, theirs))


def main():
    global TOLERANCE
    args = sys.argv[1:]
    if args and args[0] == "--tolerance":
        TOLERANCE = 1e-7
        args = args[1:]
    with open(args[0]) as f:
        ours = json.load(f)
    with open(args[1]) as f:
        theirs = json.load(f)
    out = []
    for doc in (ours, theirs):
        for a in doc["shares"]["shares"]:
            a["tres"].pop("usage", None)
        doc["meta"].pop("command", None)
        doc["meta"].pop("client", None)
        doc["warnings"] = [w for w in doc["warnings"]
                           if w.get("source") != "fs-rank"]
    n = len(theirs["shares"]["shares"])
    walk(ours, theirs, "", out)
    for line in out:
        print(line)
    print("%d associations compared, %d differences" % (n, len(out)))
    return 1 if out or not n else 0


if __name__ == "__main__":
    sys.exit(main())
