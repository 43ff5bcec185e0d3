fs-tree --sample | fs-explain zed bob
