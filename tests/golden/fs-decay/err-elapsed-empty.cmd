fs-decay --elapsed '' trees/ex1.tsv
