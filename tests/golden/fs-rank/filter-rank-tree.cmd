fs-tree --sample | fs-rank --tree -u alice
