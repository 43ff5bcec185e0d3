fs-rank -o Account,Bogus trees/ex1.tsv
