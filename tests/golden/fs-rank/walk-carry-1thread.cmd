FS_THREADS=1 fs-rank trees/walk-carry.tsv
