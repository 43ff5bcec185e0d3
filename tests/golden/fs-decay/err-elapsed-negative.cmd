fs-decay --elapsed -3d trees/ex1.tsv
