fs-rank --algorithm classic trees/ex1.tsv | fs-explain u3 u5 | sed -n "1,3p;/^Under/,/^\$/p"
