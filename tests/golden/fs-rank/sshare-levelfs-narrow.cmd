fs-rank -n -o User,LevelFS%5 trees/ex1.tsv | grep ' u2 '
