fs-decay --jobs jobs.txt trees/ex1.tsv
