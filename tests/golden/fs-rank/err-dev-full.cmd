fs-rank trees/ex1.tsv > /dev/full
