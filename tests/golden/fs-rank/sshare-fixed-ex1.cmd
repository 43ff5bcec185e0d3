fs-rank -l trees/ex1.tsv | awk 'NR<=4 || / u3 /'
