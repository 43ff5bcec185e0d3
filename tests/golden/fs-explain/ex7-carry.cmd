fs-explain uGA1 uG1 trees/ex7.tsv
