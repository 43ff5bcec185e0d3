sed "s/^#cluster=test/#ties=random/" trees/ex1.tsv | fs-explain u1 u2
