printf '#fs-tsv 1\n#taken=2026-11-20T08:00:00Z\nAccount\tUser\tParent\tRawShares\tRawUsage\nroot\t\t\t\t\n#end\0\n' | fs-decay --elapsed 1d
