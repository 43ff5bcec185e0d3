fs-rank -l -p -n trees/ex5.tsv | grep -v "^root||"
