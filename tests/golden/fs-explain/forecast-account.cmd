fs-tree --sample | fs-explain --forecast chem physics --rate chem/grace=16 --horizon 3d
