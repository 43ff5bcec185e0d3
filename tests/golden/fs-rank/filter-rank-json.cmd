fs-tree --sample | fs-rank --json -A hep | python3 -c 'import json, sys; d = json.load(sys.stdin); [print(a["account"], a["user"], a["parent_index"], a["fairshare"]) for a in d["associations"]]'
