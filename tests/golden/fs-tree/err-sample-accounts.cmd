fs-tree --sample -A x
