sed "s/^#cluster=test/#dampening=0/" trees/ex1.tsv | fs-explain u1 u2
