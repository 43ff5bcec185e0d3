for a in 'u1 u3' u3; do fs-explain --json $a <golden/fs-explain/json-beyond-double.in | python3 -c 'import json, sys
d = json.load(sys.stdin)
for s in [d.get("a_side"), d.get("b_side")] + d.get("path", []):
	if s: print(s["name"], s["raw_usage"], s["parent_usage"], s["effective_usage"], s["level_fs"], s["level_fs_exact"])'; done
