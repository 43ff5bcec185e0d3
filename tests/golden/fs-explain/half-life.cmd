sed "s/^#cluster=test/#half_life=3600/" trees/ex1.tsv | fs-explain u2 u1 | grep -A1 Waiting
