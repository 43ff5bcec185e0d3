sed "s/^#cluster=test/#half_life=soon/" trees/ex1.tsv | fs-explain u1 u2
