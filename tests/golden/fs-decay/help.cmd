fs-decay --help | head -3
