fs-explain --help
