fs-tree --rest 127.0.0.1:6820
