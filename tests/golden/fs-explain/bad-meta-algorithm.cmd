sed "s/^#cluster=test/#algorithm=fastest/" trees/ex1.tsv | fs-explain u1 u2
