fs-explain u0 y1 trees/ex5.tsv
