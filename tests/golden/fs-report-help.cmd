fs-report --help
