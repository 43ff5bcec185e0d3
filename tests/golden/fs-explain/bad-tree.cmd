printf "#fs-tsv 1\n#cluster=x\n#taken=2026-01-01T00:00:00Z\nAccount\tUser\tParent\tRawShares\n" | fs-explain u1 u2
