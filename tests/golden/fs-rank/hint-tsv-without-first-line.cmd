fs-tree --sample | grep -v '^#' | fs-rank
