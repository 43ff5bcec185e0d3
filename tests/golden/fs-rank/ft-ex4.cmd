fs-rank -l -p -n trees/ex4.tsv | grep -v "^root||"
