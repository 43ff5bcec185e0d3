fs-decay --from 2026-11-25T08:00+25:00 --elapsed 1d trees/ex1.tsv
