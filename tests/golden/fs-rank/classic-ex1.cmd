fs-rank --algorithm classic -l -p -n trees/ex1.tsv
