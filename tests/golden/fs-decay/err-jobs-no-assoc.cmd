fs-decay --jobs - --elapsed 1d trees/ex1.tsv
