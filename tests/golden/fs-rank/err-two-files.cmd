fs-rank a b
