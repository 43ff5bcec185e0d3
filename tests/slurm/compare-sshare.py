#!/usr/bin/env python3
"""compare-sshare.py TREE.tsv SSHARE.txt

Check a live fs-tree dump against `sshare -a -l -P` output taken at the same
moment (no job running, after a priority pass), column by column, with the
display rules of sshare 22.05 (docs/slurm.md §6):
  RawUsage     sshare truncates the long double to an integer;
  NormShares, NormUsage, EffectvUsage, FairShare, LevelFS
               printf("%f"); blank for NO_VAL; LevelFS blank on
               FairShare=parent rows; FairShare blank on accounts (Fair Tree)
               and computed by the sshare client under classic (not checked);
  RawShares    blank for the root in sshare;
  GrpTRESMins, TRESRunMins  compared as text.
Also checks that both list the same associations. Prints one line per
mismatch; exit status 0 when all agree, 1 otherwise.
"""
import math
import sys


def read_tree(path):
    meta, header, rows = {}, None, []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                if "=" in line:
                    k, v = line[1:].split("=", 1)
                    meta[k] = v
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
            else:
                rows.append(dict(zip(header, cells)))
    return meta, rows


def read_sshare(path):
    rows = []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("|")
        for line in f:
            cells = line.rstrip("\n").split("|")
            r = dict(zip(header, cells))
            r["Account"] = r["Account"].strip()
            rows.append(r)
    return header, rows


def fmt_f(text):
    """sshare's %f of the value we hold (given as round-trip text)."""
    if text == "":
        return ""
    v = float(text)
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return "%f" % v


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    meta, tree = read_tree(sys.argv[1])
    header, share = read_sshare(sys.argv[2])
    fairtree = meta.get("algorithm") == "fairtree"
    bad = 0

    def err(msg):
        nonlocal bad
        bad += 1
        print(msg)

    if "Partition" not in header:
        # sshare without -m: partition associations cannot be told apart.
        skipped = [r for r in tree if r.get("Partition", "")]
        if skipped:
            print("note: %d partition associations not compared (sshare "
                  "was run without -m)" % len(skipped))
        tree = [r for r in tree if not r.get("Partition", "")]
    ours = {(r["Account"], r["User"], r.get("Partition", "")): r for r in tree}
    theirs = {(r["Account"], r["User"], r.get("Partition", "")): r
              for r in share}
    for k in sorted(set(ours) ^ set(theirs)):
        err("%s: only in %s" % ("/".join(k),
                                "the tree" if k in ours else "sshare"))
    order_ours = [k for k in ((r["Account"], r["User"],
                               r.get("Partition", "")) for r in tree)
                  if k in theirs]
    order_theirs = [k for k in ((r["Account"], r["User"],
                                 r.get("Partition", "")) for r in share)
                    if k in ours]
    if order_ours != order_theirs:
        print("note: row order differs from sshare's (the controller's "
              "list order)")
    checked = 0
    for k in sorted(set(ours) & set(theirs)):
        o, s = ours[k], theirs[k]
        name = "/".join(x for x in k if x) or "root"
        is_root = o["Parent"] == "" and o["User"] == ""
        is_user = o["User"] != ""

        def same(col, want, got):
            if want != got:
                err("%s: %s: tree gives '%s', sshare '%s'"
                    % (name, col, want, got))

        if "RawShares" in s and not is_root:
            same("RawShares", o["RawShares"], s["RawShares"])
        if "RawUsage" in s:
            same("RawUsage", str(int(float(o["RawUsage"]))), s["RawUsage"])
        if "NormShares" in s:
            same("NormShares", fmt_f(o["SlurmNormShares"]), s["NormShares"])
        # Under classic/depth-oblivious slurmctld computes a user's usage
        # only when asked (sshare asks, the dump does not): a blank in the
        # tree is then no disagreement.
        on_demand = not fairtree and is_user
        if "NormUsage" in s and not (on_demand and o["SlurmNormUsage"] == ""):
            same("NormUsage", fmt_f(o["SlurmNormUsage"]), s["NormUsage"])
        if "EffectvUsage" in s and not (on_demand and
                                        o["SlurmEffectvUsage"] == ""):
            same("EffectvUsage", fmt_f(o["SlurmEffectvUsage"]),
                 s["EffectvUsage"])
        if "FairShare" in s and fairtree:
            same("FairShare",
                 fmt_f(o["SlurmFairShare"]) if is_user else "",
                 s["FairShare"])
        if "LevelFS" in s:
            same("LevelFS", "" if o["RawShares"] == "parent"
                 else fmt_f(o["SlurmLevelFS"]), s["LevelFS"])
        for col in ("GrpTRESMins", "TRESRunMins"):
            if col in s:
                same(col, o[col], s[col])
        checked += 1
    print("%d associations compared, %d mismatches" % (checked, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
