fs-explain uY1 uY3 trees/ex3.tsv
