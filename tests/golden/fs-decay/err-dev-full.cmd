fs-decay --elapsed 1d trees/ex1.tsv > /dev/full
