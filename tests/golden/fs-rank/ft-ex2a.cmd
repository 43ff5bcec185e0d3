fs-rank -l -p -n trees/ex2a.tsv
