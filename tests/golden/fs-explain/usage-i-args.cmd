fs-explain -i trees/ex1.tsv trees/ex2a.tsv
