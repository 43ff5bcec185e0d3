fs-rank --ties merge trees/walk-carry.tsv
