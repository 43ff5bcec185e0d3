fs-rank -l -p -n trees/ex3.tsv | grep -v "^root||"
