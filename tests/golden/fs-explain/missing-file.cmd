fs-explain u1 u2 no-such-tree.tsv
