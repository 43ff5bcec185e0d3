fs-rank trees/walk-carry.tsv
