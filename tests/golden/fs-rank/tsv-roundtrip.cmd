fs-rank < trees/ex7.tsv | fs-rank -l -P -n | diff - <(fs-rank -l -P -n trees/ex7.tsv) && echo same
