fs-explain subY/y2 trees/ex5.tsv
