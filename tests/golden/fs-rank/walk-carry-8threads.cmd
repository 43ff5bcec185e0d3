FS_THREADS=8 fs-rank -l -P --ties merge trees/walk-carry.tsv
