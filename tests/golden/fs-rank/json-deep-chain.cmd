awk 'BEGIN { OFS = "\t"; print "#fs-tsv 1"; print "#cluster=c"; print "#taken=2026-11-20T08:00:00Z"; print "Account", "User", "Parent", "RawShares", "RawUsage"; print "root", "", "", "", ""; p = "root"; for (i = 1; i <= 8000; i++) { print "a" i, "", p, 1 + i % 3, ""; p = "a" i }; print p, "u1", p, 1, 5; print "root", "u2", "root", 1, 3 }' | fs-rank --json | python3 -c 'import json, sys
text = sys.stdin.buffer.read()
print("under 4 MB:", len(text) < 4 << 20)
rows = json.loads(text)["associations"]
def up(r):
	p = []
	while r is not None:
		p.append(rows[r]["account"]); r = rows[r]["parent_index"]
	return p[::-1]
full = [up(i if r["kind"] == "account" else r["parent_index"]) for i, r in enumerate(rows)]
print("rows", len(rows), "with a path", sum(r["path"] is not None for r in rows), "longest", max(len(r["path"]) for r in rows if r["path"]))
print("paths agree with parent_index:", all(r["path"] in (None, f) for r, f in zip(rows, full)))
print("null exactly beyond 64:", all((r["path"] is None) == (len(f) > 64) for r, f in zip(rows, full)))'
