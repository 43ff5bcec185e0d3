fs-explain uD1 uDA1 trees/ex7.tsv | sed -n "1,3p;/exactly/,/^\$/p"
