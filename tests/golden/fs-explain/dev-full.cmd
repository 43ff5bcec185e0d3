fs-explain u1 u2 trees/ex1.tsv >/dev/full
