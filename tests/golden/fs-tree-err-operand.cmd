fs-tree extra
