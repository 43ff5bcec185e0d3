fs-rank -l -p -n trees/ex2b.tsv | grep -v "^root|"
