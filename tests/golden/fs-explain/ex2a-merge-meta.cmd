fs-rank --ties merge trees/ex2a.tsv | fs-explain uB2 uA3 | sed -n "1,3p;/compares/,/^\$/p"
