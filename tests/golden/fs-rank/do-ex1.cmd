fs-rank --algorithm depth-oblivious -l -p -n trees/ex1.tsv
