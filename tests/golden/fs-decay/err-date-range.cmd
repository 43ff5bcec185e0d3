# a date out of the range a tree holds (0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z) is named with the bound it passes: the target before year 0, the start (--from) before year 0 and after 9999
for a in "--to now-999999days" "--from now-999999days --to 2026-12-01" "--from now+3650000days --elapsed 1d"; do fs-tree --sample | fs-decay $a; echo "status ${PIPESTATUS[1]}"; done 2>&1
