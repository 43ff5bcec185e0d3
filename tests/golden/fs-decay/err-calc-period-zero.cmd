fs-decay --jobs jobs.txt --elapsed 1d --calc-period 0s trees/ex1.tsv
