fs-rank -l -p -n trees/ex6.tsv | grep "|u[ab]|"
