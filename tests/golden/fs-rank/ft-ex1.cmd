fs-rank -l -p -n trees/ex1.tsv
