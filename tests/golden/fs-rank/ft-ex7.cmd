fs-rank -l -p -n trees/ex7.tsv
