fs-explain a b c d
