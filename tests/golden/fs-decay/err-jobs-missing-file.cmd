fs-decay --jobs nosuchjobs.txt --elapsed 1d trees/ex1.tsv
